// OAuth 2.1 for remote MCP servers. Loaded with import() only when an HTTP server needs auth, so the
// stdio path never pays for it (nor for oauth4webapi, which grants.ts loads on first use).
import { OAuthHandler } from './handler.js';
import type { OAuthContext, OAuthOptions } from './types.js';

export { OAuthHandler } from './handler.js';
export { MemoryTokenStore, storeKey, pointerKey, type TokenStore } from './store.js';
export { FileTokenStore, defaultStateDir } from './file-store.js';
export type { OAuthOptions, OAuthContext, InteractiveMode, LoginUi, StoredAuth, TokenSet, ClientIdentity, AuthServerMetadata } from './types.js';

/** The auth handler for one server. */
export function createOAuthHandler(url: string | URL, options: OAuthOptions = {}, context: OAuthContext = {}): OAuthHandler {
  return new OAuthHandler(new URL(String(url)), options, context);
}
