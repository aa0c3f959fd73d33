// A real authorization server for the OAuth tests: oidc-provider (pinned devDependency) on 127.0.0.1,
// with DCR, PKCE, resource indicators (audience-bound opaque tokens), refresh rotation, revocation,
// client_credentials and an auto-approving login; plus a test MCP server (the SDK's classes) that
// serves protected-resource metadata and checks every bearer against the provider.
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { checkProof } from './dpop-check.js';
import { after, before } from 'node:test';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

export interface TestAs {
  issuer: string;
  provider: Any;
  /** grant_type of every successful token request, in order. */
  grants: string[];
  /** The form of every token request, in order. */
  tokenRequests: URLSearchParams[];
  /** The OAuth `error` of every refused token request, in order. */
  tokenErrors: string[];
  /** Misbehaviours switched on by tests (see {@link AsFaults}). */
  faults: AsFaults;
  close(): Promise<void>;
}

/** What a test can make the real AS do wrong, around oidc-provider's own handling. */
export interface AsFaults {
  /** The token endpoint answers this HTTP status with a plain-text body, as a broken gateway would. */
  tokenStatus?: number;
  /** Token errors echo the request's client_secret (form or Basic) in `error_description`. */
  echoSecret?: boolean;
}

export interface TestMcp {
  url: string;
  /** Authorization values the server refused. */
  refused: number;
  /** Every access token the server was shown. */
  tokens: Set<string>;
  /** DPoP: the Authorization schemes seen, proofs accepted, and proofs refused (with why). */
  dpop: { schemes: string[]; accepted: number; refused: string[]; nonceChallenges: number };
  close(): Promise<void>;
}

const PROVIDER = 'oidc-provider';

async function listen(server: HttpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: HttpServer): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Starts the AS for the resource `resourceUrl` (its tokens are audience-bound to it). */
export async function startAs(options: {
  resourceUrl: () => string;
  clients?: Any[];
  accessTokenTtl?: number;
  features?: Any;
  /** Called with the provider before it serves anything (custom grant types). */
  setup?: (provider: Any) => void;
  /** More provider configuration (merged at the top level). */
  config?: Any;
}): Promise<TestAs> {
  const { default: Provider } = (await import(PROVIDER)) as { default: Any };
  const http = createServer();
  const port = await listen(http);
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: options.clients ?? [],
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      deviceFlow: { enabled: true },
      ...options.features,
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resourceUrl(),
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'mcp:tools mcp:write',
          audience: options.resourceUrl(),
          accessTokenFormat: 'opaque',
          accessTokenTTL: options.accessTokenTtl ?? 3600,
        }),
      },
    },
    scopes: ['openid', 'offline_access'],
    pkce: { required: () => true },
    interactions: { url: (_ctx: Any, interaction: Any) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key'] },
    // Public clients rotate refresh tokens; reuse revokes the family (oidc-provider's default).
    ttl: {
      AccessToken: options.accessTokenTtl ?? 3600,
      RefreshToken: 86400,
      Grant: 86400,
      Session: 86400,
      Interaction: 600,
      DeviceCode: 600,
      ClientCredentials: options.accessTokenTtl ?? 3600,
    },
    issueRefreshToken: async (_ctx: Any, client: Any, code: Any) => client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    ...options.config,
  });
  provider.proxy = false;
  options.setup?.(provider);
  const grants: string[] = [];
  const tokenRequests: URLSearchParams[] = [];
  const tokenErrors: string[] = [];
  const faults: AsFaults = {};
  provider.on('grant.success', (ctx: Any) => grants.push(String(ctx.oidc.params?.grant_type)));
  provider.use(async (ctx: Any, next: () => Promise<void>) => {
    if (ctx.path !== '/token') return next();
    if (faults.tokenStatus) {
      ctx.status = faults.tokenStatus;
      ctx.type = 'text/plain';
      ctx.body = 'upstream connect error or disconnect/reset before headers';
      return;
    }
    await next();
    const params = ctx.oidc?.params ?? {};
    tokenRequests.push(new URLSearchParams(Object.entries(params).filter(([, v]) => typeof v === 'string') as [string, string][]));
    if (ctx.status >= 400 && typeof ctx.body?.error === 'string') tokenErrors.push(ctx.body.error);
    if (faults.echoSecret && ctx.status >= 400 && ctx.body && typeof ctx.body === 'object') {
      const basic = /^Basic (.+)$/i.exec(String(ctx.headers.authorization ?? ''))?.[1];
      const secret = params.client_secret ?? (basic ? decodeURIComponent(Buffer.from(basic, 'base64').toString().split(':')[1] ?? '') : '');
      ctx.body = { ...ctx.body, error_description: `${ctx.body.error_description ?? ''} (client_secret ${secret} is not the registered one)` };
    }
  });
  const callback = provider.callback();
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      void approve(provider, req, res);
      return;
    }
    callback(req, res);
  });
  return { issuer, provider, grants, tokenRequests, tokenErrors, faults, close: () => close(http) };
}

// The "user": logs in as user-1 and grants whatever is asked.
async function approve(provider: Any, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const details = await provider.interactionDetails(req, res);
    const { prompt, params, session } = details;
    let result: Any;
    if (prompt.name === 'login') {
      result = { login: { accountId: 'user-1' } };
    } else {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
      if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
      for (const [indicator, scopes] of Object.entries(prompt.details.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, (scopes as string[]).join(' '));
      result = { consent: { grantId: await grant.save() } };
    }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  } catch (error) {
    if (!res.headersSent) res.writeHead(500).end(String(error));
  }
}

/**
 * The browser: follows the authorization URL through the AS (cookies kept) until it redirects to
 * `redirectUri`, and returns that callback URL without loading it.
 */
export async function browse(url: URL, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = url;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (!location) throw new Error(`the AS answered ${response.status} without a redirect at ${next.pathname}`);
    const target = new URL(location, next);
    if (target.href.startsWith(redirectUri)) return target;
    next = target;
  }
  throw new Error('too many redirects');
}

/** A stateless SDK MCP server with one tool, guarded by bearer tokens of `as` bound to its URL. */
export async function startMcp(
  getAs: () => TestAs,
  options: { scopes?: string[]; dpop?: { required?: boolean; nonce?: () => string | undefined } } = {},
): Promise<TestMcp> {
  const http = createServer();
  const port = await listen(http);
  const url = `http://127.0.0.1:${port}/mcp`;
  const state = { refused: 0 };
  const tokens = new Set<string>();
  const dpop = { schemes: [] as string[], accepted: 0, refused: [] as string[], nonceChallenges: 0 };
  const seenJtis = new Set<string>();
  const scheme = options.dpop?.required ? 'DPoP' : 'Bearer';
  const prm = `http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`;
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const path = new URL(req.url ?? '/', url).pathname;
      if (path === '/.well-known/oauth-protected-resource/mcp') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            resource: url,
            authorization_servers: [getAs().issuer],
            scopes_supported: options.scopes ?? ['mcp:tools'],
            ...(options.dpop?.required ? { dpop_bound_access_tokens_required: true, dpop_signing_alg_values_supported: ['ES256'] } : {}),
          }),
        );
        return;
      }
      if (path !== '/mcp') {
        res.writeHead(404).end();
        return;
      }
      const auth = req.headers.authorization ?? '';
      const presented = /^(Bearer|DPoP) (.+)$/i.exec(auth);
      const token = presented?.[2];
      if (token) tokens.add(token);
      if (presented) dpop.schemes.push(presented[1]!);
      const provider = getAs().provider;
      const found = token ? ((await provider.AccessToken.find(token)) ?? (await provider.ClientCredentials.find(token))) : undefined;
      const refuse = (error?: string, extra: Record<string, string> = {}) => {
        state.refused++;
        res.writeHead(401, { ...extra, 'www-authenticate': `${scheme} resource_metadata="${prm}"${error ? `, error="${error}"` : ''}` }).end();
      };
      if (!found || found.isExpired || found.aud !== url) {
        refuse(token ? 'invalid_token' : undefined);
        return;
      }
      // RFC 9449 §7.1: a DPoP-bound token (oidc-provider records the key thumbprint as jkt) needs the DPoP scheme and a proof by that key.
      if (found.jkt !== undefined || options.dpop?.required) {
        const check = checkProof(req.headers.dpop as string | undefined, { method: req.method!, url, accessToken: token!, seenJtis });
        if (!/^DPoP$/i.test(presented![1]!) || !check.ok || check.jkt !== found.jkt) {
          dpop.refused.push(!check.ok ? check.error! : check.jkt !== found.jkt ? 'proof key is not the bound key' : `scheme ${presented![1]}`);
          refuse('invalid_token');
          return;
        }
        const nonce = options.dpop?.nonce?.();
        if (nonce !== undefined && check.nonce !== nonce) {
          dpop.nonceChallenges++;
          refuse('use_dpop_nonce', { 'dpop-nonce': nonce });
          return;
        }
        dpop.accepted++;
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      // A server that quotes the caller's token in an error page (a proxy's debug output, a careless 500).
      const message = text ? (JSON.parse(text) as { method?: string; params?: { name?: string } }) : {};
      if (message.method === 'tools/call' && message.params?.name === 'echo-token') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`internal error: upstream refused ${auth}`);
        return;
      }
      const server = new Server({ name: 'oauth-test', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [
          { name: 'whoami', inputSchema: { type: 'object', properties: {} } },
          { name: 'echo-token', inputSchema: { type: 'object', properties: {} } },
        ],
      }));
      server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: String(found.accountId ?? found.clientId) }] }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, text ? JSON.parse(text) : undefined);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  return {
    url,
    get refused() {
      return state.refused;
    },
    tokens,
    dpop,
    close: () => close(http),
  };
}

/**
 * The user of a device flow: opens the verification URL from the printed line, submits the code
 * form (with its xsrf token), confirms, and passes the login and consent interactions.
 */
export async function approveDevice(line: string): Promise<void> {
  const found = /(https?:\/\/\S+)/.exec(line);
  if (!found) return;
  const jar = new Map<string, string>();
  const send = async (url: URL, init: { method?: string; body?: URLSearchParams } = {}): Promise<{ response: Response; text: string; url: URL }> => {
    let next = url;
    let method = init.method ?? 'GET';
    let body: URLSearchParams | undefined = init.body;
    for (let hop = 0; hop < 12; hop++) {
      const response = await fetch(next, { method, body, redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const c of response.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const text = await response.text();
      const location = response.headers.get('location');
      if (!location) return { response, text, url: next };
      next = new URL(location, next);
      method = 'GET';
      body = undefined;
    }
    throw new Error('too many redirects');
  };
  const form = (html: string) => {
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const fields = new URLSearchParams();
    for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields.set(m[1]!, m[2]!);
    return { action, fields };
  };
  const start = new URL(found[1]!);
  let page = await send(start);
  // With ?user_code= the provider shows the confirm form at once; otherwise the code form first.
  for (let step = 0; step < 3; step++) {
    const { action, fields } = form(page.text);
    if (!action) return;
    if (!fields.has('confirm') && /confirm/i.test(page.text)) fields.set('confirm', 'yes');
    if (!fields.has('user_code')) fields.set('user_code', start.searchParams.get('user_code') ?? '');
    page = await send(new URL(action, page.url), { method: 'POST', body: fields });
    if (/success|signed in|close this/i.test(page.text) && !/<form/.test(page.text)) return;
  }
}

/**
 * An authorization server and the MCP server it protects, for the enclosing describe block: started
 * before its tests (handed to `use`), closed after them. The AS's tokens are bound to the MCP URL.
 */
export function useProtectedMcp(
  use: (started: { as: TestAs; mcp: TestMcp }) => void,
  asOptions: Omit<Parameters<typeof startAs>[0], 'resourceUrl'> = {},
  mcpOptions: Parameters<typeof startMcp>[1] = {},
): void {
  let as: TestAs | undefined;
  let mcp: TestMcp | undefined;
  before(async () => {
    const urlRef = { url: '' };
    const started = await startAs({ ...asOptions, resourceUrl: () => urlRef.url });
    as = started;
    mcp = await startMcp(() => started, mcpOptions);
    urlRef.url = mcp.url;
    use({ as, mcp });
  });
  after(async () => {
    await mcp?.close();
    await as?.close();
  });
}
