// OAuth 2.1 for remote MCP servers. Loaded with import() only when an HTTP server needs auth, so the
// stdio path never pays for it (nor for oauth4webapi, which grants.ts loads on first use).
import { readFileSync } from 'node:fs';
import { FileTokenStore } from './file-store.js';
import { OAuthHandler } from './oauth-handler.js';
import { MemoryTokenStore } from './store.js';
import type { OAuthContext, OAuthOptions } from './types.js';

export { OAuthHandler } from './oauth-handler.js';
export { MemoryTokenStore, storeKey, pointerKey, type TokenStore } from './store.js';
export { FileTokenStore, defaultStateDir } from './file-store.js';
export type { OAuthOptions, OAuthContext, InteractiveMode, LoginUi, StoredAuth, TokenSet, ClientIdentity, AuthServerMetadata } from './types.js';

/** The auth handler for one server. */
export function createOAuthHandler(url: string | URL, options: OAuthOptions = {}, context: OAuthContext = {}): OAuthHandler {
  const store = context.store === 'file' ? new FileTokenStore() : context.store === 'memory' ? new MemoryTokenStore() : context.store;
  let resolved = options;
  if (options.privateKeyFile && !options.privateKeyPem) resolved = { ...options, privateKeyPem: readFileSync(options.privateKeyFile, 'utf8') };
  return new OAuthHandler(new URL(String(url)), resolved, { ...context, store });
}
