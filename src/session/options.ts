// The options and events of a Session, apart from the class that honours them.
import type { McpBridgeError, McpError, Progress } from '../../protocol/index.js';
import type { Logger } from '../log.js';
import type { TransportCloseInfo } from '../transports/transport.js';
import type { RequestObserver } from './observer.js';
import type { Clock } from './pending.js';

/** Default per-request timeout (TIME-1): 60 s, restarted by progress. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** Options of one request. */
export interface RequestOptions {
  /** Milliseconds without an answer (or progress) before the request fails. @defaultValue 60000 */
  timeoutMs?: number;
  /** Hard cap on the whole request whatever progress says (TIME-4). @defaultValue none */
  maxTotalTimeoutMs?: number;
  /** Restart the timeout on each progress notification (TIME-3). @defaultValue true */
  resetTimeoutOnProgress?: boolean;
  /** Aborts the request: it rejects at once and the server is told (CANCEL-1). */
  signal?: AbortSignal;
  /** Receives progress notifications; setting it attaches a progress token (PROG-1). */
  onProgress?: (progress: Progress) => void;
  /** Attach a progress token even without a callback, so progress keeps the request alive. */
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
}

export interface SessionEvents {
  /** A non-fatal problem: invalid message, framing error, uncorrelated error response. */
  error: McpBridgeError | McpError;
  /** The transport ended; every pending request has been rejected. */
  close: TransportCloseInfo;
}
