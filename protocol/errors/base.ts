// The branded base of every error mcp-bridge raises itself: a stable string `code`, context fields,
// a `cause`, and a guard that works across copies of the library (instanceof does not).

const BRAND = Symbol.for('mcp-bridge.error');

/** Context a failure carries so a user can act on it: what failed, where, and what to do. */
export interface ErrorContext {
  /** Configured name of the server involved, when there is one. */
  server?: string;
  /** JSON-RPC method involved, when there is one. */
  method?: string;
  /** A short instruction saying what would fix or avoid the failure. */
  hint?: string;
  [key: string]: unknown;
}

/**
 * Base class of all local mcp-bridge errors. Match on `code`, never on the message text.
 * Errors reported by a peer over JSON-RPC are {@link McpError} instead (their numeric code is the peer's).
 */
export class McpBridgeError extends Error {
  /** Stable identifier of the failure kind, e.g. `MCPB_REQUEST_TIMEOUT`. */
  readonly code: string;
  /** Fields describing the failure (server, method, command, url, ...). */
  readonly context: ErrorContext;

  constructor(code: string, message: string, context: ErrorContext = {}, options?: { cause?: unknown }) {
    super(withHint(message, context.hint), options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.context = context;
    Object.defineProperty(this, BRAND, { value: true });
  }

  override get name(): string {
    return this.constructor.name;
  }

  /** A plain-object form for logs and `--json` output (no stack, cause summarised). */
  toJSON(): Record<string, unknown> {
    const cause = this.cause instanceof Error ? { name: this.cause.name, message: this.cause.message } : this.cause;
    return { name: this.name, code: this.code, message: this.message, ...this.context, ...(cause === undefined ? {} : { cause }) };
  }
}

function withHint(message: string, hint: string | undefined): string {
  return hint ? `${message} (${hint})` : message;
}

/** True for any error raised by mcp-bridge, from this or another copy of the library. */
export function isMcpBridgeError(value: unknown): value is McpBridgeError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** True when `value` is an mcp-bridge error with the given code. */
export function hasErrorCode(value: unknown, code: string): value is McpBridgeError {
  return isMcpBridgeError(value) && value.code === code;
}
