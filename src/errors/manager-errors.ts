// Failures of the multi-server manager: a server that is down or unknown.
import { McpBridgeError } from '../../protocol/index.js';

/** When a server that is down is tried again, for {@link ServerUnavailableError}. */
export interface RetryInfo {
  /** The tool that was called, when the error answers a tool call. */
  tool?: string;
  /** Milliseconds until the next restart attempt. */
  retryInMs?: number;
  /** That attempt's number and the most allowed. */
  attempt?: number;
  maxAttempts?: number;
}

/**
 * The server is not ready (starting, restarting, failed or stopped): calls fail fast instead of hanging.
 * When it went down by crashing, the crash (e.g. a ServerExitedError with exit code, signal and
 * stderr tail) is the `cause`. While it restarts, the message says when the next attempt is due.
 */
export class ServerUnavailableError extends McpBridgeError {
  constructor(server: string, state: string, lastError?: string, options: RetryInfo & { cause?: unknown } = {}) {
    const { cause, ...retry } = options;
    const when =
      retry.retryInMs === undefined
        ? ''
        : ` (next attempt in ${retry.retryInMs} ms${retry.attempt !== undefined ? `, restart ${retry.attempt} of ${retry.maxAttempts ?? '?'}` : ''})`;
    const head =
      retry.tool !== undefined
        ? `tool "${retry.tool}" of server "${server}" is unavailable: the server is ${state}${when}`
        : `server "${server}" is ${state}${when}`;
    super(
      'MCPB_SERVER_UNAVAILABLE',
      `${head}${lastError ? `: ${lastError}` : ''}`,
      {
        server,
        state,
        lastError,
        ...retry,
        hint:
          state === 'failed'
            ? 'run `mcp-bridge doctor` to see why it failed'
            : retry.retryInMs !== undefined
              ? `nothing was sent; call it again in ${Math.max(1, Math.ceil(retry.retryInMs / 1000))} s`
              : 'retry shortly',
      },
      cause === undefined ? undefined : { cause },
    );
  }
}

/** No server of that name is configured. */
export class UnknownServerError extends McpBridgeError {
  constructor(server: string, known: string[]) {
    super('MCPB_UNKNOWN_SERVER', `no server named "${server}" is configured`, {
      server,
      known,
      hint: known.length ? `configured servers: ${known.join(', ')}` : 'add it to the config file',
    });
  }
}
