// Decides what an HTTP answer means for the message we POSTed: did the response to our request arrive,
// and does an error status come from a modern (2026) server or call for the legacy fallback (HTTP-15, SSE-4).
import { MAX_MESSAGE_DEPTH, nestsDeeperThan } from '../jsonrpc/depth.js';
import { isModernErrorCode } from '../mcp/modern.js';
import type { RequestId } from '../jsonrpc/messages.js';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True when `value` (one message or a batch) holds the response (result or error) to request `id`. */
export function containsResponseTo(value: unknown, id: RequestId): boolean {
  const items = Array.isArray(value) ? value : [value];
  return items.some((m) => isObject(m) && m.id === id && m.method === undefined && ('result' in m || 'error' in m));
}

/** The JSON-RPC error object inside an HTTP error body, if the body is one. */
export function jsonRpcErrorOf(body: string): { code: number; message: string; data?: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isObject(value) || !isObject(value.error)) return undefined;
  const { code, message, data } = value.error;
  if (typeof code !== 'number' || typeof message !== 'string') return undefined;
  // `data` ends up in an error's context, which redaction and printing walk recursively.
  return nestsDeeperThan(data, MAX_MESSAGE_DEPTH) ? { code, message } : { code, message, data };
}

/**
 * SSE-4: a 400, 404 or 405 to our first POST whose body is not a recognised modern error means the
 * server may speak the legacy HTTP+SSE transport: try a GET for the `endpoint` event.
 */
export function suggestsLegacySse(status: number, body: string): boolean {
  if (status !== 400 && status !== 404 && status !== 405) return false;
  const error = jsonRpcErrorOf(body);
  return !(error && isModernErrorCode(error.code));
}
