// Cached results of the 2026-07-28 era (CACHE-1..8), shared by every connection of the process:
// a reconnect, a restart or a second client of the same server answers `tools/list`, `prompts/list`,
// `resources/list`, `resources/templates/list` (and `resources/read`) from a fresh entry instead of
// asking again. An entry is keyed by the server's configuration, the method and the params that
// shape it (cursor, uri); a `private` one also by the authorization context it was fetched in
// (CACHE-6), so it is never handed to another identity. Only a positive `ttlMs` stores anything:
// 0 or absent means no reuse at all, let alone across connections (CACHE-2).
import { expiresAt, type JsonObject } from '../../protocol/index.js';
import { sha256Hex } from '../util/sha256.js';

/** Most entries kept; the oldest is dropped first past it. */
export const MAX_LIST_CACHE_ENTRIES = 2000;

interface Entry {
  result: JsonObject;
  expiresAt: number;
  server: string;
  method: string;
}

/** Where one connection's entries live: its server, and its authorization context when it is known. */
export interface CachePartition {
  /** The server's configuration key (`eraCacheKey`); entries of one server are shared only under it. */
  server: string;
  /** The authorization context (CACHE-6); undefined means unknown, and then private entries stay with this connection. */
  identity: string;
}

/** An in-memory cache of cacheable results, shared across connections. */
export class ResultCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = MAX_LIST_CACHE_ENTRIES,
  ) {}

  /** A fresh copy of the entry for `key` (method and shape), private to `partition.identity` first, else public. */
  get(partition: CachePartition, method: string, key: string): JsonObject | undefined {
    const at = this.now();
    for (const full of [this.key(partition.server, partition.identity, key), this.key(partition.server, 'public', key)]) {
      const hit = this.entries.get(full);
      if (!hit) continue;
      if (at < hit.expiresAt && hit.method === method) return structuredClone(hit.result);
      this.entries.delete(full);
    }
    return undefined;
  }

  /** Keeps `result` while its `ttlMs` lasts (CACHE-2); `cacheScope: "public"` entries serve every identity of the server. */
  set(partition: CachePartition, method: string, key: string, result: JsonObject): void {
    const at = this.now();
    const expires = expiresAt(result, at);
    const scope = result.cacheScope === 'public' ? 'public' : partition.identity;
    const full = this.key(partition.server, scope, key);
    this.entries.delete(full);
    if (expires <= at) return;
    this.entries.set(full, { result: structuredClone(result), expiresAt: expires, server: partition.server, method });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops the server's entries of `method` (every identity: a list change is the server's, CACHE-7), or all of them. */
  invalidate(server: string, method?: string): void {
    for (const [k, e] of this.entries) if (e.server === server && (method === undefined || e.method === method)) this.entries.delete(k);
  }

  /** Forgets everything. */
  clear(): void {
    this.entries.clear();
  }

  private key(server: string, scope: string, shape: string): string {
    return JSON.stringify([server, scope, shape]);
  }
}

/** The process-wide cache every client uses unless given its own. */
export const defaultResultCache = new ResultCache();

let connections = 0;
/** A partition no other connection shares: used when the server or the authorization context is unknown. */
export function connectionPartition(): CachePartition {
  connections += 1;
  const id = `connection-${connections}-${Math.random().toString(36).slice(2)}`;
  return { server: id, identity: id };
}

/**
 * The authorization context of a server's parameters, for private cache entries (CACHE-6): a hash of
 * the values that carry credentials (stdio env, HTTP headers), or undefined when they cannot be
 * known in advance (OAuth, headers computed per request), in which case nothing private is shared
 * across connections. Only a hash is kept: the values are secrets.
 */
export function cacheIdentity(params: { url?: string | URL; env?: Record<string, unknown>; headers?: unknown; auth?: unknown }): string | undefined {
  if (params.url !== undefined) {
    if (params.auth !== undefined || typeof params.headers === 'function') return undefined;
    const headers = Object.entries((params.headers as Record<string, string> | undefined) ?? {}).map(([k, v]) => [k.toLowerCase(), v]);
    return sha256Hex(JSON.stringify(['http', headers.sort()])).slice(0, 32);
  }
  const env = Object.entries(params.env ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256Hex(JSON.stringify(['stdio', env])).slice(0, 32);
}

/**
 * The cache and partition of one connection: the client's `resultCache` (the process-wide one by
 * default) under its server key and identity. Without a server key nothing is shared; without an
 * identity only `public` entries are.
 */
export function cacheFor(options: { resultCache?: ResultCache; eraCacheKey?: string; cacheIdentity?: string }): {
  store: ResultCache;
  partition: CachePartition;
} {
  const own = connectionPartition();
  return {
    store: options.resultCache ?? defaultResultCache,
    partition: options.eraCacheKey === undefined ? own : { server: options.eraCacheKey, identity: options.cacheIdentity ?? own.identity },
  };
}
