// The per-call settings of one request, as one shape from the top of the stack to the session: the
// registry's call context, the client's tool-call options and the session's request options are this
// shape (each adds only what its own layer reads), so the same object travels down without being
// copied into a new bag at each floor.
import type { Progress } from './notifications.js';

/**
 * How one request is made: its timeouts (TIME-1..4), cancellation (CANCEL-1), progress (PROG-1) and
 * extra `_meta`. The registry's `CallContext`, the client's `CallToolOptions` and the session's
 * `RequestOptions` all extend it, and a call hands the object it was given on to the layer below.
 */
export interface CallOptions {
  /** Milliseconds without an answer (or progress) before the request fails. @defaultValue the client's `requestTimeoutMs` (60000) */
  timeoutMs?: number;
  /** Hard cap on the whole request whatever progress says (TIME-4). @defaultValue none */
  maxTotalTimeoutMs?: number;
  /** Restart the timeout on each progress notification (TIME-3). @defaultValue true */
  resetTimeoutOnProgress?: boolean;
  /** Aborts the request: it rejects at once and the server is told (CANCEL-1). */
  signal?: AbortSignal;
  /** Receives the request's progress notifications (PROG-1). */
  onProgress?: (progress: Progress) => void;
  /** Extra `params._meta` for the request (trace context, for one); the protocol's own keys win over it. */
  meta?: Record<string, unknown>;
}
