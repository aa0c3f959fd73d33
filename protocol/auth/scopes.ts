// Which scopes to ask for (MCP #scope-selection-strategy, AUTH-15/16, SEP-835, SEP-2207).

import { splitScopes } from './challenge.js';

/** What each source says about scopes; every field optional. */
export interface ScopeSources {
  /** `scope` of the challenge that triggered authorization. */
  challenge?: readonly string[];
  /** `scopes_supported` of the protected-resource metadata. */
  resourceScopes?: readonly string[];
  /** Scopes configured for the server, used when neither of the above names any. */
  configured?: readonly string[];
  /** `scopes_supported` of the authorization server: `offline_access` is added only when listed there. */
  authorizationServerScopes?: readonly string[];
  /** Add `offline_access` when the AS lists it. @defaultValue true */
  offlineAccess?: boolean;
}

/**
 * Scopes for a new authorization: the challenge's, else the resource metadata's `scopes_supported`,
 * else the configured ones, else none (the `scope` parameter is then omitted). `offline_access`
 * is appended only when the authorization server lists it (SEP-2207) and some scope is requested.
 */
export function selectScopes(sources: ScopeSources): string[] {
  const base = nonEmpty(sources.challenge) ?? nonEmpty(sources.resourceScopes) ?? nonEmpty(sources.configured) ?? [];
  if (base.length === 0) return [];
  const offline = (sources.offlineAccess ?? true) && (sources.authorizationServerScopes ?? []).includes('offline_access');
  return offline ? unionScopes(base, ['offline_access']) : [...new Set(base)];
}

/** Step-up (AUTH-16): the union of what was requested or granted before and what is challenged now, in first-seen order. */
export function unionScopes(...sets: (readonly string[] | undefined)[]): string[] {
  const out = new Set<string>();
  for (const set of sets) for (const s of set ?? []) if (s) out.add(s);
  return [...out];
}

/** Whether every scope of `wanted` is already in `held` (a step-up would ask for nothing new). */
export function coversScopes(held: readonly string[], wanted: readonly string[]): boolean {
  const have = new Set(held);
  return wanted.every((s) => have.has(s));
}

/** The `scope` parameter value, or undefined when there are none (never an empty string). */
export function scopeParam(scopes: readonly string[]): string | undefined {
  return scopes.length > 0 ? scopes.join(' ') : undefined;
}

export { splitScopes };

function nonEmpty(list: readonly string[] | undefined): string[] | undefined {
  return list && list.length > 0 ? [...list] : undefined;
}
