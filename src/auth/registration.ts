// Client identity (AUTH-10..14): configured → client ID metadata document → dynamic registration
// (RFC 7591), with application_type "native" and a lenient reading of the answer (200 or 201, no
// client_secret_expires_at required: oauth4webapi's strict parser refuses real servers there).
import { AuthRefusedError } from '../errors/auth-errors.js';
import type { AuthFetch } from '../transports/http/auth-handler.js';
import { bareCopy, boundedSignal } from './oauth-requests.js';
import type { AuthServerMetadata, ClientIdentity, OAuthOptions } from './types.js';

export interface IdentityInput {
  as: AuthServerMetadata;
  options: OAuthOptions;
  /** The redirect URI that will be used (loopback or the hook's). */
  redirectUri?: string;
  /** A registration stored for this issuer earlier. */
  stored?: ClientIdentity;
  /** Grant types to register (device flow adds its own). */
  grantTypes: string[];
  fetch: AuthFetch;
  serverName?: string;
  signal?: AbortSignal;
}

/** The client id to use at `as`, registering one if needed. */
export async function clientIdentity(input: IdentityInput): Promise<ClientIdentity> {
  const { as, options } = input;
  if (options.clientId) {
    return {
      client_id: options.clientId,
      ...(options.clientSecret ? { client_secret: options.clientSecret } : {}),
      ...(options.privateKeyPem ? { token_endpoint_auth_method: 'private_key_jwt' } : {}),
      source: 'configured',
    };
  }
  const stored = input.stored;
  if (stored && (stored.source !== 'dcr' || input.redirectUri === undefined || stored.redirect_uri === input.redirectUri)) return stored;
  if (as.client_id_metadata_document_supported === true && options.clientMetadataUrl) {
    return { client_id: options.clientMetadataUrl, token_endpoint_auth_method: 'none', source: 'cimd' };
  }
  if (as.registration_endpoint) return register(input);
  throw new AuthRefusedError({
    server: input.serverName,
    step: 'client registration',
    description:
      'the authorization server offers neither dynamic registration nor client ID metadata documents; configure auth.clientId (and auth.clientSecret) for this server',
  });
}

function preferredAuthMethod(supported: string[] | undefined): string {
  // A CLI is a public client: `none` when allowed (or unspecified), else what the AS lists first.
  if (!supported || supported.length === 0 || supported.includes('none')) return 'none';
  for (const m of ['client_secret_basic', 'client_secret_post']) if (supported.includes(m)) return m;
  return supported[0] ?? 'none';
}

async function register(input: IdentityInput): Promise<ClientIdentity> {
  const { as, fetch } = input;
  const method = preferredAuthMethod(as.token_endpoint_auth_methods_supported);
  const body = {
    client_name: 'mcp-bridge',
    ...(input.redirectUri ? { redirect_uris: [input.redirectUri] } : {}),
    grant_types: input.grantTypes,
    response_types: input.grantTypes.includes('authorization_code') ? ['code'] : [],
    token_endpoint_auth_method: method,
    application_type: 'native',
  };
  let response: Response;
  try {
    response = await fetch(as.registration_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: boundedSignal(input.signal),
      redirect: 'manual',
    });
  } catch (error) {
    throw new AuthRefusedError(
      {
        server: input.serverName,
        step: 'client registration',
        description: error instanceof Error ? error.message : String(error),
        url: as.registration_endpoint,
      },
      bareCopy(error),
    );
  }
  const text = await response.text();
  let answer: Record<string, unknown> = {};
  try {
    answer = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  if (response.status !== 200 && response.status !== 201) {
    throw new AuthRefusedError({
      server: input.serverName,
      step: 'client registration',
      status: response.status,
      error: typeof answer.error === 'string' ? answer.error : undefined,
      description: typeof answer.error_description === 'string' ? answer.error_description : `HTTP ${response.status}`,
    });
  }
  if (typeof answer.client_id !== 'string' || answer.client_id === '') {
    throw new AuthRefusedError({ server: input.serverName, step: 'client registration', description: 'the registration answer has no client_id' });
  }
  return {
    client_id: answer.client_id,
    ...(typeof answer.client_secret === 'string' ? { client_secret: answer.client_secret } : {}),
    token_endpoint_auth_method:
      typeof answer.token_endpoint_auth_method === 'string' ? answer.token_endpoint_auth_method : typeof answer.client_secret === 'string' ? undefined : method,
    ...(input.redirectUri ? { redirect_uri: input.redirectUri } : {}),
    source: 'dcr',
  };
}
