// The OpenTelemetry SDK side of the telemetry tests: an in-memory exporter behind a tracer provider,
// async-hooks context (so a span active around an await is the parent of the requests made there),
// and the trace-meta server (test/faults/servers/trace-meta.mjs, on the official SDK) over stdio or HTTP.
import { spawn } from 'node:child_process';
import { context, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { fixtureServer, type ServerLaunch } from '../helpers/servers.js';

/** One provider and exporter per test file; `reset()` between tests. */
export function inMemoryTracing(): { provider: BasicTracerProvider; exporter: InMemorySpanExporter; spans(): ReadableSpan[] } {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  return { provider, exporter, spans: () => exporter.getFinishedSpans() };
}

/** Runs `fn` with a fresh span of `provider` active, and ends the span after. */
export async function underSpan<T>(provider: BasicTracerProvider, name: string, fn: (span: Span) => Promise<T>): Promise<T> {
  const span = provider.getTracer('test').startSpan(name);
  try {
    return await context.with(trace.setSpan(context.active(), span), () => fn(span));
  } finally {
    span.end();
  }
}

/** The W3C `traceparent` of a finished span (version 00, its trace and span ids, its flags). */
export function traceparentOf(span: ReadableSpan): string {
  const sc = span.spanContext();
  return `00-${sc.traceId}-${sc.spanId}-${sc.traceFlags.toString(16).padStart(2, '0')}`;
}

/** The stdio launch of the trace-meta server. */
export function traceMetaStdio(): ServerLaunch {
  return fixtureServer('trace-meta', { args: ['stdio'] });
}

/** Starts the trace-meta server over Streamable HTTP on 127.0.0.1. */
export async function startTraceMetaHttp(): Promise<{ url: string; close(): Promise<void> }> {
  const launch = fixtureServer('trace-meta', { args: ['http'] });
  const child = spawn(launch.command, launch.args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`trace-meta HTTP server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
