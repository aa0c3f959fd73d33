// Pure helpers for a request's `_meta` (moved out of the session, which only correlates).
import type { JsonObject } from '../jsonrpc/messages.js';

/**
 * `params` with `_meta.progressToken` set (PROG-1). The caller's params are never modified; without a
 * `_meta` of their own one small object is added.
 */
export function withProgressToken(params: JsonObject | undefined, token: string | number): JsonObject {
  const meta = params?._meta as Record<string, unknown> | undefined;
  // A key-by-key copy into a fresh literal, not `{ ...params }` plus `_meta`: adding a key to a spread
  // clone leaves V8's fast path (about 10× slower), and this runs once per tool call. Same keys, same
  // order, same JSON.
  const out: JsonObject = {};
  for (const key in params) {
    if (!Object.hasOwn(params, key)) continue;
    // An own `__proto__` (from JSON.parse) stays a key, as a spread keeps it; assignment would set the prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: params[key], enumerable: true, writable: true, configurable: true });
    else out[key] = params[key];
  }
  out._meta = meta === undefined ? { progressToken: token } : { ...meta, progressToken: token };
  return out;
}
