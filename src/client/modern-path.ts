// The modern era's request path (2026-07-28): the `_meta` envelope (META-1..3), `resultType` checked,
// multi-round-trip requests driven (MRTR), tasks followed (TASKS-11), `serverInfo` read from results,
// cacheable listings served while fresh (CACHE-2), and the `subscriptions/listen` stream (SUB-1).
// A connection loads this module by import() when it turns modern, so a client of a handshake-era
// server never compiles it.
import {
  cacheKey,
  INPUT_REQUIRED_METHODS,
  resultTypeOf,
  serverInfoOf,
  TASKS_EXTENSION,
  withEnvelope,
  type Envelope,
  type Implementation,
  type JsonObject,
} from '../../protocol/index.js';
import { InvalidResultError } from '../errors/session-errors.js';
import type { RequestOptions, Session } from '../session/session.js';
import { runToCompletion } from './input-required.js';
import { connectionPartition, ResultCache, type CachePartition } from './list-cache.js';
import type { RequestPath } from './request-path.js';
import { followTask } from './task-driver.js';

export { openListen } from './listen.js';
// The tools' `Mcp-Param-*` bindings (HTTP-10, HTTP-11): only a modern HTTP connection uses them.
export { ToolHeaders } from './tool-headers.js';

export interface ModernPathOptions {
  server?: string;
  /** The envelope of the next request (the log level may change between requests). */
  envelope(): Envelope;
  /** Called with the server's self-description when a result carries it (META-6: display only). */
  onServerInfo?(info: Implementation): void;
  /** @defaultValue 10 */
  maxInputRounds?: number;
  now?: () => number;
  /** Where cacheable results are kept and under which server and identity; by default this connection's own cache. */
  cache?: { store: ResultCache; partition: CachePartition };
}

/** The stateless era's path; cacheable results are served from `options.cache` while fresh (CACHE-2, CACHE-6). */
export function modernPath(session: Session, options: ModernPathOptions): RequestPath {
  const { store, partition } = options.cache ?? { store: new ResultCache(options.now), partition: connectionPartition() };
  const sendOnce = async (method: string, params: JsonObject | undefined, req: RequestOptions): Promise<JsonObject> => {
    const result = await session.request<JsonObject>(method, withEnvelope(params, options.envelope()), req);
    const info = serverInfoOf(result);
    if (info) options.onServerInfo?.(info);
    return result;
  };
  return {
    era: 'modern',
    async request<R>(method: string, params: JsonObject | undefined, req: RequestOptions): Promise<R> {
      const key = cacheKey(method, params);
      const hit = key === undefined ? undefined : store.get(partition, method, key);
      if (hit) return hit as R;
      const result = INPUT_REQUIRED_METHODS.has(method)
        ? await runToCompletion(session, method, params, (p) => sendOnce(method, p, req), { ...req, maxRounds: options.maxInputRounds, server: options.server })
        : await sendOnce(method, params, req);
      const type = resultTypeOf(result);
      if (typeof type === 'object') throw new InvalidResultError({ server: options.server, method }, type.invalid);
      // TASKS-11: a tool call the server chose to run as a task is followed to its end, transparently.
      if (type === 'task') {
        const declared = (options.envelope().capabilities.extensions as Record<string, unknown> | undefined)?.[TASKS_EXTENSION] !== undefined;
        if (!declared || method !== 'tools/call')
          throw new InvalidResultError(
            { server: options.server, method },
            `${method} answered with a task, which ${declared ? 'only tools/call may' : 'was not negotiated'}`,
          );
        return (await followTask({ server: options.server, session, send: (m, p, r) => sendOnce(m, p, r) }, method, result, req)) as R;
      }
      if (type !== 'complete') throw new InvalidResultError({ server: options.server, method }, `${method} may not answer input_required (MRTR-1)`);
      if (key !== undefined) store.set(partition, method, key, result);
      return result as R;
    },
    invalidate(method?: string) {
      store.invalidate(partition.server, method);
    },
  };
}
