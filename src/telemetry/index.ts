// Tracing for library users and the manager: `createTelemetry()` loads the OpenTelemetry side
// (spans.ts, and through it `@opentelemetry/api`) with import(), so an application that never asks
// for tracing never loads either. What it resolves to is given to a Client or a Manager.
import { McpBridgeError } from '../../protocol/index.js';
import type { RequestTelemetry } from '../session/observer.js';

export type { ObservedPeer, ObservedRequest, RequestObserver, RequestTelemetry } from '../session/observer.js';

/** Any object with an OpenTelemetry `Tracer`'s `startSpan` (typed loosely so the API's types are not needed to compile). */
export interface TracerLike {
  startSpan(name: string, options?: object, context?: unknown): unknown;
}

/** Options of {@link createTelemetry}. */
export interface TelemetryOptions {
  /**
   * The tracer that starts the spans. @defaultValue `trace.getTracer('mcp-bridge', version)` of the
   * globally registered tracer provider, looked up when the first span starts
   */
  tracer?: TracerLike;
  /**
   * Also record `mcp.session.id` (the Streamable HTTP session id). Off by default: mcp-bridge treats
   * the session id as a secret and keeps it out of every output. @defaultValue false
   */
  recordSessionId?: boolean;
}

/**
 * Loads OpenTelemetry tracing for MCP requests: every request a client sends gets a CLIENT span
 * named `{method} {tool or prompt}` with the attributes of the OpenTelemetry semantic conventions for
 * MCP, and its W3C trace context goes to the server in `params._meta` (`traceparent`, `tracestate`).
 * The span's parent is the span active where the request is made. Needs `@opentelemetry/api`
 * (an optional peer dependency) and, to export anything, an OpenTelemetry SDK set up by you.
 * @example
 * const telemetry = await createTelemetry();
 * const manager = new Manager(config, { registry, clientOptions: { telemetry } });
 * @throws McpBridgeError `MCPB_TELEMETRY_UNAVAILABLE` when `@opentelemetry/api` cannot be loaded.
 */
export async function createTelemetry(options: TelemetryOptions = {}): Promise<RequestTelemetry> {
  let spans: typeof import('./spans.js');
  try {
    spans = await import('./spans.js');
  } catch (error) {
    throw new McpBridgeError(
      'MCPB_TELEMETRY_UNAVAILABLE',
      'tracing is enabled but the package @opentelemetry/api cannot be loaded',
      {
        hint: 'install it beside mcp-bridge (npm i @opentelemetry/api) or turn telemetry off',
      },
      { cause: error },
    );
  }
  return spans.spanTelemetry({ tracer: options.tracer, recordSessionId: options.recordSessionId === true });
}
