// The secrets sweep for OAuth: what the auth layer is given or obtains (client secrets, access and
// refresh tokens, codes, verifiers) never shows in an error, its cause chain or what an LLM reads,
// even when a server or the authorization server (oidc-provider, a real one) echoes it back. Errors
// are scanned as console.error prints them (util.inspect at any depth) too. AUTH-22.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { connect, isMcpBridgeError, loadConfig, Manager, Registry } from '../../src/index.js';
import { createOAuthHandler, MemoryTokenStore } from '../../src/auth/index.js';
import type { AuthFetch } from '../../src/transports/http/auth-handler.js';
import { browse, type TestAs, type TestMcp, useProtectedMcp } from '../auth/helpers/oidc.js';
import { scratchDir } from '../helpers/servers.js';

const authFetch = fetch as unknown as AuthFetch;
const SECRET = 'svc-sweep-secret-Hq48Wd';

/** Every string an error carries, as the sweep reads it: message, stack, JSON, fields, inspect(), causes. */
function errorStrings(error: unknown, depth = 0): string[] {
  if (depth > 6 || error === undefined || error === null) return [];
  if (!(error instanceof Error)) return [typeof error === 'string' ? error : inspect(error, { depth: Infinity })];
  const out = [error.message, String(error.stack), JSON.stringify(error), inspect(error, { depth: Infinity })];
  if (isMcpBridgeError(error)) out.push(JSON.stringify(error.toJSON()), JSON.stringify(error.context));
  return [...out, ...errorStrings((error as { cause?: unknown }).cause, depth + 1)];
}

function leaked(texts: string[], secrets: string[]): string[] {
  return texts.flatMap((t) => secrets.filter((s) => t.includes(s)).map((s) => `${s.slice(0, 6)}… in ${t.slice(0, 300)}`));
}

describe('OAuth secrets sweep (oidc-provider)', () => {
  let as: TestAs;
  let mcp: TestMcp;
  useProtectedMcp((started) => ({ as, mcp } = started), {
    clients: [
      {
        client_id: 'svc-sweep',
        client_secret: SECRET,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      },
    ],
  });

  it('an access token echoed in a 500 body reaches neither the error nor the text the LLM gets', async () => {
    const file = join(scratchDir('oauth-sweep'), 'mcp-bridge.yaml');
    const server = { name: 'remote', url: mcp.url, auth: { mode: 'client_credentials', clientId: 'svc-sweep', clientSecret: SECRET, store: 'memory' } };
    writeFileSync(file, JSON.stringify({ tools: { mcp: { servers: [server] } } }));
    const registry = new Registry();
    const manager = new Manager(await loadConfig(file), { registry, restartPolicy: { maxRestarts: 0 } });
    const seen: string[] = [];
    try {
      const summary = await manager.start();
      assert.deepEqual(summary.failed, []);
      const result = await registry.execute('echo-token', {});
      seen.push(result.text, JSON.stringify(result));
      assert.match(result.text, /upstream refused Bearer \*\*\*/, 'the echo happened, masked');
    } finally {
      await manager.close();
    }
    // The library path: connect() and a direct call.
    const client = await connect({ url: mcp.url, name: 'remote', auth: { mode: 'client_credentials', clientId: 'svc-sweep', clientSecret: SECRET } });
    try {
      const error = await client.callTool('echo-token', {}).then(
        () => assert.fail('expected an HTTP 500'),
        (e: unknown) => e,
      );
      assert.equal((error as { code?: string }).code, 'MCPB_HTTP_STATUS');
      seen.push(...errorStrings(error));
    } finally {
      await client.close();
    }
    assert.ok(mcp.tokens.size >= 2);
    assert.deepEqual(leaked(seen, [...mcp.tokens, SECRET]), []);
  });

  it('a client secret echoed in error_description never reaches the library error', async () => {
    as.faults.echoSecret = true;
    const wrong = 'wrong-sweep-secret-Zt61Ka';
    try {
      const h = createOAuthHandler(mcp.url, { mode: 'client_credentials', clientId: 'svc-sweep', clientSecret: wrong }, { serverName: 'svc' });
      const error = await h.login(authFetch).then(
        () => assert.fail('expected invalid_client'),
        (e: unknown) => e,
      );
      assert.equal((error as { code?: string }).code, 'MCPB_AUTH_REFUSED');
      assert.match((error as Error).message, /client_secret \*\*\* is not the registered one/, 'the AS echoed it, masked');
      assert.deepEqual(leaked(errorStrings(error), [wrong]), []);
    } finally {
      as.faults.echoSecret = false;
    }
  });

  it('a callback with a tampered state fails cleanly, and no cause down the chain holds the code (console.error)', async () => {
    const codes: string[] = [];
    const h = createOAuthHandler(
      mcp.url,
      {},
      {
        serverName: 'test',
        store: new MemoryTokenStore(),
        authorize: async (url, redirectUri) => {
          const callback = await browse(url, redirectUri);
          codes.push(callback.searchParams.get('code')!);
          callback.searchParams.set('state', 'tampered-state-value');
          return callback;
        },
      },
    );
    const error = await h.login(authFetch).then(
      () => assert.fail('expected a refusal'),
      (e: unknown) => e,
    );
    assert.equal((error as { code?: string }).code, 'MCPB_AUTH_REFUSED');
    assert.match((error as Error).message, /state/);
    assert.equal(codes.length, 1);
    assert.deepEqual(leaked(errorStrings(error), codes), []);
  });
});
