// What a transport reports when it ends. It lives on the error floor because ConnectionClosedError
// carries it, and errors import nothing from the layers that raise them.

/** Why and how a transport ended. Carried as the cause of every request it failed. */
export interface TransportCloseInfo {
  /** `closed` when we closed it, `exited` when the server process ended, `disconnected` for a lost stream, `error` otherwise. */
  reason: 'closed' | 'exited' | 'disconnected' | 'error';
  /** Human-readable summary, e.g. `server process exited with code 1`. */
  message: string;
  /** Process exit code (stdio), when known. */
  exitCode?: number | null;
  /** Terminating signal (stdio), when known. */
  signal?: string | null;
  /** Last lines the server wrote to stderr (stdio). */
  stderrTail?: string;
  /** The underlying failure, if any. */
  error?: unknown;
}
