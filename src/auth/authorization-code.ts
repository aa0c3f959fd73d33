// The authorization code grant with PKCE S256, state, resource (RFC 8707) and iss (RFC 9207):
// build the URL, let the login step bring back the callback, validate it, exchange the code.
import { AuthRefusedError } from '../errors/auth-errors.js';
import { scopeParam } from '../../protocol/auth/index.js';
import { oauth, refused, tokenRequest, views, type GrantContext } from './grants.js';
import type { TokenSet } from './types.js';

/** One pending authorization: its URL and what the callback is checked against. */
export interface PendingAuthorization {
  url: URL;
  state: string;
  verifier: string;
  redirectUri: string;
}

/** Builds the authorization URL (OAuth 2.1 §4.1.1). */
export async function startAuthorization(
  ctx: GrantContext,
  redirectUri: string,
  scopes: string[],
  resource: string | undefined,
): Promise<PendingAuthorization> {
  const o = await oauth();
  if (!ctx.as.authorization_endpoint)
    throw new AuthRefusedError({
      server: ctx.serverName,
      step: 'authorization',
      description: 'the authorization server metadata has no authorization_endpoint',
    });
  const methods = ctx.as.code_challenge_methods_supported;
  // AUTH-17: refuse when the AS says it cannot do S256; the 2025-03-26 defaults have no metadata to say so.
  if (Array.isArray(methods) && !methods.includes('S256'))
    throw new AuthRefusedError({
      server: ctx.serverName,
      step: 'authorization',
      description: `the authorization server does not support PKCE S256 (code_challenge_methods_supported: ${methods.join(', ')})`,
    });
  const verifier = o.generateRandomCodeVerifier();
  const state = o.generateRandomState();
  ctx.learn?.([verifier]);
  const url = new URL(ctx.as.authorization_endpoint);
  const p = url.searchParams;
  p.set('response_type', 'code');
  p.set('client_id', ctx.client.client_id);
  p.set('redirect_uri', redirectUri);
  p.set('code_challenge', await o.calculatePKCECodeChallenge(verifier));
  p.set('code_challenge_method', 'S256');
  p.set('state', state);
  const scope = scopeParam(scopes);
  if (scope) p.set('scope', scope);
  // OpenID Connect Core §11: an AS may ignore offline_access unless consent is prompted for.
  if (scopes.includes('offline_access')) p.set('prompt', 'consent');
  if (resource) p.set('resource', resource);
  return { url, state, verifier, redirectUri };
}

/** Checks the callback (state, iss, error) and exchanges the code, sending the same `resource`. */
export async function finishAuthorization(
  ctx: GrantContext,
  pending: PendingAuthorization,
  callback: URL,
  scopes: string[],
  resource: string | undefined,
): Promise<TokenSet> {
  const o = await oauth();
  const { as, client } = views(ctx);
  ctx.learn?.([callback.searchParams.get('code') ?? undefined]);
  let params: URLSearchParams;
  try {
    params = o.validateAuthResponse(as, client, callback, pending.state);
  } catch (error) {
    throw refused('authorization', ctx, error, ctx.as.authorization_endpoint);
  }
  return tokenRequest(
    'authorization code exchange',
    ctx,
    async (lib, auth, options) => {
      return lib.authorizationCodeGrantRequest(as, client, auth, params, pending.redirectUri, pending.verifier, {
        ...options,
        additionalParameters: resource ? { resource } : {},
      });
    },
    (lib, response) => lib.processAuthorizationCodeResponse(as, client, response),
    scopes,
  );
}

/** The device authorization grant (RFC 8628): show the code, poll honouring interval and slow_down. */
export async function deviceAuthorization(ctx: GrantContext, scopes: string[], resource: string | undefined, print: (line: string) => void): Promise<TokenSet> {
  const o = await oauth();
  const { as, client } = views(ctx);
  const { clientAuth, requestOptions } = await import('./grants.js');
  const auth = await clientAuth(ctx);
  let device: import('oauth4webapi').DeviceAuthorizationResponse;
  try {
    const parameters: Record<string, string> = { ...(scopes.length ? { scope: scopes.join(' ') } : {}), ...(resource ? { resource } : {}) };
    device = await o.processDeviceAuthorizationResponse(
      as,
      client,
      await o.deviceAuthorizationRequest(as, client, auth, parameters, await requestOptions(ctx)),
    );
  } catch (error) {
    throw refused('device authorization', ctx, error);
  }
  print(`To sign in, open ${device.verification_uri_complete ?? device.verification_uri} and enter the code ${device.user_code}`);
  let interval = (device.interval ?? 5) * 1000;
  const deadline = (ctx.now?.() ?? Date.now()) + device.expires_in * 1000;
  for (;;) {
    if ((ctx.now?.() ?? Date.now()) > deadline)
      throw new AuthRefusedError({
        server: ctx.serverName,
        step: 'device authorization',
        error: 'expired_token',
        description: 'the device code expired before the login finished',
      });
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(resolve, interval);
      ctx.signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(t);
          reject(ctx.signal!.reason);
        },
        { once: true },
      );
    });
    try {
      return await tokenRequest(
        'device code grant',
        ctx,
        async (lib, a, options) =>
          lib.deviceCodeGrantRequest(as, client, a, device.device_code, { ...options, additionalParameters: resource ? { resource } : {} }),
        (lib, response) => lib.processDeviceCodeResponse(as, client, response),
        scopes,
      );
    } catch (error) {
      const code = (error as AuthRefusedError).error;
      if (code === 'authorization_pending') continue;
      if (code === 'slow_down') {
        interval += 5000;
        continue;
      }
      throw error;
    }
  }
}
