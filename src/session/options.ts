// The options and events of a Session, apart from the class that honours them.
import type { CallOptions, McpBridgeError, McpError } from '../../protocol/index.js';
import type { Logger } from '../log.js';
import type { TransportCloseInfo } from '../transports/transport.js';
import type { RequestObserver } from './observer.js';
import type { Clock } from './pending.js';

/** Default per-request timeout (TIME-1): 60 s, restarted by progress. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/**
 * Options of one request: the shared {@link CallOptions} (timeouts, signal, progress, `_meta`) plus what
 * only the session and the transport read. A caller's `CallToolOptions` or `CallContext` is passed
 * here as it is; fields of other layers (`entry`, `onConfirm`) ride along unread.
 */
export interface RequestOptions extends CallOptions {
  /**
   * Attach a progress token even without a callback, so progress keeps the request alive (TIME-3);
   * `false` never attaches one. @defaultValue true for the session's `progressMethods` while
   * `resetTimeoutOnProgress` is on, else only with `onProgress`
   */
  progress?: boolean;
  /** Whether a timeout or abort sends `notifications/cancelled`; initialize never does (LIFE-8), whatever this says. @defaultValue true */
  cancellable?: boolean;
  /** Extra HTTP headers for this request's POST (2026 `Mcp-Param-*`, HTTP-10); ignored by stdio. */
  headers?: Record<string, string>;
}

export interface SessionOptions {
  /** Configured server name, used in every error message. */
  serverName?: string;
  logger?: Logger;
  clock?: Clock;
  /** @defaultValue 60000 */
  defaultTimeoutMs?: number;
  /** Told of every request sent and its outcome (tracing); none by default, at no cost. */
  observer?: RequestObserver;
  /**
   * Methods whose requests ask for progress without a callback, so that progress keeps them alive
   * (TIME-3): a request of one carries a progress token unless it has `progress: false` or
   * `resetTimeoutOnProgress: false` (then nobody would listen). @defaultValue none
   */
  progressMethods?: ReadonlySet<string>;
}

export interface SessionEvents {
  /** A non-fatal problem: invalid message, framing error, uncorrelated error response. */
  error: McpBridgeError | McpError;
  /** The transport ended; every pending request has been rejected. */
  close: TransportCloseInfo;
}
