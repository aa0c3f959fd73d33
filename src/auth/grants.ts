// Token-endpoint requests through oauth4webapi (loaded on first use, never on the stdio path): the
// code exchange, refresh, client_credentials, token exchange + jwt-bearer, device code, revocation.
// Client authentication is ours (Basic encoding, private_key_jwt); errors become AuthRefusedError.
import { basicAuthorization, secureEndpoint, selectClientAuthMethod, splitScopes } from '../../protocol/auth/index.js';
import { AuthRefusedError } from '../errors/auth-errors.js';
import type { AuthFetch } from '../transports/http/auth-handler.js';
import { bareCopy, boundedSignal } from './oauth-requests.js';
import type { DpopKey } from './dpop.js';
import { signClientAssertion } from './jwt.js';
import type { AuthServerMetadata, ClientIdentity, TokenSet } from './types.js';

type OAuth = typeof import('oauth4webapi');
let loaded: Promise<OAuth> | undefined;

/** oauth4webapi, imported once, only when a server needs OAuth. */
export function oauth(): Promise<OAuth> {
  loaded ??= import('oauth4webapi');
  return loaded;
}

/** Everything a grant needs about the server and the client. */
export interface GrantContext {
  as: AuthServerMetadata;
  client: ClientIdentity;
  privateKeyPem?: string;
  signingAlgorithm?: string;
  fetch: AuthFetch;
  serverName?: string;
  signal?: AbortSignal;
  now?: () => number;
  /** DPoP (RFC 9449): token requests carry a proof made with this key, and the token is bound to it. */
  dpop?: DpopKey;
  /** Told every secret value this grant makes or receives (assertions, tokens), so the redactor masks it from then on. */
  learn?: (values: readonly (string | undefined)[]) => void;
}

/** One oauth4webapi DPoP handle per key: it keeps the nonce each authorization server gave last. */
const dpopHandles = new WeakMap<DpopKey, import('oauth4webapi').DPoPHandle>();

/** oauth4webapi's request options: our fetch (the server's dispatcher), loopback http allowed, a timeout, the DPoP handle. */
export async function requestOptions(ctx: GrantContext, extra: Record<string, unknown> = {}): Promise<Record<string | symbol, unknown>> {
  const o = await oauth();
  const insecure = Object.values(ctx.as).some((v) => typeof v === 'string' && v.startsWith('http:') && secureEndpoint(v));
  let dpop: import('oauth4webapi').DPoPHandle | undefined;
  if (ctx.dpop) {
    dpop = dpopHandles.get(ctx.dpop) ?? o.DPoP({}, ctx.dpop.pair as unknown as Parameters<OAuth['DPoP']>[1]);
    dpopHandles.set(ctx.dpop, dpop);
  }
  return {
    [o.customFetch]: ctx.fetch,
    ...(insecure ? { [o.allowInsecureRequests]: true } : {}),
    signal: boundedSignal(ctx.signal),
    ...(dpop ? { DPoP: dpop } : {}),
    ...extra,
  };
}

/** The client-auth function for the chosen method (RFC 6749 §2.3.1; RFC 7523). */
export async function clientAuth(ctx: GrantContext): Promise<import('oauth4webapi').ClientAuth> {
  const o = await oauth();
  // No client id (workload identity without one): the assertion alone authenticates (RFC 7523 §3).
  if (ctx.client.client_id === '') return () => {};
  const method = selectClientAuthMethod({
    registered: ctx.client.token_endpoint_auth_method,
    supported: ctx.as.token_endpoint_auth_methods_supported,
    hasSecret: ctx.client.client_secret !== undefined,
    hasPrivateKey: ctx.privateKeyPem !== undefined,
  });
  const { client_id: id, client_secret: secret } = ctx.client;
  if (method === 'client_secret_basic')
    return (_as, _client, _body, headers) => {
      headers.set('authorization', basicAuthorization(id, secret!));
    };
  if (method === 'client_secret_post') return o.ClientSecretPost(secret!);
  if (method === 'private_key_jwt') {
    return (as, _client, body) => {
      const assertion = signClientAssertion({
        privateKeyPem: ctx.privateKeyPem!,
        algorithm: ctx.signingAlgorithm,
        clientId: id,
        audience: as.issuer,
        now: ctx.now?.(),
      });
      ctx.learn?.([assertion]);
      body.set('client_id', id);
      body.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
      body.set('client_assertion', assertion);
    };
  }
  return o.None();
}

/** The oauth4webapi views of the AS and the client. */
export function views(ctx: GrantContext): { as: import('oauth4webapi').AuthorizationServer; client: import('oauth4webapi').Client } {
  return { as: ctx.as as import('oauth4webapi').AuthorizationServer, client: { client_id: ctx.client.client_id } };
}

/** Turns a token answer into a TokenSet with an absolute expiry; granted scope falls back to the request's. */
export function tokenSetOf(
  answer: { access_token: string; token_type?: string; expires_in?: number; refresh_token?: string; scope?: string },
  requested: string[] | undefined,
  now: number,
  previousRefresh?: string,
): TokenSet {
  return {
    access_token: answer.access_token,
    token_type: answer.token_type ?? 'bearer',
    ...(typeof answer.expires_in === 'number' ? { expires_at: now + answer.expires_in * 1000, issued_at: now } : {}),
    // RFC 6749 §6: keep the old refresh token when the answer has none; take the rotated one when it does.
    ...((answer.refresh_token ?? previousRefresh) ? { refresh_token: answer.refresh_token ?? previousRefresh } : {}),
    ...(answer.scope !== undefined ? { scope: splitScopes(answer.scope) } : requested ? { scope: requested } : {}),
  };
}

/**
 * Maps an oauth4webapi failure (or any other) to AuthRefusedError, keeping the AS's `error` and
 * `error_description`. The library's error never becomes the cause: its own cause holds what it
 * parsed (the callback's code and state, the token answer), so only a bare copy of its name, message
 * and code is chained.
 */
export function refused(step: string, ctx: { serverName?: string; as?: { token_endpoint?: string } }, error: unknown, url?: string): AuthRefusedError {
  if (error instanceof AuthRefusedError) return error;
  const e = error as {
    error?: unknown;
    error_description?: unknown;
    status?: unknown;
    message?: unknown;
    cause?: { error?: unknown; error_description?: unknown };
  };
  const cause = e.cause !== null && typeof e.cause === 'object' && !(e.cause instanceof URLSearchParams) ? e.cause : undefined;
  const code = typeof e.error === 'string' ? e.error : typeof cause?.error === 'string' ? cause.error : undefined;
  const description =
    typeof e.error_description === 'string'
      ? e.error_description
      : typeof cause?.error_description === 'string'
        ? cause.error_description
        : typeof e.message === 'string'
          ? e.message
          : String(error);
  return new AuthRefusedError(
    { server: ctx.serverName, step, error: code, description, status: typeof e.status === 'number' ? e.status : undefined, url },
    bareCopy(error),
  );
}

/** Excerpt of a non-OAuth error body kept in messages (it passes the redactor like every message). */
const BODY_EXCERPT_CHARS = 200;

/**
 * An answer that is not 2xx and carries no OAuth error object (RFC 6749 §5.2): a gateway's 500 page,
 * an empty 503. oauth4webapi would call it "not a conform Token Endpoint response"; this names the
 * status and the endpoint instead. An OAuth `error` answer becomes AuthRefusedError with its error and
 * description. The tokens of a 2xx answer are learnt by the redactor first.
 */
async function inspectAnswer(step: string, ctx: GrantContext, response: Response): Promise<void> {
  const text = await response
    .clone()
    .text()
    .catch(() => '');
  let body: Record<string, unknown> | undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  if (response.status >= 200 && response.status < 300) {
    // Learnt before oauth4webapi reads it, so even a failure to process the answer cannot show them.
    const values = ['access_token', 'refresh_token', 'id_token'].map((k) => body?.[k]).filter((v): v is string => typeof v === 'string');
    ctx.learn?.(values);
    return;
  }
  const endpoint = ctx.as.token_endpoint!;
  if (typeof body?.error === 'string') {
    // RFC 6749 §5.2, read here rather than by oauth4webapi: its errors for a 401 carry the parsed
    // challenge and the response, and put only "a challenge in the WWW-Authenticate header" in front.
    throw new AuthRefusedError({
      server: ctx.serverName,
      step,
      error: body.error,
      description: typeof body.error_description === 'string' ? body.error_description : undefined,
      status: response.status,
      url: endpoint,
    });
  }
  const excerpt = text.trim().slice(0, BODY_EXCERPT_CHARS);
  throw new AuthRefusedError({
    server: ctx.serverName,
    step,
    status: response.status,
    url: endpoint,
    description: `the token endpoint ${endpoint} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${excerpt ? `: ${excerpt}` : ' with no OAuth error'}`,
  });
}

/** Runs one token-endpoint exchange and its processing, mapping failures. */
export async function tokenRequest(
  step: string,
  ctx: GrantContext,
  run: (o: OAuth, auth: import('oauth4webapi').ClientAuth, options: Record<string | symbol, unknown>) => Promise<Response>,
  process: (
    o: OAuth,
    response: Response,
  ) => Promise<{ access_token: string; token_type?: string; expires_in?: number; refresh_token?: string; scope?: string }>,
  requested?: string[],
  previousRefresh?: string,
): Promise<TokenSet> {
  const o = await oauth();
  if (!ctx.as.token_endpoint)
    throw new AuthRefusedError({ server: ctx.serverName, step, description: 'the authorization server metadata has no token_endpoint' });
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await run(o, await clientAuth(ctx), await requestOptions(ctx));
      await inspectAnswer(step, ctx, response);
      const answer = await process(o, response);
      return tokenSetOf(answer, requested, ctx.now?.() ?? Date.now(), previousRefresh);
    } catch (error) {
      // RFC 9449 §8: the AS wants a nonce; the handle took it from DPoP-Nonce, so one more try.
      if (ctx.dpop && attempt === 0 && (error as { error?: unknown }).error === 'use_dpop_nonce') continue;
      throw refused(step, ctx, error, ctx.as.token_endpoint);
    }
  }
}

/** RFC 6749 §6 refresh, with `resource` (RFC 8707) again. */
export function refreshGrant(ctx: GrantContext, refreshToken: string, resource: string | undefined, scope: string[] | undefined): Promise<TokenSet> {
  const additionalParameters: Record<string, string> = resource ? { resource } : {};
  return tokenRequest(
    'token refresh',
    ctx,
    async (o, auth, options) => {
      const { as, client } = views(ctx);
      return o.refreshTokenGrantRequest(as, client, auth, refreshToken, { ...options, additionalParameters });
    },
    (o, response) => {
      const { as, client } = views(ctx);
      return o.processRefreshTokenResponse(as, client, response);
    },
    scope,
    refreshToken,
  );
}

/** client_credentials (RFC 6749 §4.4; ext-auth SEP-1046). */
export function clientCredentialsGrant(ctx: GrantContext, scopes: string[], resource: string | undefined): Promise<TokenSet> {
  const parameters: Record<string, string> = { ...(scopes.length ? { scope: scopes.join(' ') } : {}), ...(resource ? { resource } : {}) };
  return tokenRequest(
    'client_credentials grant',
    ctx,
    async (o, auth, options) => {
      const { as, client } = views(ctx);
      return o.clientCredentialsGrantRequest(as, client, auth, parameters, options);
    },
    (o, response) => {
      const { as, client } = views(ctx);
      return o.processClientCredentialsResponse(as, client, response);
    },
    scopes,
  );
}

/** Any grant by type (token exchange, jwt-bearer); `N_A` token types (RFC 8693 §2.2.1) accepted. */
export function genericGrant(step: string, ctx: GrantContext, grantType: string, parameters: Record<string, string>, requested?: string[]): Promise<TokenSet> {
  return tokenRequest(
    step,
    ctx,
    async (o, auth, options) => {
      const { as, client } = views(ctx);
      return o.genericTokenEndpointRequest(as, client, auth, grantType, parameters, options);
    },
    (o, response) => {
      const { as, client } = views(ctx);
      return o.processGenericTokenEndpointResponse(as, client, response, { recognizedTokenTypes: { n_a: () => {}, bearer: () => {} } });
    },
    requested,
  );
}

/** RFC 7009 revocation, where the AS offers it; failures are reported, never thrown past logout. */
export async function revoke(ctx: GrantContext, token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
  const o = await oauth();
  const { as, client } = views(ctx);
  try {
    const response = await o.revocationRequest(as, client, await clientAuth(ctx), token, {
      ...(await requestOptions(ctx)),
      additionalParameters: { token_type_hint: hint },
    });
    await o.processRevocationResponse(response);
  } catch (error) {
    throw refused('token revocation', ctx, error);
  }
}
