// Every request a client sends gets one CLIENT span as the OpenTelemetry semantic conventions for MCP
// describe it (name `{mcp.method.name} {target}`, kind CLIENT, mcp.method.name, jsonrpc.request.id,
// gen_ai.tool.name / gen_ai.prompt.name, gen_ai.operation.name = execute_tool for tools/call,
// mcp.protocol.version, network.transport, error.type and status on failure), parented to the
// span active where the call was made; and a real server (the official SDK's McpServer) receives
// that span's W3C trace context in `params._meta` (JSONRPC-12), over stdio and Streamable HTTP.
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { propagation, SpanKind, SpanStatusCode, trace, type TextMapPropagator } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { connect, createTelemetry, McpError, type Client } from '../../src/index.js';
import { v2Stdio } from '../helpers/v2-server.js';
import { inMemoryTracing, startTraceMetaHttp, traceMetaStdio, traceparentOf, underSpan } from './helpers.js';

const tracing = inMemoryTracing();
afterEach(() => tracing.exporter.reset());

function only(name: string): ReadableSpan {
  const found = tracing.spans().filter((s) => s.name === name);
  assert.equal(
    found.length,
    1,
    `one span named "${name}" among ${tracing
      .spans()
      .map((s) => s.name)
      .join(', ')}`,
  );
  return found[0]!;
}

/** The `_meta` the server's tool saw, as it answered it. */
async function metaSeenByTool(client: Client): Promise<Record<string, unknown>> {
  const result = await client.callTool('meta', {});
  const first = result.content[0];
  assert.ok(first?.type === 'text');
  return JSON.parse(first.text) as Record<string, unknown>;
}

function checkToolCall(span: ReadableSpan, parentSpanId: string, seen: Record<string, unknown>, transport: string, version: string | undefined): void {
  assert.equal(span.kind, SpanKind.CLIENT);
  assert.equal(span.parentSpanContext?.spanId, parentSpanId, 'the span active at the call is the parent');
  assert.equal(span.attributes['mcp.method.name'], 'tools/call');
  assert.equal(span.attributes['gen_ai.tool.name'], 'meta');
  assert.equal(span.attributes['gen_ai.operation.name'], 'execute_tool');
  assert.match(String(span.attributes['jsonrpc.request.id']), /^\d+$/);
  assert.equal(typeof span.attributes['jsonrpc.request.id'], 'string', 'the id is recorded as a string');
  assert.equal(span.attributes['mcp.protocol.version'], version);
  assert.equal(span.attributes['network.transport'], transport);
  assert.equal(span.status.code, SpanStatusCode.UNSET);
  assert.ok(!('error.type' in span.attributes));
  // JSONRPC-12: the server received the trace context of this very span.
  assert.equal(seen.traceparent, traceparentOf(span));
}

describe('OpenTelemetry client spans over stdio (official SDK server)', () => {
  let client: Client;
  before(async () => {
    const telemetry = await createTelemetry({ tracer: tracing.provider.getTracer('mcp-bridge-test') });
    client = await connect({ ...traceMetaStdio(), telemetry });
  });
  after(() => client?.close());

  it('a tools/call span per call, child of the active span; the server gets its traceparent (JSONRPC-12)', async () => {
    let parentId = '';
    const seen = await underSpan(tracing.provider, 'agent step', (agent) => {
      parentId = agent.spanContext().spanId;
      return metaSeenByTool(client);
    });
    const span = only('tools/call meta');
    checkToolCall(span, parentId, seen, 'pipe', client.protocolVersion);
    assert.equal(span.spanContext().traceId, only('agent step').spanContext().traceId);
    assert.ok(!('network.protocol.name' in span.attributes) && !('server.address' in span.attributes), 'stdio has no address');
  });

  it('every request gets a span, not only tools/call: tools/list, prompts/get {name}, ping', async () => {
    await client.listTools();
    const prompt = await client.getPrompt('meta');
    await client.ping();
    const list = only('tools/list');
    assert.equal(list.kind, SpanKind.CLIENT);
    assert.equal(list.attributes['mcp.method.name'], 'tools/list');
    assert.ok(!('gen_ai.operation.name' in list.attributes), 'execute_tool is for tool calls only');
    const get = only('prompts/get meta');
    assert.equal(get.attributes['gen_ai.prompt.name'], 'meta');
    const text = prompt.messages[0]!.content;
    assert.ok(text.type === 'text');
    assert.equal((JSON.parse(text.text) as { traceparent?: string }).traceparent, traceparentOf(get));
    assert.equal(only('ping').attributes['mcp.method.name'], 'ping');
    // Distinct requests, distinct ids.
    const ids = tracing.spans().map((s) => s.attributes['jsonrpc.request.id']);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('a JSON-RPC error ends the span with error.type and rpc.response.status_code = the code, status ERROR with the message', async () => {
    await assert.rejects(client.getPrompt('nope'), (e: unknown) => e instanceof McpError && e.code === -32602);
    const span = only('prompts/get nope');
    assert.equal(span.attributes['error.type'], '-32602');
    assert.equal(span.attributes['rpc.response.status_code'], '-32602');
    assert.equal(span.status.code, SpanStatusCode.ERROR);
    assert.match(span.status.message ?? '', /Prompt nope not found/);
  });

  it('a tool result with isError ends the span with error.type tool_error', async () => {
    const result = await client.callTool('broken', {});
    assert.equal(result.isError, true);
    const span = only('tools/call broken');
    assert.equal(span.attributes['error.type'], 'tool_error');
    assert.equal(span.status.code, SpanStatusCode.ERROR);
    assert.ok(!('rpc.response.status_code' in span.attributes), 'no JSON-RPC error code came back');
  });

  it("the request's own _meta is kept beside the trace context (a copy: the caller's object is untouched)", async () => {
    const meta = { 'com.example/tag': 'kept' };
    const result = await client.callTool('meta', {}, { meta });
    const first = result.content[0];
    assert.ok(first?.type === 'text');
    const seen = JSON.parse(first.text) as Record<string, unknown>;
    assert.equal(seen['com.example/tag'], 'kept');
    assert.equal(seen.traceparent, traceparentOf(only('tools/call meta')));
    assert.deepEqual(meta, { 'com.example/tag': 'kept' });
  });

  it("a registered propagator writes the carrier: baggage rides along, keys other than the spec's reserved ones do not", async () => {
    // A stand-in for the SDK's composite W3C propagators, plus a vendor header that has no place in _meta.
    const propagator: TextMapPropagator = {
      inject(ctx, carrier, setter) {
        const sc = trace.getSpanContext(ctx)!;
        setter.set(carrier, 'traceparent', `00-${sc.traceId}-${sc.spanId}-01`);
        setter.set(carrier, 'baggage', 'tenant=acme');
        setter.set(carrier, 'x-vendor-trace', 'nope');
      },
      extract: (ctx) => ctx,
      fields: () => ['traceparent', 'baggage', 'x-vendor-trace'],
    };
    propagation.setGlobalPropagator(propagator);
    try {
      const seen = await metaSeenByTool(client);
      assert.equal(seen.traceparent, traceparentOf(only('tools/call meta')));
      assert.equal(seen.baggage, 'tenant=acme');
      assert.ok(!('x-vendor-trace' in seen));
    } finally {
      propagation.disable();
    }
  });

  it('the initialize span carries the proposed protocol version', async () => {
    const telemetry = await createTelemetry({ tracer: tracing.provider.getTracer('mcp-bridge-test') });
    const second = await connect({ ...traceMetaStdio(), telemetry, era: 'legacy' });
    try {
      const init = only('initialize');
      assert.equal(init.kind, SpanKind.CLIENT);
      assert.equal(init.attributes['mcp.method.name'], 'initialize');
      assert.equal(init.attributes['jsonrpc.request.id'], '1');
      assert.equal(typeof init.attributes['mcp.protocol.version'], 'string');
    } finally {
      await second.close();
    }
  });
});

describe('OpenTelemetry client spans over Streamable HTTP (official SDK server)', () => {
  let server: Awaited<ReturnType<typeof startTraceMetaHttp>>;
  before(async () => {
    server = await startTraceMetaHttp();
  });
  after(() => server?.close());

  it('the server gets the traceparent of the tools/call span; tcp, http, server.address and port; no session id unless asked', async () => {
    const telemetry = await createTelemetry({ tracer: tracing.provider.getTracer('mcp-bridge-test') });
    const client = await connect({ url: server.url, telemetry });
    try {
      let parentId = '';
      const seen = await underSpan(tracing.provider, 'agent step', (agent) => {
        parentId = agent.spanContext().spanId;
        return metaSeenByTool(client);
      });
      const span = only('tools/call meta');
      checkToolCall(span, parentId, seen, 'tcp', client.protocolVersion);
      assert.equal(span.attributes['network.protocol.name'], 'http');
      assert.equal(span.attributes['server.address'], '127.0.0.1');
      assert.equal(span.attributes['server.port'], Number(new URL(server.url).port));
      assert.ok(!('mcp.session.id' in span.attributes), 'the session id is a secret unless recordSessionId');
    } finally {
      await client.close();
    }
  });

  it('recordSessionId: mcp.session.id is the session the server assigned', async () => {
    const telemetry = await createTelemetry({ tracer: tracing.provider.getTracer('mcp-bridge-test'), recordSessionId: true });
    const client = await connect({ url: server.url, telemetry });
    try {
      await client.callTool('meta', {});
      assert.match(String(only('tools/call meta').attributes['mcp.session.id']), /^[0-9a-f-]{36}$/);
    } finally {
      await client.close();
    }
  });
});

describe('OpenTelemetry client spans: the 2026 era and a failing tracer', () => {
  it('a 2026-07-28 server (SDK v2, modern only) takes the trace context beside the _meta envelope (META-1, JSONRPC-12)', async () => {
    const telemetry = await createTelemetry({ tracer: tracing.provider.getTracer('mcp-bridge-test') });
    const client = await connect({ ...v2Stdio({ reject: true }), telemetry });
    try {
      const result = await client.callTool('echo', { text: 'hi' });
      assert.ok(!result.isError, JSON.stringify(result));
      const span = only('tools/call echo');
      assert.equal(span.attributes['mcp.protocol.version'], '2026-07-28');
      assert.equal(span.attributes['gen_ai.tool.name'], 'echo');
    } finally {
      await client.close();
    }
  });

  it('a tracer that throws costs the span, never the request', async () => {
    const telemetry = await createTelemetry({
      tracer: {
        startSpan() {
          throw new Error('exporter on fire');
        },
      },
    });
    const client = await connect({ ...traceMetaStdio(), telemetry });
    try {
      const seen = await metaSeenByTool(client);
      assert.ok(!('traceparent' in (seen ?? {})), 'no span, no trace context');
    } finally {
      await client.close();
    }
  });
});
