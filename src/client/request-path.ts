// How a request travels, per era: the legacy path sends it as it is; the modern path (2026-07-28,
// modern-path.ts, loaded when a connection turns modern) adds the envelope, reads `resultType` and
// serves cacheable listings. Every Client method goes through `request()`, so new methods get all of
// this for free.
import type { Era, JsonObject } from '../../protocol/index.js';
import type { RequestOptions, Session } from '../session/session.js';

/** One era's way of sending a request and reading its result. */
export interface RequestPath {
  readonly era: Era;
  request<R>(method: string, params: JsonObject | undefined, options: RequestOptions): Promise<R>;
  /** Forgets cached results of `method` (all pages), e.g. on its list_changed notification (CACHE-7). */
  invalidate(method?: string): void;
}

/** The handshake era: the session as it is. */
export function legacyPath(session: Session): RequestPath {
  return {
    era: 'legacy',
    request: (method, params, options) => session.request(method, params, options),
    invalidate: () => {},
  };
}
