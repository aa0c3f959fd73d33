// Comparisons that decide whether discovery may go on: the protected resource named by the metadata
// against the server we are talking to, and the issuer named in metadata against the one expected.

/**
 * Canonical resource URI of an MCP server (RFC 8707 §2, MCP #canonical-server-uri): lower-case scheme
 * and host (URL parsing does that), no fragment, no trailing slash unless the path is only `/`;
 * and the bare origin for a path-less URL (never `https://host/`, which some ASes refuse).
 */
export function canonicalResource(serverUrl: string | URL): string {
  const url = new URL(String(serverUrl));
  url.hash = '';
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path}${url.search}`;
}

/**
 * Whether metadata naming `resource` may be used for `serverUrl` (RFC 9728 §3.3 with the prefix rule
 * MCP clients apply): same origin, and the resource's path is a prefix of the server's path on a
 * segment boundary. A root resource (`https://host` or `https://host/`) covers every path.
 */
export function resourceAllowed(serverUrl: string | URL, resource: string): boolean {
  let server: URL;
  let named: URL;
  try {
    server = new URL(String(serverUrl));
    named = new URL(resource);
  } catch {
    return false;
  }
  if (server.origin !== named.origin) return false;
  const want = named.pathname.replace(/\/+$/, '');
  const have = server.pathname.replace(/\/+$/, '');
  return want === '' || have === want || have.startsWith(`${want}/`);
}

/**
 * Issuer comparison for metadata (RFC 8414 §3.3, AUTH-8): exact, except that a path-less issuer may
 * differ by one trailing `/` (`https://accounts.google.com/` vs `https://accounts.google.com`).
 * The callback's `iss` (RFC 9207) is compared exactly instead; see {@link callbackIssuerMatches}.
 */
export function issuerMatches(expected: string, actual: string): boolean {
  if (expected === actual) return true;
  const strip = (s: string) => s.replace(/\/$/, '');
  if (strip(expected) !== strip(actual)) return false;
  try {
    return new URL(strip(expected)).pathname === '/';
  } catch {
    return false;
  }
}

/** RFC 9207 §2.4: the authorization response's `iss` must equal the metadata issuer, character for character. */
export function callbackIssuerMatches(issuer: string, iss: string | undefined | null): boolean {
  return iss === issuer;
}

/** Whether `url` may carry OAuth traffic: `https:`, or `http:` to a loopback host (tests, conformance). */
export function secureEndpoint(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
}

/** `localhost`, `*.localhost`, 127.0.0.0/8 and `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}
