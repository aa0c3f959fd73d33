// The options of the HTTP gateway and what it returns, and the stream policy a session gets from them.
import type { Logger } from '../log.js';
import type { ServeConnection } from './connection.js';
import type { Gateway } from './gateway.js';
import type { ListenAddress } from './http-guard.js';
import type { ReplayLimits, StreamPolicy } from './http-streams.js';

export interface HttpServeOptions {
  /** The gateway of the plain endpoint (no name) or of a profile's. */
  gateway: (profile: string | undefined) => Gateway;
  /** Profile names served at `/mcp/NAME`. */
  profiles?: readonly string[];
  listen: ListenAddress;
  /** Bearer token every request must carry; required for a non-loopback bind. */
  token?: string;
  /** A session without requests or streams for this long is ended. @defaultValue 1800000 (30 min) */
  sessionIdleMs?: number;
  /** Largest POST body. @defaultValue 16 MiB */
  maxBodyBytes?: number;
  /** What a session keeps of its SSE streams for replay after `Last-Event-ID`. */
  replay?: Partial<ReplayLimits>;
  /**
   * SSE polling for 2025-11-25 sessions: a stream's connection is closed after this long (the
   * stream goes on) and the client resumes it after `retryMs`. @defaultValue undefined (held open)
   */
  pollAfterMs?: number;
  /** The `retry:` sent when a connection is closed to poll. @defaultValue 1000 */
  retryMs?: number;
  /** How long a request whose stream lost its connection keeps running, waiting for the client to resume. @defaultValue 60000 */
  resumeWindowMs?: number;
  logger?: Logger;
}

/** A running HTTP gateway. */
export interface HttpServer {
  /** `http://HOST:PORT/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Open initialize-era sessions (Streamable HTTP and HTTP+SSE). */
  readonly sessionCount: number;
  /** SSE events the sessions keep for replay now. */
  readonly keptEvents: number;
  /** Ends every stream and session, then stops listening; resolves once every socket is closed. */
  close(): Promise<void>;
}

/** How a session's streams behave: primed and pollable once it negotiated 2025-11-25 (an older client may not expect empty events). */
export function streamPolicy(options: HttpServeOptions, connection: ServeConnection): StreamPolicy {
  return {
    primed: () => (connection.handshake?.version ?? '') >= '2025-11-25',
    ...(options.pollAfterMs !== undefined ? { holdMs: options.pollAfterMs } : {}),
    retryMs: options.retryMs ?? 1000,
    resumeWindowMs: options.resumeWindowMs ?? 60_000,
  };
}
