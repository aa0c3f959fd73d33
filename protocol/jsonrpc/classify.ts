// Sorts a parsed JSON value into request / notification / response / invalid with cheap shape checks:
// no schema library on the hot path, every incoming message still checked (JSONRPC-1, -2, -5).
import { messageKindOf } from './message-kind.js';
import type { JsonRpcErrorResponse, JsonRpcNotification, JsonRpcRequest, JsonRpcResultResponse } from './messages.js';

export type Classified =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'result'; message: JsonRpcResultResponse }
  | { kind: 'error'; message: JsonRpcErrorResponse }
  | { kind: 'invalid'; reason: string; value: unknown };

/** Classifies one decoded JSON value. Batches (arrays) are split by the caller, see {@link splitBatch}. */
export function classifyMessage(value: unknown): Classified {
  const kind = messageKindOf(value);
  if (typeof kind === 'object') return { kind: 'invalid', reason: kind.invalid, value };
  return { kind, message: value } as Classified;
}

/** A batch (2025-03-26 only, JSONRPC-7) is an array of messages; anything else is one message. */
export function splitBatch(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}
