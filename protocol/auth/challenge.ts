// WWW-Authenticate parsing (RFC 9110 §11.6.1, RFC 6750 §3): several challenges in one header, each a
// scheme followed by auth-params whose values are tokens or quoted strings (with backslash escapes).

/** One challenge: the scheme (lower-cased) and its parameters (names lower-cased, values unescaped). */
export interface AuthChallenge {
  scheme: string;
  params: Record<string, string>;
  /** A token68 value (`Basic abc==`), when the challenge carries one instead of parameters. */
  token68?: string;
}

/** The Bearer parameters MCP clients act on (RFC 6750 §3, RFC 9728 §5.1); a DPoP challenge (RFC 9449 §7.1) has the same. */
export interface BearerChallenge {
  /** `dpop` when the server challenged with the DPoP scheme (it wants sender-constrained tokens). */
  scheme?: 'bearer' | 'dpop';
  resourceMetadata?: string;
  /** Space-separated scopes the server asks for, split. */
  scopes?: string[];
  error?: string;
  errorDescription?: string;
}

const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
// A token68 ends at a comma or the end; `name=value` never matches because a value follows the '='.
const TOKEN68 = /^([A-Za-z0-9\-._~+/]+=*)[ \t]*(?=,|$)/;

/** Splits a `WWW-Authenticate` value into its challenges; malformed tails are dropped, never thrown. */
export function parseWwwAuthenticate(header: string | undefined): AuthChallenge[] {
  const out: AuthChallenge[] = [];
  if (!header) return out;
  let i = 0;
  const n = header.length;
  const skipWs = () => {
    while (i < n && (header[i] === ' ' || header[i] === '\t')) i++;
  };
  const readToken = (): string => {
    const start = i;
    while (i < n && TOKEN.test(header.charAt(i))) i++;
    return header.slice(start, i);
  };
  // Lenient: servers send unquoted values with characters outside tchar (`scope=mcp:basic`).
  const readBare = (): string => {
    const start = i;
    while (i < n && header[i] !== ',' && header[i] !== ' ' && header[i] !== '\t') i++;
    return header.slice(start, i);
  };
  const readQuoted = (): string => {
    let value = '';
    i++; // opening quote
    while (i < n && header[i] !== '"') {
      if (header[i] === '\\' && i + 1 < n) i++;
      value += header[i++];
    }
    i++; // closing quote
    return value;
  };
  let current: AuthChallenge | undefined;
  while (i < n) {
    skipWs();
    if (header[i] === ',') {
      i++;
      continue;
    }
    const word = readToken();
    if (!word) {
      i++;
      continue;
    }
    skipWs();
    if (header[i] === '=' && current) {
      i++;
      skipWs();
      const value = header[i] === '"' ? readQuoted() : readBare();
      current.params[word.toLowerCase()] = value;
      continue;
    }
    // A new challenge starts with a scheme, optionally followed by a token68 (`Basic dXNlcg==`).
    current = { scheme: word.toLowerCase(), params: {} };
    out.push(current);
    skipWs();
    const token68 = TOKEN68.exec(header.slice(i));
    if (token68) {
      current.token68 = token68[1];
      i += token68[0].length;
    }
  }
  return out;
}

/**
 * The MCP parameters of the first Bearer challenge, else of the first DPoP one (a server that only
 * takes DPoP-bound tokens challenges with that scheme alone), or undefined when the header has neither.
 */
export function bearerChallengeOf(header: string | undefined): BearerChallenge | undefined {
  const challenges = parseWwwAuthenticate(header);
  const bearer = challenges.find((c) => c.scheme === 'bearer') ?? challenges.find((c) => c.scheme === 'dpop');
  if (!bearer) return undefined;
  const p = bearer.params;
  const scopes = p.scope !== undefined ? splitScopes(p.scope) : undefined;
  return {
    ...(bearer.scheme === 'dpop' ? { scheme: 'dpop' as const } : {}),
    ...(p.resource_metadata ? { resourceMetadata: p.resource_metadata } : {}),
    ...(scopes && scopes.length > 0 ? { scopes } : {}),
    ...(p.error ? { error: p.error } : {}),
    ...(p.error_description ? { errorDescription: p.error_description } : {}),
  };
}

/** Splits a space-separated scope string (RFC 6749 §3.3), dropping empties and duplicates. */
export function splitScopes(value: string | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(/[ \t]+/).filter((s) => s.length > 0))];
}
