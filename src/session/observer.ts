// The seam tracing plugs into: an optional observer a session tells of every request it sends and
// of how each ended. A session without one pays a single property check per request; the
// OpenTelemetry implementation (src/telemetry/) is loaded only when tracing is enabled.
import type { JsonObject, RequestId } from '../../protocol/index.js';

/** One observed request: the params to send in place of the given ones, and where its outcome goes. */
export interface ObservedRequest {
  /** The params to write (the given ones, or a copy with `_meta` entries added: never a mutation). */
  readonly params: JsonObject | undefined;
  /** Told once, when the request settles: `error` when it failed, else the result. */
  end(error: unknown, result?: unknown): void;
}

/** Told of each request a session sends, just before it is written. */
export interface RequestObserver {
  /** Must not throw: it runs on every request's path. */
  open(id: RequestId, method: string, params: JsonObject | undefined): ObservedRequest;
}

/** What an observer may read of the connection a session belongs to; getters, read at each request. */
export interface ObservedPeer {
  /** The configured server name. */
  readonly serverName?: string;
  /** The transport's kind (`stdio`, `streamable-http`, `sse`...). */
  readonly transport: string;
  /** Where the transport reaches, safe to print (the command line or the URL without secrets). */
  readonly target?: string;
  /** The agreed protocol version, once known. */
  readonly protocolVersion?: string;
  /** The HTTP session id, once assigned (a secret to most: an observer records it only if told to). */
  readonly sessionId?: string;
  /** Masks the connection's configured secrets in text a peer sent (an error message). */
  redact(text: string): string;
}

/** Makes one {@link RequestObserver} per connection: what a client is given to trace its requests. */
export interface RequestTelemetry {
  observer(peer: ObservedPeer): RequestObserver;
}
