// Answers that arrive but cannot be used: a response the transport could not read (framing: too
// large, not UTF-8, not JSON) or one that is not a valid JSON-RPC response. The request it answered
// fails now, with the reason, rather than at its timeout with advice to raise the timeout.
import { peekResponseId, type McpBridgeError, type RequestId } from '../../protocol/index.js';
import { InvalidResultError, MessageTooLargeError, UnreadableResponseError } from '../errors/session-errors.js';
import type { PendingTable } from './pending.js';

/** A skipped unreadable response: its head usually still names the id, and that request fails. */
export function failUnreadableAnswer(pending: PendingTable, error: McpBridgeError, server: string | undefined): void {
  const id = peekResponseId(String(error.context.excerpt ?? ''));
  const entry = id === undefined ? undefined : pending.get(id);
  if (id === undefined || !entry) return;
  pending.reject(id, unreadableResponseError(error, { server, method: entry.method, requestId: id }));
}

/** A malformed answer to one of our requests fails that request. */
export function failInvalidAnswer(pending: PendingTable, reason: string, value: unknown, server: string | undefined): void {
  // A message with a method is the server's own request: its id is in the server's id space, not ours.
  if (typeof (value as { method?: unknown } | null)?.method === 'string') return;
  const id = (value as { id?: unknown } | null)?.id;
  if (typeof id !== 'number' && typeof id !== 'string') return;
  const entry = pending.get(id);
  if (entry) pending.reject(id, new InvalidResultError({ server, method: entry.method, requestId: id }, reason));
}

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
