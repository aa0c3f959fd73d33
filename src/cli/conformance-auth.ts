// The auth scenarios of the official suite (0.1.16): every one runs mcp-bridge's own OAuth client with
// an in-memory store (a token left from an earlier run would be an invalid-bearer-token FAILURE) and,
// for the authorization code grant, a "browser" that reads the AS's 302 without following it.
import type { HttpServerParams } from '../transports/create.js';
import type { OAuthOptions } from '../auth/index.js';

/** The scenario's data from `MCP_CONFORMANCE_CONTEXT`. */
type Context = Record<string, unknown> | undefined;

/** The client ID metadata document URL the suite expects (auth/basic-cimd). */
export const CONFORMANCE_CIMD_URL = 'https://conformance-test.local/client-metadata.json';

/** The authorization step without a user: GET the authorization URL, take the redirect's Location. */
async function followAuthorization(url: URL, redirectUri: string, signal?: AbortSignal): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual', signal });
  await response.body?.cancel().catch(() => undefined);
  const location = response.headers.get('location');
  if (!location) throw new Error(`the authorization endpoint answered HTTP ${response.status} without a redirect`);
  const callback = new URL(location, url);
  if (!callback.href.startsWith(redirectUri.replace(/\/callback$/, '')))
    throw new Error('the authorization endpoint redirected somewhere other than the redirect URI');
  return callback;
}

function text(context: Context, key: string): string | undefined {
  const value = context?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** OAuth options for a scenario, from its name and context. */
export async function authOptionsFor(scenario: string, context: Context): Promise<HttpServerParams['auth']> {
  const { MemoryTokenStore } = await import('../auth/index.js');
  const hookContext = { store: new MemoryTokenStore(), authorize: followAuthorization, redirectUri: 'http://127.0.0.1:33418/callback' };
  let options: OAuthOptions = { clientMetadataUrl: CONFORMANCE_CIMD_URL };
  if (scenario === 'auth/client-credentials-basic' || scenario === 'auth/client-credentials-jwt') {
    options = {
      mode: 'client_credentials',
      clientId: text(context, 'client_id'),
      clientSecret: text(context, 'client_secret'),
      privateKeyPem: text(context, 'private_key_pem'),
      signingAlgorithm: text(context, 'signing_algorithm'),
    };
  } else if (scenario === 'auth/cross-app-access-complete-flow' || scenario === 'auth/enterprise-managed-authorization') {
    // The enterprise-managed flow (token exchange, then JWT bearer with the ID-JAG); renamed in suite 0.2.
    options = {
      mode: 'cross-app',
      clientId: text(context, 'client_id'),
      clientSecret: text(context, 'client_secret'),
      crossApp: {
        idpTokenEndpoint: text(context, 'idp_token_endpoint') ?? '',
        idpClientId: text(context, 'idp_client_id'),
        idToken: text(context, 'idp_id_token') ?? '',
      },
    };
  } else if (scenario === 'auth/wif-jwt-bearer') {
    // Workload identity: the suite hands over the platform-issued JWT a workload would read from its file.
    options = { mode: 'workload_identity', clientId: text(context, 'client_id'), workload: { assertion: text(context, 'valid_jwt') ?? '' } };
  } else if (context?.client_id !== undefined) {
    // auth/pre-registration: credentials handed over by the suite (AUTH-12).
    options = { ...options, clientId: text(context, 'client_id'), clientSecret: text(context, 'client_secret') };
  }
  return { ...options, context: hookContext };
}

/** The 22 auth scenarios of 0.1.16 (conformance.md section 2). */
export const AUTH_SCENARIOS = [
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/resource-mismatch',
  'auth/offline-access-scope',
  'auth/offline-access-not-supported',
  'auth/client-credentials-basic',
  'auth/client-credentials-jwt',
  'auth/cross-app-access-complete-flow',
] as const;
