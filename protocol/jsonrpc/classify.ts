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

/** Classifies one decoded JSON value. Batches (arrays) are split by the caller, see {@link splitBatch}. */
export function classifyMessage(value: unknown): Classified {
  if (!isObject(value)) return { kind: 'invalid', reason: 'a JSON-RPC message must be a JSON object', value };
  if (value.jsonrpc !== '2.0') return { kind: 'invalid', reason: 'missing or wrong "jsonrpc" member (must be "2.0")', value };
  if (nestsDeeperThan(value, MAX_MESSAGE_DEPTH)) {
    return { kind: 'invalid', reason: `the message nests objects or arrays more than ${MAX_MESSAGE_DEPTH} levels deep, beyond what mcp-bridge reads`, value };
  }
  const hasId = 'id' in value && value.id !== undefined;
  if (typeof value.method === 'string') {
    if (value.params !== undefined && !isObject(value.params)) {
      return { kind: 'invalid', reason: `"params" of ${value.method} must be an object`, value };
    }
    if (!hasId) return { kind: 'notification', message: value as unknown as JsonRpcNotification };
    if (!isValidId(value.id)) return { kind: 'invalid', reason: 'request "id" must be a string or a number', value };
    return { kind: 'request', message: value as unknown as JsonRpcRequest };
  }
  if ('result' in value) {
    if (!isValidId(value.id)) return { kind: 'invalid', reason: 'response "id" must be a string or a number', value };
    if (!isObject(value.result)) return { kind: 'invalid', reason: '"result" must be an object', value };
    return { kind: 'result', message: value as unknown as JsonRpcResultResponse };
  }
  if ('error' in value) {
    const e = value.error;
    if (!isObject(e) || typeof e.code !== 'number' || typeof e.message !== 'string') {
      return { kind: 'invalid', reason: '"error" must be an object with a numeric "code" and a string "message"', value };
    }
    if (value.id !== undefined && value.id !== null && !isValidId(value.id)) {
      return { kind: 'invalid', reason: 'error response "id" must be a string, a number or null', value };
    }
    return { kind: 'error', message: value as unknown as JsonRpcErrorResponse };
  }
  return { kind: 'invalid', reason: 'neither a request, a notification nor a response', value };
}

/** A batch (2025-03-26 only, JSONRPC-7) is an array of messages; anything else is one message. */
export function splitBatch(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}
