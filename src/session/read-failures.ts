// The typed error for a response the transport could not read (framing: too large, not UTF-8, not
// JSON), for the request whose id its head still names.
import type { McpBridgeError, RequestId } from '../../protocol/index.js';
import { MessageTooLargeError, UnreadableResponseError } from '../errors/session-errors.js';

/** `MessageTooLargeError` for an oversized answer, `UnreadableResponseError` for the rest. */
export function unreadableResponseError(
  error: McpBridgeError,
  ctx: { server?: string; method: string; requestId: RequestId },
): MessageTooLargeError | UnreadableResponseError {
  const reason = error.context.reason;
  if (reason === 'too-large') {
    return new MessageTooLargeError({ ...ctx, bytes: error.context.bytes as number, limit: error.context.limit as number }, error);
  }
  return new UnreadableResponseError(
    {
      ...ctx,
      reason: reason === 'invalid-utf8' ? 'invalid-utf8' : 'not-json',
      bytes: error.context.bytes as number | undefined,
      excerpt: String(error.context.excerpt ?? ''),
    },
    error,
  );
}
