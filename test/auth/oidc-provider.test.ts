// OAuth against a real authorization server (oidc-provider) and a test MCP server that checks every
// bearer: DCR + PKCE + resource + iss, single-flight refresh, two processes sharing a file store,
// refresh-token reuse detection, client_credentials with private_key_jwt, revocation on logout.
// AUTH-10..20 (spec-checklist), RFC 7591, 7636, 8707, 9207, 6749 §6, 7009, 7523.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connect } from '../../src/client/index.js';
import { createOAuthHandler, FileTokenStore, MemoryTokenStore, pointerKey, storeKey, type OAuthHandler, type TokenStore } from '../../src/auth/index.js';
import type { AuthFetch } from '../../src/transports/http/auth-handler.js';
import { canonicalResource } from '../../protocol/auth/index.js';
import { approveDevice, browse, startAs, startMcp, type TestAs, type TestMcp, useProtectedMcp } from './helpers/oidc.js';
import { repoRoot } from '../helpers/paths.js';

const run = promisify(execFile);
const authFetch = fetch as unknown as AuthFetch;
const HOUR = 3_600_000;

describe('OAuth against oidc-provider', () => {
  let as: TestAs;
  let mcp: TestMcp;
  const key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...key.publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'ES256' };

  useProtectedMcp((started) => ({ as, mcp } = started), {
    clients: [
      {
        client_id: 'svc',
        token_endpoint_auth_method: 'private_key_jwt',
        token_endpoint_auth_signing_alg: 'ES256',
        jwks: { keys: [jwk] },
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      },
      {
        // A confidential client whose OIDC scopes are an allow-list without offline_access: asking for it is invalid_scope.
        client_id: 'svc-scoped',
        client_secret: 'svc-scoped-secret-Qm7Tz2',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: 'openid',
      },
    ],
  });

  function handler(store: TokenStore = new MemoryTokenStore(), extra: { now?: () => number; authorize?: typeof browse } = {}): OAuthHandler {
    return createOAuthHandler(mcp.url, {}, { serverName: 'test', store, authorize: extra.authorize ?? browse, ...(extra.now ? { now: extra.now } : {}) });
  }

  it('registers (DCR, native), authorizes with PKCE + resource, checks iss, and calls a tool (AUTH-10, AUTH-17, AUTH-18, AUTH-19)', async () => {
    const seen: URL[] = [];
    const h = handler(new MemoryTokenStore(), {
      authorize: async (url, redirectUri) => {
        seen.push(url);
        return browse(url, redirectUri);
      },
    });
    const client = await connect({ url: mcp.url, name: 'test', auth: h });
    try {
      const result = await client.callTool('whoami', {});
      assert.deepEqual(result.content, [{ type: 'text', text: 'user-1' }]);
    } finally {
      await client.close();
    }
    const p = seen[0]!.searchParams;
    assert.equal(p.get('code_challenge_method'), 'S256');
    assert.equal(p.get('resource'), mcp.url);
    assert.deepEqual(p.get('scope')?.split(' ').sort(), ['mcp:tools', 'offline_access']);
    const record = await h.current();
    assert.equal(record?.client?.source, 'dcr');
    assert.ok(record?.tokens?.refresh_token, 'offline_access gave a refresh token');
    assert.equal(record?.as.authorization_response_iss_parameter_supported, true);
  });

  it('offlineAccess: false asks for no offline_access, and the AS then issues no refresh token (SEP-2207)', async () => {
    const seen: URL[] = [];
    const h = createOAuthHandler(
      mcp.url,
      { offlineAccess: false },
      {
        serverName: 'test',
        authorize: async (url, redirectUri) => {
          seen.push(url);
          return browse(url, redirectUri);
        },
      },
    );
    const record = await h.login(authFetch);
    assert.deepEqual(seen[0]!.searchParams.get('scope'), 'mcp:tools');
    assert.equal(seen[0]!.searchParams.get('prompt'), null);
    assert.ok(record.tokens?.access_token);
    assert.equal(record.tokens?.refresh_token, undefined);
  });

  it('refuses a callback whose iss is not the issuer (RFC 9207)', async () => {
    const h = handler(new MemoryTokenStore(), {
      authorize: async (url, redirectUri) => {
        const cb = await browse(url, redirectUri);
        cb.searchParams.set('iss', `${as.issuer}/`);
        return cb;
      },
    });
    await assert.rejects(h.login(authFetch), (e: { code?: string }) => e.code === 'MCPB_AUTH_REFUSED');
  });

  it('32 concurrent calls with an expired token make exactly one refresh, and none fails (single-flight)', async () => {
    let shift = 0;
    const h = handler(new MemoryTokenStore(), { now: () => Date.now() + shift });
    await h.login(authFetch);
    const before = (await h.current())!.tokens!;
    const client = await connect({ url: mcp.url, name: 'test', auth: h });
    try {
      shift = HOUR + 1;
      const refreshesBefore = as.grants.filter((g) => g === 'refresh_token').length;
      const results = await Promise.all(Array.from({ length: 32 }, () => client.callTool('whoami', {})));
      assert.equal(results.length, 32);
      assert.equal(as.grants.filter((g) => g === 'refresh_token').length - refreshesBefore, 1);
      const afterTokens = (await h.current())!.tokens!;
      assert.notEqual(afterTokens.access_token, before.access_token);
      assert.notEqual(afterTokens.refresh_token, before.refresh_token, 'the rotated refresh token is kept');
    } finally {
      await client.close();
    }
  });

  it('two processes sharing a file store refresh once between them (lock file, re-read after acquiring)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpb-oauth-store-'));
    try {
      const store = new FileTokenStore(dir);
      const h = handler(store);
      await h.login(authFetch);
      const old = (await h.current())!.tokens!.access_token;
      for (const f of readdirSync(dir)) if (process.platform !== 'win32') assert.equal(statSync(join(dir, f)).mode & 0o777, 0o600, `${f} is 0600`);
      const refreshesBefore = as.grants.filter((g) => g === 'refresh_token').length;
      const child = join(repoRoot, 'dist', 'test', 'auth', 'helpers', 'refresh-child.js');
      const outs = await Promise.all([0, 1].map(() => run(process.execPath, [child, dir, mcp.url, String(HOUR + 1)], { timeout: 60_000 })));
      const values = outs.map((o) => o.stdout.trim());
      assert.equal(values[0], values[1], 'both processes ended with the same token');
      assert.notEqual(values[0], `Bearer ${old}`);
      assert.equal(as.grants.filter((g) => g === 'refresh_token').length - refreshesBefore, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refresh-token reuse revokes the family and ends in MCPB_AUTH_REQUIRED, not a loop (AUTH-22)', async () => {
    let shift = 0;
    const first = new MemoryTokenStore();
    const a = handler(first, { now: () => Date.now() + shift });
    await a.login(authFetch);
    // A second holder of the same refresh token (a copied store), without any way to log in.
    const second = new MemoryTokenStore();
    const server = canonicalResource(mcp.url);
    const issuer = ((await first.get(pointerKey(server))) as { issuer: string }).issuer;
    await second.set(pointerKey(server), await first.get(pointerKey(server)));
    await second.set(storeKey(server, issuer), await first.get(storeKey(server, issuer)));
    const b = createOAuthHandler(mcp.url, { interactive: 'never' }, { serverName: 'test', store: second, now: () => Date.now() + shift });
    shift = HOUR + 1;
    assert.ok(await a.authorization({ fetch: authFetch }), 'a rotates the token');
    const client = await connect({ url: mcp.url, name: 'test', auth: b, startupTimeoutMs: 20_000 }).catch((e: unknown) => e);
    assert.equal(
      (client as { code?: string }).code === 'MCPB_AUTH_REQUIRED' ||
        JSON.stringify((client as { cause?: { code?: string } }).cause?.code) === '"MCPB_AUTH_REQUIRED"',
      true,
      String(client),
    );
    assert.equal((await b.current())?.tokens, undefined, 'the refused token was deleted');
    assert.ok((await a.current())?.tokens, "the other holder's record was not touched by b");
  });

  it('client_credentials with private_key_jwt (RFC 7523), no browser', async () => {
    const pem = key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const client = await connect({ url: mcp.url, name: 'svc', auth: { mode: 'client_credentials', clientId: 'svc', privateKeyPem: pem } });
    try {
      const result = await client.callTool('whoami', {});
      assert.deepEqual(result.content, [{ type: 'text', text: 'svc' }]);
    } finally {
      await client.close();
    }
    assert.ok(as.grants.includes('client_credentials'));
  });

  it('client_credentials asks only for the challenge or resource scopes, never offline_access (AUTH-15, SEP-2207)', async () => {
    const client = await connect({
      url: mcp.url,
      name: 'svc',
      auth: { mode: 'client_credentials', clientId: 'svc-scoped', clientSecret: 'svc-scoped-secret-Qm7Tz2' },
    });
    try {
      const result = await client.callTool('whoami', {});
      assert.deepEqual(result.content, [{ type: 'text', text: 'svc-scoped' }]);
    } finally {
      await client.close();
    }
    const request = as.tokenRequests.filter((r) => r.get('grant_type') === 'client_credentials').at(-1);
    assert.equal(request?.get('scope'), 'mcp:tools');
  });

  it('a token endpoint answering HTTP 500 is reported with its status and URL, not as a malformed OAuth answer', async () => {
    as.faults.tokenStatus = 500;
    try {
      const h = createOAuthHandler(
        mcp.url,
        { mode: 'client_credentials', clientId: 'svc-scoped', clientSecret: 'svc-scoped-secret-Qm7Tz2' },
        { serverName: 'svc' },
      );
      const error = (await h.login(authFetch).then(
        () => assert.fail('expected a refusal'),
        (e: unknown) => e,
      )) as Error & { code?: string; context?: { status?: number; url?: string } };
      assert.equal(error.code, 'MCPB_AUTH_REFUSED');
      assert.equal(error.context?.status, 500);
      assert.equal(error.context?.url, `${as.issuer}/token`);
      assert.match(error.message, new RegExp(`token endpoint ${as.issuer}/token answered HTTP 500`));
      assert.doesNotMatch(error.message, /conform/);
    } finally {
      as.faults.tokenStatus = undefined;
    }
  });

  it('paste fallback: prints the URL, takes back the address the browser landed on (SSH sessions)', async () => {
    const printed: string[] = [];
    const h = createOAuthHandler(
      mcp.url,
      { interactive: 'paste' },
      {
        serverName: 'test',
        ui: {
          print: (line) => printed.push(line),
          readLine: async () => {
            const url = new URL(/https?:\/\/\S+/.exec(printed.join('\n'))![0]);
            return (await browse(url, url.searchParams.get('redirect_uri')!)).href;
          },
        },
      },
    );
    const record = await h.login(authFetch);
    assert.ok(record.tokens?.access_token);
    assert.ok(printed.some((l) => l.includes('Paste') || l.includes('copy its full address')));
  });

  it('device authorization grant (RFC 8628): shows the code, polls until the user approves', async () => {
    const printed: string[] = [];
    const h = createOAuthHandler(
      mcp.url,
      { interactive: 'device' },
      {
        serverName: 'test',
        ui: {
          print: (line) => {
            printed.push(line);
            void approveDevice(line);
          },
        },
      },
    );
    const record = await h.login(authFetch);
    assert.ok(record.tokens?.access_token);
    assert.ok(as.grants.includes('urn:ietf:params:oauth:grant-type:device_code'));
    assert.match(printed.join('\n'), /enter the code [A-Z]{4}-[A-Z]{4}/);
  });

  it('logout revokes at the AS (RFC 7009) and deletes the tokens', async () => {
    const h = handler();
    await h.login(authFetch);
    const token = (await h.current())!.tokens!.access_token;
    assert.ok(await as.provider.AccessToken.find(token));
    assert.equal(await h.logout(authFetch), true);
    assert.equal(await as.provider.AccessToken.find(token), undefined);
    assert.equal((await h.current())?.tokens, undefined);
  });
});

describe('short-lived tokens (5 s) from oidc-provider', () => {
  let as: TestAs;
  let mcp: TestMcp;
  useProtectedMcp((started) => ({ as, mcp } = started), { accessTokenTtl: 5 });

  it('3 calls within a 5-second token make no refresh: the margin is 10 % of the lifetime, not a fixed minute', async () => {
    const h = createOAuthHandler(mcp.url, {}, { serverName: 'short', authorize: browse });
    const record = await h.login(authFetch);
    assert.ok(record.tokens?.refresh_token, 'a refresh token was issued');
    const lifetime = record.tokens!.expires_at! - Date.now();
    assert.ok(lifetime > 3_000 && lifetime <= 5_000, `a 5-second token (${lifetime} ms left)`);
    const client = await connect({ url: mcp.url, name: 'short', auth: h });
    try {
      for (let i = 0; i < 3; i++) await client.callTool('whoami', {});
    } finally {
      await client.close();
    }
    assert.equal(as.grants.filter((g) => g === 'refresh_token').length, 0);
    // Past 90 % of its life, the next request refreshes it first.
    await new Promise((r) => setTimeout(r, Math.max(0, record.tokens!.expires_at! - Date.now() - 400)));
    assert.ok(await h.authorization({ fetch: authFetch }));
    assert.equal(as.grants.filter((g) => g === 'refresh_token').length, 1);
  });
});

describe('mcp-bridge auth login|status|logout against oidc-provider (the README recipe, browser automated)', () => {
  let as: TestAs;
  let mcp: TestMcp;
  let dir: string;
  before(async () => {
    const urlRef = { url: '' };
    as = await startAs({ resourceUrl: () => urlRef.url });
    mcp = await startMcp(() => as);
    urlRef.url = mcp.url;
    dir = mkdtempSync(join(tmpdir(), 'mcpb-oauth-cli-'));
  });
  after(async () => {
    await mcp?.close();
    await as?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs in through the loopback listener, shows status without tokens, calls a tool, logs out', async () => {
    const { writeFileSync } = await import('node:fs');
    const config = join(dir, 'mcp-bridge.yaml');
    writeFileSync(config, `tools:\n  mcp:\n    servers:\n      - name: remote\n        url: ${mcp.url}\n`);
    const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
    const env = {
      ...process.env,
      MCP_BRIDGE_STATE_DIR: join(dir, 'state'),
      BROWSER: `${process.execPath} ${join(repoRoot, 'dist', 'test', 'auth', 'helpers', 'fake-browser.js')}`,
    };
    const login = await run(process.execPath, [cli, '--config', config, 'auth', 'login', 'remote'], { env, timeout: 60_000 });
    assert.match(login.stdout, /remote: logged in at http:\/\/127\.0\.0\.1:\d+/);
    assert.match(login.stderr, /Open this URL to authorize remote/);
    const status = await run(process.execPath, [cli, '--config', config, 'auth', 'status', '--json'], { env, timeout: 60_000 });
    const line = JSON.parse(status.stdout) as { loggedIn: boolean; refreshable: boolean };
    assert.equal(line.loggedIn, true);
    assert.equal(line.refreshable, true);
    // AUTH-22: the CLI never prints a token, though the store holds them.
    const tokens = readdirSync(join(dir, 'state', 'oauth'))
      .filter((f) => f.endsWith('.json'))
      .map(
        (f) =>
          (JSON.parse(readFileSync(join(dir, 'state', 'oauth', f), 'utf8')) as { value?: { tokens?: { access_token: string; refresh_token?: string } } }).value
            ?.tokens,
      )
      .filter((t) => t !== undefined);
    assert.equal(tokens.length, 1);
    for (const secret of [tokens[0]!.access_token, tokens[0]!.refresh_token!])
      for (const out of [login.stdout, login.stderr, status.stdout, status.stderr]) assert.ok(!out.includes(secret));
    // The agent side: the stored login is used, nothing interactive.
    const call = await run(process.execPath, [cli, '--config', config, 'call', 'whoami', '{}', '--quiet'], {
      env: { ...env, BROWSER: '/nonexistent' },
      timeout: 60_000,
    }).catch((e: { stdout: string; stderr: string }) => e);
    assert.match(call.stdout, /user-1/, call.stderr);
    const logout = await run(process.execPath, [cli, '--config', config, 'auth', 'logout', 'remote'], { env, timeout: 60_000 });
    assert.match(logout.stdout, /logged out \(tokens revoked/);
    const denied = await run(process.execPath, [cli, '--config', config, 'call', 'whoami', '{}', '--quiet'], { env, timeout: 60_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    assert.equal(denied.code, 4, denied.stderr);
    assert.match(denied.stderr, /MCPB_AUTH_REQUIRED|requires authorization/);
    assert.match(denied.stderr, /mcp-bridge auth login remote/);
  });
});

describe('issuer binding: RFC 9207 and authorization-server migration (AUTH-14, AUTH-19, SEP-2352)', () => {
  let as1: TestAs;
  let as2: TestAs;
  let current: TestAs;
  let mcp: TestMcp;
  before(async () => {
    const urlRef = { url: '' };
    as1 = await startAs({ resourceUrl: () => urlRef.url });
    as2 = await startAs({ resourceUrl: () => urlRef.url });
    current = as1;
    mcp = await startMcp(() => current);
    urlRef.url = mcp.url;
  });
  after(async () => {
    await mcp?.close();
    await as1?.close();
    await as2?.close();
  });

  it('refuses a callback without iss when the AS advertises authorization_response_iss_parameter_supported (AUTH-19)', async () => {
    const h = createOAuthHandler(
      mcp.url,
      {},
      {
        serverName: 'test',
        authorize: async (url, redirectUri) => {
          const cb = await browse(url, redirectUri);
          cb.searchParams.delete('iss');
          return cb;
        },
      },
    );
    await assert.rejects(h.login(authFetch), (e: { code?: string; message: string }) => e.code === 'MCPB_AUTH_REFUSED' && /iss/.test(e.message));
  });

  it('a server whose metadata names a new authorization server: re-discovers, registers anew there, never shows it the old client', async () => {
    current = as1;
    const store = new MemoryTokenStore();
    const h = createOAuthHandler(mcp.url, {}, { serverName: 'moving', store, authorize: browse });
    const client = await connect({ url: mcp.url, name: 'moving', auth: h });
    try {
      await client.callTool('whoami', {});
      const first = (await h.current())!;
      assert.equal(first.issuer, as1.issuer);
      const oldClient = first.client!.client_id;
      current = as2;
      const result = await client.callTool('whoami', {});
      assert.deepEqual(result.content, [{ type: 'text', text: 'user-1' }]);
      const second = (await h.current())!;
      assert.equal(second.issuer, as2.issuer);
      assert.equal(second.client?.source, 'dcr');
      assert.notEqual(second.client?.client_id, oldClient, 'a registration of its own at the new AS');
      assert.ok(!as2.tokenRequests.some((r) => r.get('client_id') === oldClient), 'the old client id never reached the new AS');
      // Each issuer keeps its own record (credentials never cross issuers).
      const server = canonicalResource(mcp.url);
      assert.equal(((await store.get(storeKey(server, as1.issuer))) as { client?: { client_id: string } }).client?.client_id, oldClient);
    } finally {
      await client.close();
      current = as1;
    }
  });
});
