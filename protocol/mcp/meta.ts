// Pure helpers for a request's `_meta` (moved out of the session, which only correlates).
import type { JsonObject } from '../jsonrpc/messages.js';

/**
 * `params` with `_meta.progressToken` set (PROG-1). The caller's params are never modified; without a
 * `_meta` of their own one small object is added.
 */
export function withProgressToken(params: JsonObject | undefined, token: string | number): JsonObject {
  const meta = params?._meta as Record<string, unknown> | undefined;
  const out: JsonObject = { ...params };
  out._meta = meta === undefined ? { progressToken: token } : { ...meta, progressToken: token };
  return out;
}
