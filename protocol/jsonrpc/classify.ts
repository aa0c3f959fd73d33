// Sorts a parsed JSON value into request / notification / response / invalid with cheap shape checks:
// no schema library on the hot path, every incoming message still checked (JSONRPC-1, -2, -5).
import { MAX_MESSAGE_DEPTH, nestsDeeperThan } from './depth.js';
import type { JsonRpcErrorResponse, JsonRpcNotification, JsonRpcRequest, JsonRpcResultResponse } from './messages.js';

export type Classified =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'result'; message: JsonRpcResultResponse }
  | { kind: 'error'; message: JsonRpcErrorResponse }
  | { kind: 'invalid'; reason: string; value: unknown };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isValidId(id: unknown): id is string | number {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

/** The kind of a valid message, as {@link messageKindOf} names it. */
export type MessageKind = 'request' | 'notification' | 'result' | 'error';

/** Classifies one decoded JSON value. Batches (arrays) are split by the caller, see {@link splitBatch}. */
export function classifyMessage(value: unknown): Classified {
  const kind = messageKindOf(value);
  if (typeof kind === 'object') return { kind: 'invalid', reason: kind.invalid, value };
  return { kind, message: value } as Classified;
}

/**
 * {@link classifyMessage} without the result object: the kind of a valid message (the value itself is
 * then that message), or why it is invalid. A session classifies every message it receives, so the
 * common case allocates nothing.
 */
export function messageKindOf(value: unknown): MessageKind | { invalid: string } {
  if (!isObject(value)) return { invalid: 'a JSON-RPC message must be a JSON object' };
  if (value.jsonrpc !== '2.0') return { invalid: 'missing or wrong "jsonrpc" member (must be "2.0")' };
  if (nestsDeeperThan(value, MAX_MESSAGE_DEPTH)) {
    return { invalid: `the message nests objects or arrays more than ${MAX_MESSAGE_DEPTH} levels deep, beyond what mcp-bridge reads` };
  }
  const hasId = 'id' in value && value.id !== undefined;
  if (typeof value.method === 'string') {
    if (value.params !== undefined && !isObject(value.params)) return { invalid: `"params" of ${value.method} must be an object` };
    if (!hasId) return 'notification';
    if (!isValidId(value.id)) return { invalid: 'request "id" must be a string or a number' };
    return 'request';
  }
  if ('result' in value) {
    if (!isValidId(value.id)) return { invalid: 'response "id" must be a string or a number' };
    if (!isObject(value.result)) return { invalid: '"result" must be an object' };
    return 'result';
  }
  if ('error' in value) {
    const e = value.error;
    if (!isObject(e) || typeof e.code !== 'number' || typeof e.message !== 'string') {
      return { invalid: '"error" must be an object with a numeric "code" and a string "message"' };
    }
    if (value.id !== undefined && value.id !== null && !isValidId(value.id)) return { invalid: 'error response "id" must be a string, a number or null' };
    return 'error';
  }
  return { invalid: 'neither a request, a notification nor a response' };
}

/** A batch (2025-03-26 only, JSONRPC-7) is an array of messages; anything else is one message. */
export function splitBatch(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}
