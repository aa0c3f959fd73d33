// Pure helpers for a request's `_meta` (moved out of the session, which only correlates).
import type { JsonObject } from '../jsonrpc/messages.js';

/**
 * `params` with `_meta.progressToken` set (PROG-1). The caller's params are never modified; without a
 * `_meta` of their own one small object is added.
 */
export function withProgressToken(params: JsonObject | undefined, token: string | number): JsonObject {
  return withMeta(params, undefined, token);
}

/**
 * `params` with a `_meta` made of `extra` (a caller's own keys), then the `_meta` the params already
 * carry (the protocol's envelope, which wins), then `progressToken` when given (PROG-1). The caller's
 * params are never modified.
 */
export function withMeta(params: JsonObject | undefined, extra: Record<string, unknown> | undefined, token: string | number | undefined): JsonObject {
  const own = params?._meta as Record<string, unknown> | undefined;
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
  if (extra === undefined && own === undefined) {
    out._meta = token === undefined ? {} : { progressToken: token };
    return out;
  }
  const meta: Record<string, unknown> = extra === undefined ? { ...own } : own === undefined ? { ...extra } : { ...extra, ...own };
  if (token !== undefined) meta.progressToken = token;
  out._meta = meta;
  return out;
}
