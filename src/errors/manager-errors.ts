// Failures of the multi-server manager: a server that is down or unknown.
import { McpBridgeError } from '../../protocol/index.js';

/**
 * The server is not ready (starting, restarting, failed or stopped): calls fail fast instead of hanging.
 * When it went down by crashing, the crash (e.g. a ServerExitedError with exit code, signal and
 * stderr tail) is the `cause`.
 */
export class ServerUnavailableError extends McpBridgeError {
  constructor(server: string, state: string, lastError?: string, options?: { cause?: unknown }) {
    super('MCPB_SERVER_UNAVAILABLE', `server "${server}" is ${state}${lastError ? `: ${lastError}` : ''}`, {
      server, state, lastError,
      hint: state === 'failed' ? 'run `mcp-bridge doctor` to see why it failed' : 'retry shortly',
    }, options);
  }
}

/** No server of that name is configured. */
export class UnknownServerError extends McpBridgeError {
  constructor(server: string, known: string[]) {
    super('MCPB_UNKNOWN_SERVER', `no server named "${server}" is configured`, { server, known, hint: known.length ? `configured servers: ${known.join(', ')}` : 'add it to the config file' });
  }
}
