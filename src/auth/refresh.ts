// One refresh of a stored record under the store's lock (across processes for a shared store):
// re-read first (another process may have rotated the token already), refresh with the same resource
// and DPoP key, and on invalid_grant delete only the token that failed (compare-and-delete).
import type { DpopKey, StoredDpopKey } from './dpop.js';
import { refreshGrant, type GrantContext } from './grants.js';
import type { TokenStore } from './store.js';
import type { StoredAuth, TokenSet } from './types.js';

export interface RefreshInput {
  store: TokenStore;
  key: string;
  /** The record the caller holds. */
  record: StoredAuth;
  refreshToken: string;
  /** The grant context for the record the refresh starts from (without its DPoP key). */
  grant: (base: StoredAuth) => GrantContext;
  dpopKeyOf: (stored: StoredDpopKey) => Promise<DpopKey>;
  /** A newer record to hold from now on (rotated by another process, or by this refresh). */
  adopt: (record: StoredAuth) => void;
  /** The refresh token was refused: the record without its tokens. */
  dropped: (rest: StoredAuth) => void;
  /** The error to throw for invalid_grant. */
  required: (cause: unknown) => Error;
}

export async function refreshStored(input: RefreshInput): Promise<TokenSet | undefined> {
  const { store, key, refreshToken } = input;
  const run = async (): Promise<TokenSet | undefined> => {
    const stored = (await store.get(key)) as StoredAuth | undefined;
    if (stored?.tokens && stored.tokens.refresh_token !== refreshToken) {
      input.adopt(stored);
      return stored.tokens;
    }
    const base = stored ?? input.record;
    // A public client's refresh token is bound to the DPoP key too (RFC 9449 §5): the refresh carries a proof.
    const ctx: GrantContext = { ...input.grant(base), ...(base.dpop ? { dpop: await input.dpopKeyOf(base.dpop) } : {}) };
    let tokens: TokenSet;
    try {
      tokens = await refreshGrant(ctx, refreshToken, base.resource, base.tokens?.scope ?? base.requested);
    } catch (error) {
      if ((error as { error?: string }).error === 'invalid_grant') {
        // Compare-and-delete (vercel/ai PR #20694): drop only the token that failed, never a winner's.
        const { tokens: _dropped, ...rest } = base;
        if (stored) await store.set(key, rest, stored);
        input.dropped(rest);
        throw input.required(error);
      }
      throw error;
    }
    const next: StoredAuth = { ...base, tokens };
    await store.set(key, next);
    input.adopt(next);
    return tokens;
  };
  return store.withLock ? store.withLock(key, run) : run();
}
