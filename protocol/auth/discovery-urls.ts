// Where to look for metadata, in the order the MCP authorization spec gives (AUTH-5, AUTH-7, AUTH-9):
// RFC 9728 protected-resource metadata, RFC 8414 and OpenID Connect Discovery authorization-server
// metadata, and the 2025-03-26 default endpoints for servers that publish no metadata at all.

const PRM_WELL_KNOWN = '/.well-known/oauth-protected-resource';

function pathOf(url: URL): string {
  return url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
}

/**
 * Protected-resource metadata URLs to try, best first (RFC 9728 §3.1, §5.1; SEP-985):
 * the challenge's `resource_metadata` alone when given, else the path-inserted URL (only when the
 * server URL has a path) and then the root one.
 */
export function protectedResourceMetadataUrls(serverUrl: string | URL, fromChallenge?: string): string[] {
  if (fromChallenge) return [new URL(fromChallenge, serverUrl).href];
  const url = new URL(String(serverUrl));
  const path = pathOf(url);
  const root = `${url.origin}${PRM_WELL_KNOWN}`;
  return path ? [`${root}${path}`, root] : [root];
}

/**
 * Authorization-server metadata URLs for `issuer`, in the AUTH-7 order: for an issuer with a path,
 * RFC 8414 path insertion, OIDC path insertion, then OIDC path appending; for a path-less issuer,
 * RFC 8414 then OIDC. The root RFC 8414 URL is never tried for an issuer with a path.
 */
export function authorizationServerMetadataUrls(issuer: string | URL): string[] {
  const url = new URL(String(issuer));
  const path = pathOf(url);
  if (!path) return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/**
 * 2025-03-26 servers without protected-resource metadata: the MCP server's origin is the
 * authorization server ("authorization base URL": the URL with its path discarded).
 */
export function legacyAuthorizationBase(serverUrl: string | URL): string {
  return new URL(String(serverUrl)).origin;
}

/** The 2025-03-26 default endpoints used when the origin publishes no metadata either. */
export function legacyDefaultEndpoints(serverUrl: string | URL): { authorization_endpoint: string; token_endpoint: string; registration_endpoint: string } {
  const base = legacyAuthorizationBase(serverUrl);
  return { authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, registration_endpoint: `${base}/register` };
}
