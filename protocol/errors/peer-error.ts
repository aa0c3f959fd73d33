// The error a peer reported over JSON-RPC, kept exactly as received.
import { errorCodeName } from '../jsonrpc/codes.js';
import type { JsonRpcErrorObject } from '../jsonrpc/messages.js';

const BRAND = Symbol.for('mcp-bridge.mcp-error');

/**
 * A JSON-RPC error response from the server: `code`, `message` and `data` exactly as it sent them,
 * plus which server and method it answered. Distinct from local errors ({@link McpBridgeError}),
 * whose `code` is a string (JSONRPC-9).
 */
export class McpError extends Error {
  /** The peer's numeric JSON-RPC error code. */
  readonly code: number;
  /** The peer's `data` member, untouched. */
  readonly data: unknown;
  readonly server?: string;
  readonly method?: string;

  constructor(error: JsonRpcErrorObject, context: { server?: string; method?: string } = {}) {
    const name = errorCodeName(error.code);
    const where = [context.server && `server "${context.server}"`, context.method && `${context.method}`].filter(Boolean).join(' ');
    super(`${where ? where + ': ' : ''}${error.message} (JSON-RPC error ${error.code}${name ? ` ${name}` : ''})`);
    this.code = error.code;
    this.data = error.data;
    this.server = context.server;
    this.method = context.method;
    Object.defineProperty(this, BRAND, { value: true });
  }

  override get name(): string {
    return 'McpError';
  }
}

/** True for an error a peer reported, from any copy of the library. */
export function isMcpError(value: unknown): value is McpError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
