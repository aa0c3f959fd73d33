// The OAuth client of one MCP server, behind the transports' AuthHandler seam: tokens from the store,
// proactive and single-flight refresh, and on a challenge discovery + identity + a grant, with the
// step-up policy (union of scopes, at most 3 attempts) and loop guards.
import {
  bearerChallengeOf,
  canonicalResource,
  coversScopes,
  parseWwwAuthenticate,
  refreshDue,
  selectScopes,
  unionScopes,
  type BearerChallenge,
} from '../../protocol/auth/index.js';
import type { Redact } from '../../protocol/redact.js';
import { AuthRequiredError, AuthStepUpRequiredError } from '../errors/auth-errors.js';
import type { AuthChallengeContext, AuthFetch, AuthHandler } from '../transports/http/auth-handler.js';
import { discover } from './discovery.js';
import { DpopState, isDpopTokenType } from './dpop.js';
import { HandlerSecrets } from './handler-secrets.js';
import type { GrantContext } from './grants.js';
import { refreshStored } from './refresh.js';
import { obtainTokens } from './obtain.js';
import { MemoryTokenStore, pointerKey, storeKey, type TokenStore } from './store.js';
import type { OAuthContext, OAuthOptions, StoredAuth, TokenSet } from './types.js';

/** Step-up authorizations for one method before giving up (AUTH-16). */
const MAX_STEP_UPS = 3;

/** OAuth 2.1 for one server. */
export class OAuthHandler implements AuthHandler {
  private readonly server: string;
  private readonly store: TokenStore;
  private record?: StoredAuth;
  private loaded?: Promise<void>;
  private authorizing?: Promise<void>;
  private readonly refreshing = new Map<string, Promise<TokenSet | undefined>>();
  private readonly stepUps = new Map<string, number>();
  /** The Authorization value the last authorization produced, until a request with it is accepted. */
  private fresh?: string;
  /** The Authorization value a refresh on a 401 produced, until a request with it is accepted. */
  private refreshed?: string;
  private readonly secrets: HandlerSecrets;
  private readonly dpop = new DpopState();

  /**
   * Masks every secret this handler was given or obtained (client secret, private key, tokens, codes,
   * verifiers, assertions), learnt the moment each exists; the HTTP transports add it to theirs.
   */
  readonly redact: Redact;
  /** Adds values to the redactor. */
  readonly learn: HandlerSecrets['learn'];

  constructor(
    readonly serverUrl: URL,
    readonly options: OAuthOptions,
    private readonly context: OAuthContext = {},
  ) {
    this.server = canonicalResource(serverUrl);
    this.store = typeof context.store === 'object' ? context.store : new MemoryTokenStore();
    this.secrets = new HandlerSecrets(options);
    this.redact = this.secrets.redact;
    this.learn = this.secrets.learn;
  }

  /** The OAuth request this handler is waiting on, if any (named by a start that timed out there). */
  stalledOn(): { step: string; url: string } | undefined {
    return this.secrets.stalledOn();
  }

  private now(): number {
    return this.context.now?.() ?? Date.now();
  }

  /** The Authorization value: `DPoP <token>` for a DPoP-bound token (RFC 9449 §7.1), else `Bearer <token>`. */
  private bearer(): string | undefined {
    const t = this.record?.tokens;
    if (!t) return undefined;
    return isDpopTokenType(t.token_type) && this.record?.dpop ? `DPoP ${t.access_token}` : `Bearer ${t.access_token}`;
  }

  /** A fresh DPoP proof for each request that carries a DPoP-bound token. */
  async proofHeaders(ctx: { httpMethod: string; url: string; authorization: string }): Promise<Record<string, string> | undefined> {
    const record = this.record;
    if (!record?.dpop || !record.tokens || !ctx.authorization.startsWith('DPoP ')) return undefined;
    return this.dpop.headers(record.dpop, ctx.httpMethod, ctx.url, record.tokens.access_token);
  }

  onDpopNonce(url: string, nonce: string): void {
    this.dpop.onNonce(url, nonce);
  }

  /** Loads the record of the issuer last used for this server, once. */
  private load(): Promise<void> {
    this.loaded ??= (async () => {
      const pointer = (await this.store.get(pointerKey(this.server))) as { issuer?: string } | undefined;
      if (!pointer?.issuer) return;
      const stored = (await this.store.get(storeKey(this.server, pointer.issuer))) as StoredAuth | undefined;
      if (stored?.version === 1) this.record = stored;
      this.secrets.learnRecord(this.record);
    })();
    return this.loaded;
  }

  authorization(ctx: { signal?: AbortSignal; fetch: AuthFetch }): Promise<string | undefined> {
    return this.secrets.masked(this.currentAuthorization(ctx));
  }

  private async currentAuthorization(ctx: { signal?: AbortSignal; fetch: AuthFetch }): Promise<string | undefined> {
    await this.load();
    const t = this.record?.tokens;
    if (t && refreshDue(t, this.now())) {
      if (t.refresh_token) {
        // A failed refresh leaves either no token (invalid_grant: the 401 then says what to do) or the old one.
        await this.refresh(this.secrets.tracked(ctx.fetch), ctx.signal).catch(() => undefined);
      } else if (this.options.mode === 'client_credentials' || this.options.mode === 'workload_identity') {
        // Machine grants have no refresh token: the grant runs again (a workload re-reads its platform token).
        // A failure sends the old token, and the 401 that follows reports it.
        await this.once(() =>
          this.authorize({ status: 401, httpMethod: 'POST', fetch: this.secrets.tracked(ctx.fetch), signal: ctx.signal }, {}, undefined),
        ).catch(() => undefined);
      }
    }
    return this.bearer();
  }

  onAccepted(): void {
    this.fresh = undefined;
    this.refreshed = undefined;
    this.stepUps.clear();
  }

  onChallenge(ctx: AuthChallengeContext): Promise<boolean> {
    return this.secrets.masked(this.challenged({ ...ctx, fetch: this.secrets.tracked(ctx.fetch) }));
  }

  private async challenged(ctx: AuthChallengeContext): Promise<boolean> {
    await this.load();
    const challenge = bearerChallengeOf(ctx.wwwAuthenticate) ?? {};
    // RFC 9449 §9: the resource server wants its nonce in the proof; onDpopNonce has it already.
    const dpopNonce = parseWwwAuthenticate(ctx.wwwAuthenticate).some((c) => c.scheme === 'dpop' && c.params.error === 'use_dpop_nonce');
    if (dpopNonce && this.dpop.retryForNonce(this.serverUrl.href, ctx.sentAuthorization)) return true;
    // Another request already replaced the token this one carried: just send it again.
    const current = this.bearer();
    if (current !== undefined && current !== ctx.sentAuthorization) return true;
    if (this.authorizing) {
      await this.authorizing;
      return true;
    }
    if (ctx.status === 403) return this.stepUp(ctx, challenge);
    if (ctx.sentAuthorization !== undefined && ctx.sentAuthorization === this.fresh) {
      throw new AuthRequiredError({ server: this.context.serverName, reason: 'the server refused the token it was just issued', url: this.server });
    }
    // A refreshed token refused too: the server may now trust another authorization server
    // (SEP-2352), so discovery runs again instead of refreshing at the old one in a loop.
    if (ctx.sentAuthorization !== undefined && ctx.sentAuthorization !== this.refreshed && this.record?.tokens?.refresh_token) {
      const refreshed = await this.refresh(ctx.fetch, ctx.signal).catch(() => undefined);
      if (refreshed) {
        this.refreshed = this.bearer();
        return true;
      }
    }
    await this.once(() => this.authorize(ctx, challenge, undefined));
    return true;
  }

  private async stepUp(ctx: AuthChallengeContext, challenge: BearerChallenge): Promise<boolean> {
    const held = unionScopes(this.record?.requested, this.record?.tokens?.scope);
    const wanted = challenge.scopes ?? [];
    const key = ctx.rpcMethod ?? ctx.httpMethod;
    const attempts = this.stepUps.get(key) ?? 0;
    // Stop when the server refuses scopes it already granted, or after the limit (scope-retry-limit).
    if (attempts >= MAX_STEP_UPS || (this.record?.tokens !== undefined && coversScopes(held, wanted))) {
      throw new AuthStepUpRequiredError({
        server: this.context.serverName,
        scopes: unionScopes(held, wanted),
        reason: attempts >= MAX_STEP_UPS ? `still refused after ${attempts} step-up authorizations` : 'refused although the token holds the scopes it asks for',
      });
    }
    this.stepUps.set(key, attempts + 1);
    // A refresh can never widen scope (RFC 6749 §6): step-up is a new authorization with the union.
    await this.once(() => this.authorize(ctx, challenge, unionScopes(held, wanted)));
    return true;
  }

  private once(work: () => Promise<void>): Promise<void> {
    this.authorizing ??= work().finally(() => {
      this.authorizing = undefined;
    });
    return this.authorizing;
  }

  private async authorize(ctx: AuthChallengeContext, challenge: BearerChallenge, stepUpScopes: string[] | undefined): Promise<void> {
    const discovered = await discover({
      serverUrl: this.serverUrl,
      serverName: this.context.serverName,
      resourceMetadata: challenge.resourceMetadata,
      resourceOption: this.options.resource,
      fetch: ctx.fetch,
      signal: ctx.signal,
    });
    const key = storeKey(this.server, discovered.as.issuer);
    const previous = (await this.store.get(key)) as StoredAuth | undefined;
    const scopes =
      stepUpScopes ??
      selectScopes({
        challenge: challenge.scopes,
        resourceScopes: discovered.resourceScopes,
        configured: this.options.scopes,
        authorizationServerScopes: discovered.as.scopes_supported,
        // A refresh token is for a user's grant: client_credentials and assertion grants ask again instead.
        offlineAccess: (this.options.mode ?? 'oauth') === 'oauth' && this.options.offlineAccess !== false,
      });
    const storedClient = previous?.version === 1 ? previous.client : undefined;
    const dpop = await this.dpop.forAuthorization({
      option: this.options.dpop,
      serverAsks: challenge.scheme === 'dpop' || discovered.dpopRequired === true,
      previous: storedClient ? previous?.dpop : undefined,
      algorithms: discovered.as.dpop_signing_alg_values_supported,
      server: this.context.serverName,
    });
    this.learn([dpop?.stored.privateJwk.d]);
    const { client, tokens } = await obtainTokens({
      discovered,
      options: this.options,
      context: this.context,
      scopes,
      storedClient,
      fetch: ctx.fetch,
      signal: ctx.signal,
      learn: this.learn,
      ...(dpop ? { dpop } : {}),
    });
    const record: StoredAuth = {
      version: 1,
      server: this.server,
      issuer: discovered.as.issuer,
      as: discovered.as,
      ...(discovered.resource ? { resource: discovered.resource } : {}),
      client,
      tokens,
      requested: scopes,
      ...(dpop ? { dpop: dpop.stored } : {}),
    };
    this.secrets.learnRecord(record);
    await this.store.set(key, record);
    await this.store.set(pointerKey(this.server), { issuer: record.issuer });
    this.record = record;
    this.fresh = this.bearer();
  }

  /** One refresh per refresh token at a time, in this process and (with a locking store) across processes. */
  private refresh(fetch: AuthFetch, signal?: AbortSignal): Promise<TokenSet | undefined> {
    const record = this.record;
    const refreshToken = record?.tokens?.refresh_token;
    if (!record || !refreshToken) return Promise.resolve(undefined);
    let flight = this.refreshing.get(refreshToken);
    if (!flight) {
      flight = this.refreshUnderLock(record, refreshToken, fetch, signal).finally(() => this.refreshing.delete(refreshToken));
      this.refreshing.set(refreshToken, flight);
    }
    return flight;
  }

  private refreshUnderLock(record: StoredAuth, refreshToken: string, fetch: AuthFetch, signal?: AbortSignal): Promise<TokenSet | undefined> {
    return refreshStored({
      store: this.store,
      key: storeKey(this.server, record.issuer),
      record,
      refreshToken,
      grant: (base) => this.grantContext(base, fetch, signal),
      dpopKeyOf: (stored) => this.dpop.keyOf(stored),
      adopt: (next) => {
        this.secrets.learnRecord(next);
        this.record = next;
      },
      dropped: (rest) => {
        if (this.record?.tokens?.refresh_token === refreshToken) this.record = { ...rest };
      },
      required: (error) =>
        new AuthRequiredError(
          { server: this.context.serverName, reason: 'the refresh token was refused (invalid_grant); a new login is needed', url: this.server },
          error,
        ),
    });
  }

  /** What a grant on `record`'s client needs (refresh, revocation). */
  private grantContext(record: StoredAuth, fetch: AuthFetch, signal?: AbortSignal): GrantContext {
    return {
      as: record.as,
      client: record.client!,
      privateKeyPem: this.options.privateKeyPem,
      signingAlgorithm: this.options.signingAlgorithm,
      fetch,
      serverName: this.context.serverName,
      signal,
      now: this.context.now,
      learn: this.learn,
    };
  }

  /** The stored record (status, logout). */
  async current(): Promise<StoredAuth | undefined> {
    await this.load();
    return this.record;
  }

  /** Forgets the tokens (logout); the registration stays unless `all`. */
  async forget(all = false): Promise<void> {
    await this.load();
    const record = this.record;
    if (!record) return;
    const key = storeKey(this.server, record.issuer);
    if (all) {
      await this.store.delete(key);
      await this.store.delete(pointerKey(this.server));
      this.record = undefined;
      return;
    }
    const { tokens: _t, ...rest } = record;
    await this.store.set(key, rest);
    this.record = rest;
  }

  /**
   * Revokes the tokens where the AS has a revocation endpoint (refresh token first: RFC 7009 §2.1
   * lets that revoke the access token too), then deletes them. Resolves whether anything was revoked.
   */
  logout(fetch: AuthFetch): Promise<boolean> {
    return this.secrets.masked(this.revokeAndForget(fetch));
  }

  private async revokeAndForget(fetch: AuthFetch): Promise<boolean> {
    await this.load();
    const record = this.record;
    const tokens = record?.tokens;
    let revoked = false;
    try {
      if (record && tokens && record.client && record.as.revocation_endpoint) {
        const { revoke } = await import('./grants.js');
        const ctx = this.grantContext(record, fetch);
        if (tokens.refresh_token) await revoke(ctx, tokens.refresh_token, 'refresh_token');
        await revoke(ctx, tokens.access_token, 'access_token');
        revoked = true;
      }
    } finally {
      await this.forget();
    }
    return revoked;
  }

  /** Runs an authorization now (`mcp-bridge auth login`), without waiting for a challenge. */
  login(fetch: AuthFetch, options: { scopes?: string[]; signal?: AbortSignal } = {}): Promise<StoredAuth> {
    return this.secrets.masked(
      (async () => {
        await this.load();
        const ctx: AuthChallengeContext = { status: 401, httpMethod: 'POST', fetch: this.secrets.tracked(fetch), signal: options.signal };
        await this.once(() => this.authorize(ctx, {}, options.scopes));
        return this.record!;
      })(),
    );
  }
}
