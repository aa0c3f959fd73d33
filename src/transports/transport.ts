// The Transport contract: moves whole messages, never sees request ids (STYLE 3.2). Stdio, Streamable
// HTTP, legacy SSE, the conformance replayer and the in-memory test pair all implement it.
import type { Emitter, McpBridgeError } from '../../protocol/index.js';
import type { JsonRpcMessage } from '../../protocol/index.js';
import type { Redact } from '../../protocol/redact.js';
import type { TransportCloseInfo } from '../errors/close-info.js';

// Lives with the errors that carry it (ConnectionClosedError), so errors import nothing from above.
export type { TransportCloseInfo } from '../errors/close-info.js';

/** Events every transport emits. */
export interface TransportEvents {
  /** One parsed JSON value from the peer (a message, or a batch array in 2025-03-26); the session classifies it. */
  message: unknown;
  /** A non-fatal problem: a line that was not JSON, an oversized message, a dropped stream being resumed. */
  error: McpBridgeError;
  /** The transport is finished; emitted exactly once. */
  close: TransportCloseInfo;
  /** One line of the server's stderr (stdio only). */
  stderr: string;
  /** Messages handed to {@link Transport.fire} whose delivery failed later; the session fails the requests among them. */
  undelivered: { error: unknown; messages: readonly JsonRpcMessage[] };
}

/** Per-send options. */
export interface SendOptions {
  /** Aborts delivery (HTTP: the POST and its response stream). */
  signal?: AbortSignal;
  /** For a request: the request's id, so an HTTP transport can resume its response stream. */
  requestId?: string | number;
  /** Extra HTTP headers for this one POST (2026 `Mcp-Param-*`); stdio ignores them. */
  headers?: Record<string, string>;
  /**
   * For a request: milliseconds until it times out. An HTTP transport retries a 429 once when its
   * `Retry-After` ends within that time. Absent: no retry.
   */
  timeLeftMs?: number;
}

/** A bidirectional message channel to one MCP server. */
export interface Transport {
  /** `stdio`, `streamable-http`, `sse`, or another name for test transports. */
  readonly kind: string;
  /** Subscribe with `transport.events.on('message', fn)`; each `on` returns an unsubscribe. */
  readonly events: Emitter<TransportEvents>;
  /** Opens the channel (spawns the process, or prepares the HTTP client). Rejects with a typed error. */
  start(): Promise<void>;
  /**
   * Delivers one message. Resolves when it is written (stdio, respecting backpressure) or accepted
   * (HTTP). Rejects with a typed error when it cannot be delivered; the session then fails the request.
   */
  send(message: JsonRpcMessage, options?: SendOptions): Promise<void>;
  /**
   * Optional: {@link Transport.send} without a promise, for the hot path of a request that has no
   * headers. Throws at once what `send` would reject with at once (closed, not encodable); a
   * delivery that fails later is reported by an `undelivered` event carrying the message. The
   * session uses it when present, `send` otherwise. `alone` says that no other request of the
   * session awaits an answer, so there is nothing to batch with: the transport may write at once
   * instead of waiting for the other messages of this event-loop turn. `signal`: a message not yet
   * handed to the OS when it aborts should be withdrawn (the session fails the request itself).
   * `timeLeftMs`: as {@link SendOptions.timeLeftMs}, milliseconds until the request times out (HTTP
   * retries a 429 once within it); absent, no retry.
   */
  fire?(message: JsonRpcMessage, alone?: boolean, signal?: AbortSignal, timeLeftMs?: number): void;
  /** Graceful, idempotent shutdown within a bound; every later send rejects. Emits `close` once. */
  close(): Promise<void>;
  /**
   * Told once the handshake (or discovery) agreed a version: HTTP sends it as a header (HTTP-7),
   * and a 2026-07-28 version switches it to the stateless mode (no session, GET stream, DELETE or
   * resumption; standard headers on every POST).
   */
  setProtocolVersion?(version: string | undefined): void;
  /**
   * Optional, read by the session inside its `message` listener: true while the value being delivered
   * was parsed from a text too short to nest past `MAX_MESSAGE_DEPTH` (`MAX_SHALLOW_TEXT_LENGTH`
   * characters or fewer), so the session does not walk its depth. A transport that does not know
   * leaves it undefined, and every value it delivers is walked.
   */
  readonly deliveringShallow?: boolean;
  /** HTTP: the session id the server assigned, if any (a secret: never logged; tracing records it only when told to). */
  readonly currentSessionId?: string;
  /** Process id of the server (stdio), for status and diagnostics. */
  readonly pid?: number;
  /** What this transport reaches, safe to print: the command line (stdio) or the URL without secrets (HTTP). */
  readonly target?: string;
  /** The last lines the server wrote to stderr so far (stdio), for error context, secrets masked. */
  readonly stderrTail?: string;
  /** Masks the secrets this transport was configured with (env, headers, secret arguments, `secrets`). */
  readonly redact?: Redact;
  /**
   * HTTP with an auth handler: the handler's own request still in flight (an OAuth discovery URL),
   * so a start that runs out of time there names the URL that hung instead of blaming the server.
   */
  authStall?(): { step: string; url: string } | undefined;
  /**
   * Optional: the peer's side has ended on its own (stdio: the process exited, closed its stdout, or
   * its stdin broke) and `close` is on its way with the exit code and stderr. A write that failed now
   * is better explained by that close than by the write error (EPIPE), so the session waits for it.
   */
  readonly ending?: boolean;
}
