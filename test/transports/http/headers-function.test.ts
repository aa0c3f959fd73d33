// Headers as a function called before every HTTP request (per-user or short-lived credentials),
// against the official SDK's server classes: each POST (and the legacy GET stream) carries what the
// function returned at that moment; an Authorization from it means static auth (no discovery);
// a throwing function fails that request with a typed error; its values are masked everywhere.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSdkHttpServer, type SdkHttpServer } from '../../helpers/http-sdk-server.js';
import { testConfig } from '../../helpers/config.js';
import { connect, HttpHeadersError, Manager, Registry } from '../../../src/index.js';

const tokenOf = (headers: Record<string, unknown>) => String(headers['x-user-token'] ?? '');

for (const mode of ['stateful', 'legacy-sse'] as const) {
  describe(`headers function (${mode})`, () => {
    let server: SdkHttpServer;
    before(async () => {
      server = await startSdkHttpServer(mode);
    });
    after(async () => {
      await server.close();
    });

    it('is called before every request; each request carries the value of that moment', async () => {
      let n = 0;
      const client = await connect({
        url: server.url,
        name: 'per-user',
        transport: mode === 'legacy-sse' ? 'sse' : 'streamable-http',
        headers: async () => ({ 'X-User-Token': `user-token-${++n}`, Authorization: `Bearer rotating-secret-${n}` }),
      });
      try {
        const before = server.seen.length;
        await client.callTool('echo', { message: 'one' });
        await client.callTool('echo', { message: 'two' });
        const posts = server.seen.slice(before).filter((r) => r.method === 'POST');
        const tokens = posts.map((r) => tokenOf(r.headers));
        assert.equal(tokens.length, 2);
        assert.notEqual(tokens[0], tokens[1], 'a fresh value per request');
        for (const t of tokens) assert.match(t, /^user-token-\d+$/);
        // Every request of the session had the function's headers, and the protocol's own stayed intact.
        for (const r of server.seen.filter((x) => x.path !== '/favicon.ico')) {
          assert.match(tokenOf(r.headers), /^user-token-\d+$/, `${r.method} ${r.path}`);
          assert.match(String(r.headers.authorization), /^Bearer rotating-secret-\d+$/);
        }
        // An Authorization from the function is static auth: no OAuth discovery was attempted.
        assert.ok(!server.seen.some((r) => r.path.startsWith('/.well-known/')));
      } finally {
        await client.close();
      }
    });
  });
}

describe('headers function failures and secrets', () => {
  let server: SdkHttpServer;
  before(async () => {
    server = await startSdkHttpServer('stateful');
  });
  after(async () => {
    await server.close();
  });

  it('a function that throws fails that request with MCPB_HTTP_HEADERS_FAILED naming the server; nothing is sent, nothing leaks', async () => {
    let fail = false;
    const client = await connect({
      url: server.url,
      name: 'flaky-auth',
      transport: 'streamable-http',
      headers: () => {
        if (fail) throw new Error('token service down (last token was tok-very-secret-42)');
        return { authorization: 'Bearer tok-very-secret-42' };
      },
    });
    try {
      fail = true;
      const sentBefore = server.seen.length;
      const error = await client.callTool('echo', { message: 'x' }, { timeoutMs: 10_000 }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof HttpHeadersError, String(error));
      assert.equal(error.code, 'MCPB_HTTP_HEADERS_FAILED');
      assert.match(error.message, /server "flaky-auth": the headers function failed before POST \(tools\/call\)/);
      assert.match(error.message, /token service down/);
      assert.ok(!error.message.includes('tok-very-secret-42'), error.message);
      assert.ok(!String(error.stack).includes('tok-very-secret-42'));
      assert.equal(server.seen.length, sentBefore, 'nothing was sent');
      // The next request works again once the function does.
      fail = false;
      const ok = await client.callTool('echo', { message: 'back' });
      assert.equal(ok.isError ?? false, false);
    } finally {
      await client.close();
    }
  });

  it('a function that returns a non-string value is refused before sending', async () => {
    const sentBefore = server.seen.length;
    await assert.rejects(connect({ url: server.url, name: 'typo', transport: 'streamable-http', headers: () => ({ 'x-count': 3 }) as never }), (e: unknown) => {
      const chain: unknown[] = [];
      for (let x: unknown = e; x instanceof Error && chain.length < 5; x = (x as { cause?: unknown }).cause) chain.push(x);
      return chain.some((x) => x instanceof HttpHeadersError && /header "x-count" is number, not a string/.test(x.message));
    });
    assert.equal(server.seen.length, sentBefore, 'nothing was sent');
  });

  it('under a Manager, what the function returned is masked in tool results and status', async () => {
    const config = testConfig([{ name: 'remote', url: server.url, transport: 'streamable-http' }]);
    const entry = config.servers[0]!;
    if (entry.transport === 'stdio') throw new Error('expected an HTTP entry');
    entry.headers = () => ({ authorization: 'Bearer per-user-secret-0123456789' });
    const registry = new Registry();
    const manager = new Manager(config, { registry });
    try {
      const summary = await manager.start();
      assert.deepEqual(summary.ready, ['remote']);
      // The echo tool hands back what we give it: a server echoing the credential must not leak it.
      const echoed = await registry.execute('echo', { message: 'token is per-user-secret-0123456789' });
      assert.ok(!echoed.text.includes('per-user-secret-0123456789'), echoed.text);
      assert.match(echoed.text, /token is \*\*\*/);
      assert.ok(!JSON.stringify(manager.status()).includes('per-user-secret-0123456789'));
    } finally {
      await manager.close();
    }
  });
});
