// Local failures of a request's lifecycle: timeout, abort, closed connection, not connected.
// Each is distinct so callers retry the right thing (a timeout is not a user's abort).
import { McpBridgeError } from '../../protocol/index.js';
import type { TransportCloseInfo } from './close-info.js';
import { indent } from './format.js';

interface RequestContext {
  server?: string;
  method: string;
  requestId?: string | number;
}

function subject(ctx: { server?: string; method: string }): string {
  return `${ctx.method}${ctx.server ? ` to server "${ctx.server}"` : ''}`;
}

/** No answer arrived within the allowed time (TIME-1). `notifications/cancelled` was sent. */
export class RequestTimeoutError extends McpBridgeError {
  constructor(ctx: RequestContext & { timeoutMs: number; elapsedMs: number; total?: boolean }) {
    super('MCPB_REQUEST_TIMEOUT', `${subject(ctx)} timed out after ${ctx.elapsedMs} ms (${ctx.total ? 'maximum total time' : 'timeout'} ${ctx.timeoutMs} ms)`, {
      ...ctx,
      hint: ctx.total
        ? 'raise maxTotalTimeoutMs if the tool legitimately runs longer'
        : 'raise the timeout for this server or call (timeout in the config, timeoutMs in code)',
    });
  }
}

/** The caller's AbortSignal fired. The signal's reason is the `cause`. */
export class RequestAbortedError extends McpBridgeError {
  constructor(ctx: RequestContext, reason: unknown) {
    super('MCPB_REQUEST_ABORTED', `${subject(ctx)} was aborted by the caller`, { ...ctx }, { cause: reason });
  }
}

/** The connection ended while the request was waiting, or before it was sent (STDIO-8). */
export class ConnectionClosedError extends McpBridgeError {
  readonly closeInfo: TransportCloseInfo;
  constructor(ctx: { server?: string; method?: string; requestId?: string | number }, info: TransportCloseInfo) {
    const tail = info.stderrTail ? `\nlast stderr lines:\n${indent(info.stderrTail)}` : '';
    const what = ctx.method ? `${subject({ method: ctx.method, server: ctx.server })} failed: ` : ctx.server ? `server "${ctx.server}": ` : '';
    super(
      'MCPB_CONNECTION_CLOSED',
      `${what}${info.message}${tail}`,
      { ...ctx, reason: info.reason, exitCode: info.exitCode, signal: info.signal, stderrTail: info.stderrTail },
      { cause: info.error },
    );
    this.closeInfo = info;
  }
}

/** A method was used before `connect()` finished or after `close()`. */
export class NotConnectedError extends McpBridgeError {
  constructor(method: string, server?: string, state = 'not connected') {
    super('MCPB_NOT_CONNECTED', `cannot send ${method}${server ? ` to server "${server}"` : ''}: the client is ${state}`, {
      method,
      server,
      hint: 'await connect() first, and do not use a closed client',
    });
  }
}

/** The server's answer to a request did not have the shape the method requires. */
export class InvalidResultError extends McpBridgeError {
  constructor(ctx: RequestContext, problem: string) {
    super('MCPB_INVALID_RESULT', `${subject(ctx)} returned an invalid result: ${problem}`, { ...ctx });
  }
}

/**
 * The server's response was larger than the message size limit and was discarded (as soon as the
 * limit was crossed: `bytes` is what had arrived by then). The framing error is the `cause`.
 */
export class MessageTooLargeError extends McpBridgeError {
  constructor(ctx: RequestContext & { bytes?: number; limit?: number }, cause?: unknown) {
    const size = ctx.bytes === undefined ? '' : ` (at least ${ctx.bytes} bytes)`;
    super(
      'MCPB_MESSAGE_TOO_LARGE',
      `the response to ${subject(ctx)} is over the limit of ${ctx.limit} bytes${size} and was discarded`,
      { ...ctx, hint: 'raise maxMessageBytes for this server' },
      cause === undefined ? undefined : { cause },
    );
  }
}

/**
 * The server's response to this request could not be read: it is not valid UTF-8 or not JSON. It
 * was skipped, and the request failed at once. The framing error is the `cause`.
 */
export class UnreadableResponseError extends McpBridgeError {
  constructor(ctx: RequestContext & { reason: 'invalid-utf8' | 'not-json'; bytes?: number; excerpt?: string }, cause?: unknown) {
    const what = ctx.reason === 'invalid-utf8' ? 'is not valid UTF-8' : 'is not JSON';
    super(
      'MCPB_RESPONSE_UNREADABLE',
      `the response to ${subject(ctx)} ${what} and was skipped${ctx.bytes === undefined ? '' : ` (${ctx.bytes} bytes)`}`,
      { ...ctx, hint: 'the server wrote a broken message: a server bug, report it to its authors (waiting longer would not help)' },
      cause === undefined ? undefined : { cause },
    );
  }
}
