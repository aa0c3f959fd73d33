// Discovery for one MCP server: protected-resource metadata (RFC 9728) checked against the server,
// then the authorization server's metadata (RFC 8414 / OIDC) in the AUTH-7 order with the issuer
// check; servers without PRM get the 2025-03-26 behaviour (origin as AS, then default endpoints).
import {
  authorizationServerMetadataUrls,
  canonicalResource,
  issuerMatches,
  legacyDefaultEndpoints,
  protectedResourceMetadataUrls,
  resourceAllowed,
  secureEndpoint,
} from '../../protocol/auth/index.js';
import { AuthRefusedError, AuthResourceMismatchError } from '../errors/auth-errors.js';
import type { AuthFetch } from '../transports/http/auth-handler.js';
import { getJson, stringList } from './oauth-requests.js';
import type { AuthServerMetadata, Discovered, OAuthOptions } from './types.js';

export interface DiscoverInput {
  serverUrl: URL;
  serverName?: string;
  /** `resource_metadata` of the challenge. */
  resourceMetadata?: string;
  resourceOption?: OAuthOptions['resource'];
  fetch: AuthFetch;
  signal?: AbortSignal;
}

/**
 * Finds the authorization server for `serverUrl`.
 * @throws AuthResourceMismatchError (`MCPB_AUTH_RESOURCE_MISMATCH`) before anything reaches an AS when
 *   the metadata names another resource or issuer; AuthRefusedError when no AS can be found.
 */
export async function discover(input: DiscoverInput): Promise<Discovered> {
  const { serverUrl, serverName, fetch, signal } = input;
  if (input.resourceMetadata) {
    // vercel/ai's rule: a hostile server must not steer discovery to another origin.
    let prmUrl: URL | undefined;
    try {
      prmUrl = new URL(input.resourceMetadata, serverUrl);
    } catch {
      prmUrl = undefined;
    }
    if (!prmUrl || prmUrl.origin !== serverUrl.origin)
      throw new AuthResourceMismatchError({
        server: serverName,
        expected: serverUrl.origin,
        got: String(prmUrl?.origin ?? input.resourceMetadata),
        what: 'metadata URL',
      });
  }
  let prm: Record<string, unknown> | undefined;
  for (const url of protectedResourceMetadataUrls(serverUrl, input.resourceMetadata)) {
    const answer = await getJson(fetch, url, signal);
    if (answer.value) {
      prm = answer.value;
      break;
    }
  }
  if (!prm) return legacyDiscovery(serverUrl, serverName, fetch, signal);
  const named = typeof prm.resource === 'string' ? prm.resource : undefined;
  if (named !== undefined && !resourceAllowed(serverUrl, named)) {
    throw new AuthResourceMismatchError({ server: serverName, expected: String(serverUrl), got: named, what: 'resource' });
  }
  const issuer = stringList(prm.authorization_servers)?.[0];
  if (!issuer)
    throw new AuthRefusedError({ server: serverName, step: 'discovery', description: 'the protected-resource metadata names no authorization_servers' });
  const as = await fetchAsMetadata(issuer, fetch, signal);
  if (!as) throw new AuthRefusedError({ server: serverName, step: 'discovery', description: `no authorization-server metadata found for ${issuer}` });
  // AUTH-8, with the trailing-slash allowance for path-less issuers.
  if (!issuerMatches(issuer, as.issuer)) throw new AuthResourceMismatchError({ server: serverName, expected: issuer, got: as.issuer, what: 'issuer' });
  checkEndpoints(as, serverName);
  return {
    as,
    resource: resourceToSend(input.resourceOption, named, serverUrl),
    resourceScopes: stringList(prm.scopes_supported),
    ...(prm.dpop_bound_access_tokens_required === true ? { dpopRequired: true } : {}),
    via: 'prm',
  };
}

/** 2025-03-26: the server's origin is the AS; its metadata, else the default endpoints. No issuer check. */
async function legacyDiscovery(serverUrl: URL, serverName: string | undefined, fetch: AuthFetch, signal?: AbortSignal): Promise<Discovered> {
  const origin = serverUrl.origin;
  const found = await fetchAsMetadata(origin, fetch, signal);
  const resource = canonicalResource(serverUrl);
  if (found) {
    checkEndpoints(found, serverName);
    return { as: found, resource, via: 'legacy-metadata' };
  }
  return { as: { issuer: origin, ...legacyDefaultEndpoints(serverUrl) }, resource, via: 'legacy-defaults' };
}

async function fetchAsMetadata(issuer: string, fetch: AuthFetch, signal?: AbortSignal): Promise<AuthServerMetadata | undefined> {
  for (const url of authorizationServerMetadataUrls(issuer)) {
    const answer = await getJson(fetch, url, signal);
    if (answer.value && typeof answer.value.issuer === 'string') return answer.value as AuthServerMetadata;
  }
  return undefined;
}

function checkEndpoints(as: AuthServerMetadata, serverName: string | undefined): void {
  for (const key of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'device_authorization_endpoint', 'revocation_endpoint'] as const) {
    const url = as[key];
    if (url !== undefined && (typeof url !== 'string' || !secureEndpoint(url))) {
      throw new AuthRefusedError({ server: serverName, step: 'discovery', description: `${key} ${String(url)} is neither https: nor loopback http:` });
    }
  }
}

function resourceToSend(option: OAuthOptions['resource'], named: string | undefined, serverUrl: URL): string | undefined {
  if (option === false) return undefined;
  if (typeof option === 'string' && option !== 'auto') return option;
  // typescript-sdk#1968: the metadata's string verbatim, never re-serialised through URL.
  return named ?? canonicalResource(serverUrl);
}
