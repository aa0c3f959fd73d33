// Result caching (CACHE-1..8), the pure half: a result's freshness, and the cache key.
import type { JsonObject } from '../jsonrpc/messages.js';

/** Methods whose complete results carry `ttlMs` / `cacheScope` (CACHE-1). */
export const CACHEABLE_METHODS: ReadonlySet<string> = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/** When a cacheable result goes stale, from its `ttlMs` (CACHE-2: missing or negative → 0). */
export function expiresAt(result: JsonObject, receivedAt: number): number {
  const ttl = result.ttlMs;
  const ms = typeof ttl === 'number' && Number.isFinite(ttl) && ttl > 0 ? Math.floor(ttl) : 0;
  return receivedAt + ms;
}

/**
 * CACHE-4/5: method + the params that shape the result (`cursor`, `uri`, `name`); `undefined`
 * for what must never be cached (MRTR retries, non-cacheable methods).
 */
export function cacheKey(method: string, params: JsonObject | undefined): string | undefined {
  if (!CACHEABLE_METHODS.has(method)) return undefined;
  if (params?.inputResponses !== undefined || params?.requestState !== undefined) return undefined;
  const shape: unknown[] = [method, params?.cursor ?? null, params?.uri ?? null];
  return JSON.stringify(shape);
}
