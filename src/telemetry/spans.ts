// The doorway to `@opentelemetry/api` (an optional peer dependency): the only file that imports it,
// itself loaded with import() only when tracing is enabled. One CLIENT span per request, named and
// attributed as the OpenTelemetry semantic conventions for MCP say (see attributes.ts), and the
// span's W3C trace context written into `params._meta` (`traceparent`, `tracestate`, and `baggage`
// when a propagator sets it), the keys the MCP specification reserves for it (JSONRPC-12, SEP-414)
// and where the conventions' "Context propagation" section puts it: the same on stdio and HTTP.
import { context, isSpanContextValid, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { JsonObject, RequestId } from '../../protocol/index.js';
import type { ObservedPeer, ObservedRequest, RequestObserver, RequestTelemetry } from '../session/observer.js';
import { LIBRARY_NAME, LIBRARY_VERSION } from '../version.js';
import { failureOf, requestAttributes, spanName, type AttributeOptions } from './attributes.js';

/** What the span side needs: a tracer (the global provider's by default) and the attribute options. */
export interface SpanSettings extends AttributeOptions {
  tracer?: unknown;
}

/** The `_meta` keys the MCP specification reserves, unprefixed, for W3C Trace Context and Baggage. */
const CONTEXT_KEYS = ['traceparent', 'tracestate', 'baggage'] as const;

/** Request tracing on the OpenTelemetry API. */
export function spanTelemetry(settings: SpanSettings): RequestTelemetry {
  // The tracer is resolved when spans start, so a provider registered after createTelemetry() still counts.
  const given = settings.tracer as Tracer | undefined;
  let fallback: Tracer | undefined;
  const tracer = (): Tracer => given ?? (fallback ??= trace.getTracer(LIBRARY_NAME, LIBRARY_VERSION));
  return {
    observer(peer: ObservedPeer): RequestObserver {
      return {
        open(id, method, params) {
          try {
            return openSpan(tracer(), peer, settings, id, method, params);
          } catch {
            // Tracing must never fail a request: an exporter or tracer bug costs the span only.
            return { params, end: () => {} };
          }
        },
      };
    },
  };
}

function openSpan(tracer: Tracer, peer: ObservedPeer, settings: SpanSettings, id: RequestId, method: string, params: JsonObject | undefined): ObservedRequest {
  // The span's parent is whatever span is active where the request was made (an agent's tool step).
  const parent = context.active();
  const span = tracer.startSpan(spanName(method, params), { kind: SpanKind.CLIENT, attributes: requestAttributes(id, method, params, peer, settings) }, parent);
  return {
    params: withTraceContext(params, trace.setSpan(parent, span), span),
    end: (error, result) => finish(span, peer, error, result),
  };
}

function finish(span: Span, peer: ObservedPeer, error: unknown, result: unknown): void {
  try {
    const failure = failureOf(error, result, (text) => peer.redact(text));
    if (failure) {
      span.setAttribute('error.type', failure.type);
      if (failure.statusCode !== undefined) span.setAttribute('rpc.response.status_code', failure.statusCode);
      span.setStatus({ code: SpanStatusCode.ERROR, message: failure.description });
    }
    span.end();
  } catch {
    // As in open(): never let tracing reach the caller.
  }
}

// The user's propagators write the carrier (so baggage rides along when they propagate it); only the
// reserved keys are kept. Without a registered W3C propagator the span context is written directly,
// so a server always receives the `traceparent` of the span that covers its request.
function withTraceContext(params: JsonObject | undefined, ctx: Context, span: Span): JsonObject | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  const picked: Record<string, string> = {};
  for (const key of CONTEXT_KEYS) if (typeof carrier[key] === 'string') picked[key] = carrier[key];
  const sc = span.spanContext();
  if (picked.traceparent === undefined && isSpanContextValid(sc)) {
    picked.traceparent = `00-${sc.traceId}-${sc.spanId}-${(sc.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
    const state = sc.traceState?.serialize();
    if (state) picked.tracestate = state;
  }
  if (picked.traceparent === undefined) return params;
  const meta = params?._meta;
  return { ...params, _meta: { ...(typeof meta === 'object' && meta !== null ? meta : {}), ...picked } };
}
