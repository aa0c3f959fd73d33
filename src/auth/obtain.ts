// Getting tokens once discovery is done, by the configured mode: client_credentials, cross-app access
// (RFC 8693 token exchange for an ID-JAG, then the RFC 7523 jwt-bearer grant), or the authorization
// code grant / device grant through whichever login step this process may use.
import { AuthRefusedError, AuthRequiredError } from '../errors/auth-errors.js';
import type { AuthFetch } from '../transports/http/auth-handler.js';
import { deviceAuthorization, finishAuthorization, startAuthorization } from './authorization-code.js';
import { clientCredentialsGrant, genericGrant, type GrantContext } from './grants.js';
import { clientIdentity } from './registration.js';
import type { ClientIdentity, Discovered, OAuthContext, OAuthOptions, TokenSet } from './types.js';

export interface ObtainInput {
  discovered: Discovered;
  options: OAuthOptions;
  context: OAuthContext;
  scopes: string[];
  storedClient?: ClientIdentity;
  fetch: AuthFetch;
  signal?: AbortSignal;
  /** The DPoP key the tokens are to be bound to, when DPoP is in use. */
  dpop?: import('./dpop.js').DpopKey;
  /** The handler's redactor: told every secret the grant makes or receives. */
  learn?: (values: readonly (string | undefined)[]) => void;
}

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code';

/** Runs the grant the options call for; resolves with the client used and the tokens. */
export async function obtainTokens(input: ObtainInput): Promise<{ client: ClientIdentity; tokens: TokenSet }> {
  const { discovered, options, context } = input;
  const grant = (client: ClientIdentity): GrantContext => {
    input.learn?.([client.client_secret]);
    return grantContext(client);
  };
  const grantContext = (client: ClientIdentity): GrantContext => ({
    as: discovered.as,
    client,
    privateKeyPem: options.privateKeyPem,
    signingAlgorithm: options.signingAlgorithm,
    fetch: input.fetch,
    serverName: context.serverName,
    signal: input.signal,
    now: context.now,
    learn: input.learn,
    ...(input.dpop ? { dpop: input.dpop } : {}),
  });
  const mode = options.mode ?? 'oauth';
  if (mode === 'client_credentials') {
    const client = requireConfigured(options, context, 'client_credentials');
    return { client, tokens: await clientCredentialsGrant(grant(client), input.scopes, discovered.resource) };
  }
  if (mode === 'cross-app') return crossApp(input, grant);
  if (mode === 'workload_identity') return workloadIdentity(input, grant);
  const interactive = context.authorize ? 'hook' : (options.interactive ?? 'never');
  if (interactive === 'never') {
    throw new AuthRequiredError({ server: context.serverName, reason: 'no valid token is stored and interactive login is not allowed in this process' });
  }
  const device = interactive === 'device' || (interactive === 'auto' && !canUseBrowser() && discovered.as.device_authorization_endpoint !== undefined);
  if (device) {
    if (!discovered.as.device_authorization_endpoint)
      throw new AuthRefusedError({
        server: context.serverName,
        step: 'device authorization',
        description: 'the authorization server offers no device_authorization_endpoint; use interactive: browser or paste',
      });
    const client = await clientIdentity({
      as: discovered.as,
      options,
      stored: input.storedClient,
      grantTypes: [DEVICE_CODE, 'refresh_token'],
      fetch: input.fetch,
      serverName: context.serverName,
      signal: input.signal,
    });
    const print = context.ui?.print ?? ((line: string) => process.stderr.write(`${line}\n`));
    return { client, tokens: await deviceAuthorization(grant(client), input.scopes, discovered.resource, print) };
  }
  if (context.authorize) {
    const redirectUri = context.redirectUri ?? 'http://127.0.0.1/callback';
    const client = await clientIdentity({
      as: discovered.as,
      options,
      redirectUri,
      stored: input.storedClient,
      grantTypes: ['authorization_code', 'refresh_token'],
      fetch: input.fetch,
      serverName: context.serverName,
      signal: input.signal,
    });
    const pending = await startAuthorization(grant(client), redirectUri, input.scopes, discovered.resource);
    const callback = await context.authorize(pending.url, redirectUri, input.signal);
    return { client, tokens: await finishAuthorization(grant(client), pending, callback, input.scopes, discovered.resource) };
  }
  const { runLogin } = await import('./login.js');
  return runLogin({ ...input, mode: interactive as 'auto' | 'browser' | 'paste', grant });
}

/** `auto` prefers the browser when one can be opened here: BROWSER names one, or a desktop session on a terminal. */
function canUseBrowser(): boolean {
  if (process.env.BROWSER) return true;
  return Boolean(process.stdout.isTTY) && !process.env.CI && !process.env.SSH_CONNECTION;
}

function requireConfigured(options: OAuthOptions, context: OAuthContext, what: string): ClientIdentity {
  if (!options.clientId)
    throw new AuthRefusedError({ server: context.serverName, step: what, description: `${what} needs auth.clientId (and clientSecret or privateKeyPem)` });
  return {
    client_id: options.clientId,
    ...(options.clientSecret ? { client_secret: options.clientSecret } : {}),
    ...(options.privateKeyPem ? { token_endpoint_auth_method: 'private_key_jwt' } : {}),
    source: 'configured',
  };
}

async function crossApp(input: ObtainInput, grant: (client: ClientIdentity) => GrantContext): Promise<{ client: ClientIdentity; tokens: TokenSet }> {
  const { discovered, options, context } = input;
  const idp = options.crossApp;
  if (!idp)
    throw new AuthRefusedError({
      server: context.serverName,
      step: 'cross-app access',
      description: 'auth.crossApp (idpTokenEndpoint, idToken) is not configured',
    });
  const idToken = typeof idp.idToken === 'function' ? await idp.idToken() : idp.idToken;
  input.learn?.([idToken]);
  // (1) RFC 8693 at the IdP: the user's ID token for an ID-JAG addressed to the MCP server's AS.
  const idpClient: ClientIdentity = {
    client_id: idp.idpClientId ?? options.clientId ?? '',
    ...(idp.idpClientSecret ? { client_secret: idp.idpClientSecret } : {}),
    token_endpoint_auth_method: idp.idpClientSecret ? undefined : 'none',
    source: 'configured',
  };
  const idpCtx: GrantContext = { ...grant(idpClient), as: { issuer: new URL(idp.idpTokenEndpoint).origin, token_endpoint: idp.idpTokenEndpoint } };
  const jag = await genericGrant('token exchange at the IdP', idpCtx, TOKEN_EXCHANGE, {
    requested_token_type: ID_JAG,
    subject_token: idToken,
    subject_token_type: ID_TOKEN,
    audience: discovered.as.issuer,
    ...(discovered.resource ? { resource: discovered.resource } : {}),
    ...(input.scopes.length ? { scope: input.scopes.join(' ') } : {}),
  });
  // (2) RFC 7523 §2.1 at the AS: the ID-JAG as the assertion.
  const client = requireConfigured(options, context, 'jwt-bearer grant');
  const tokens = await genericGrant('jwt-bearer grant', grant(client), JWT_BEARER, { assertion: jag.access_token }, input.scopes);
  return { client, tokens };
}

/**
 * Workload identity federation (RFC 7523 §2.1, SEP-1933): the platform's JWT as the assertion of a
 * jwt-bearer grant, read again every time (platforms rotate it). A refusal is final: no retry, no other grant.
 */
async function workloadIdentity(input: ObtainInput, grant: (client: ClientIdentity) => GrantContext): Promise<{ client: ClientIdentity; tokens: TokenSet }> {
  const { discovered, options, context } = input;
  const { readWorkloadAssertion } = await import('./workload.js');
  const assertion = await readWorkloadAssertion(options.workload, context.serverName);
  input.learn?.([assertion]);
  // The assertion is the credential; a client id (and its own authentication) only when configured.
  const client: ClientIdentity = {
    client_id: options.clientId ?? '',
    ...(options.clientSecret ? { client_secret: options.clientSecret } : {}),
    ...(options.privateKeyPem ? { token_endpoint_auth_method: 'private_key_jwt' } : {}),
    source: 'configured',
  };
  const parameters: Record<string, string> = {
    assertion,
    ...(input.scopes.length ? { scope: input.scopes.join(' ') } : {}),
    ...(discovered.resource ? { resource: discovered.resource } : {}),
  };
  const tokens = await genericGrant('jwt-bearer grant (workload identity)', grant(client), JWT_BEARER, parameters, input.scopes);
  return { client, tokens };
}
