// The pure core of MCP authorization: no I/O, only parsing and decisions. Not re-exported from the
// protocol index so a stdio-only program never loads it.
export * from './challenge.js';
export * from './discovery-urls.js';
export * from './checks.js';
export { selectScopes, unionScopes, coversScopes, scopeParam, type ScopeSources } from './scopes.js';
export * from './client-auth.js';
export * from './expiry.js';
