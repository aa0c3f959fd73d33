// DPoP (RFC 9449, SEP-1932) against a real authorization server: oidc-provider binds the tokens to
// the client's key (jkt), and the test MCP server checks every proof as RFC 9449 §4.3/§7.1 say
// (helpers/dpop-check.ts): the DPoP scheme, a fresh jti and iat, htm, htu, ath, the bound key, and the
// nonces of the AS (§8) and of the resource server (§9), each answered with one retry.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { connect } from '../../src/client/index.js';
import { createOAuthHandler, MemoryTokenStore } from '../../src/auth/index.js';
import type { AuthFetch } from '../../src/transports/http/auth-handler.js';
import { thumbprint } from './helpers/dpop-check.js';
import { browse, type TestAs, type TestMcp, useProtectedMcp } from './helpers/oidc.js';

const authFetch = fetch as unknown as AuthFetch;
const HOUR = 3_600_000;

for (const withNonces of [false, true]) {
  describe(`DPoP against oidc-provider (AUTH-27)${withNonces ? ', with AS and RS nonces' : ''}`, () => {
    let as: TestAs;
    let mcp: TestMcp;
    let rsNonce = 'rs-nonce-1';
    useProtectedMcp(
      (started) => ({ as, mcp } = started),
      { features: { dPoP: { enabled: true, nonceSecret: randomBytes(32), requireNonce: () => withNonces } } },
      { dpop: { required: true, ...(withNonces ? { nonce: () => rsNonce } : {}) } },
    );

    it('binds the token to its key, presents it with the DPoP scheme and a fresh proof on every request, refreshes with a proof', async () => {
      let shift = 0;
      const store = new MemoryTokenStore();
      const h = createOAuthHandler(mcp.url, {}, { serverName: 'dpop', store, authorize: browse, now: () => Date.now() + shift });
      const client = await connect({ url: mcp.url, name: 'dpop', auth: h });
      try {
        for (let i = 0; i < 3; i++) assert.deepEqual((await client.callTool('whoami', {})).content, [{ type: 'text', text: 'user-1' }]);
        const record = (await h.current())!;
        assert.equal(record.tokens?.token_type.toLowerCase(), 'dpop');
        assert.ok(record.dpop, 'the key pair is kept with the record');
        const found = await as.provider.AccessToken.find(record.tokens!.access_token);
        assert.equal(found.jkt, thumbprint(record.dpop!.publicJwk as never), 'the AS bound the token to our key (the token request carried a proof)');
        assert.equal(h.redact(String(record.dpop!.privateJwk.d)), '***', 'the private key is masked');
        // Refresh: the AS requires a proof by the same key for a DPoP-bound refresh token.
        const before = record.tokens!.access_token;
        if (withNonces) rsNonce = 'rs-nonce-2';
        shift = HOUR + 1;
        await client.callTool('whoami', {});
        assert.notEqual((await h.current())!.tokens!.access_token, before);
        assert.ok(as.grants.includes('refresh_token'));
      } finally {
        await client.close();
      }
      assert.deepEqual(mcp.dpop.refused, []);
      assert.ok(mcp.dpop.accepted >= 5, `${mcp.dpop.accepted} proofs accepted`);
      assert.ok(
        mcp.dpop.schemes.every((s) => s === 'DPoP'),
        `schemes: ${[...new Set(mcp.dpop.schemes)].join(', ')}`,
      );
      if (withNonces) {
        assert.ok(as.tokenErrors.includes('use_dpop_nonce'), 'the AS asked for a nonce and the retried request succeeded');
        assert.equal(mcp.dpop.nonceChallenges, 2, 'one RS nonce challenge per nonce value, each retried once');
      } else {
        assert.deepEqual(as.tokenErrors, []);
        assert.equal(mcp.dpop.nonceChallenges, 0);
      }
      // The key lives with the token store: another handler on the same store presents the same key.
      const again = createOAuthHandler(mcp.url, { interactive: 'never' }, { serverName: 'dpop', store, now: () => Date.now() + shift });
      const second = await connect({ url: mcp.url, name: 'dpop', auth: again });
      try {
        await second.callTool('whoami', {});
      } finally {
        await second.close();
      }
      assert.deepEqual(mcp.dpop.refused, []);
    });
  });
}

describe('DPoP configuration', () => {
  let as: TestAs;
  let mcp: TestMcp;
  useProtectedMcp((started) => ({ as, mcp } = started));

  it('auto: a Bearer server gets bearer tokens even from an AS that supports DPoP; dpop: true binds them anyway', async () => {
    const plain = await createOAuthHandler(mcp.url, {}, { serverName: 'plain', authorize: browse }).login(authFetch);
    assert.equal(plain.tokens?.token_type.toLowerCase(), 'bearer');
    assert.equal(plain.dpop, undefined);
    const forced = await createOAuthHandler(mcp.url, { dpop: true }, { serverName: 'forced', authorize: browse }).login(authFetch);
    assert.equal(forced.tokens?.token_type.toLowerCase(), 'dpop');
    assert.ok((await as.provider.AccessToken.find(forced.tokens!.access_token)).jkt);
  });
});

describe('DPoP with an AS that cannot verify ES256 (AUTH-27)', () => {
  let as: TestAs;
  let mcp: TestMcp;
  useProtectedMcp((started) => ({ as, mcp } = started), { config: { enabledJWA: { dPoPSigningAlgValues: ['EdDSA'] } } });

  it('refuses before any token request, naming the algorithms the AS lists and the way out', async () => {
    const before = as.tokenRequests.length;
    const h = createOAuthHandler(mcp.url, { dpop: true }, { serverName: 'eddsa', authorize: browse });
    await assert.rejects(
      h.login(authFetch),
      (e: { code?: string; message: string }) => e.code === 'MCPB_AUTH_REFUSED' && /EdDSA.*lacks ES256.*auth\.dpop: false/.test(e.message),
    );
    assert.equal(as.tokenRequests.length, before);
  });
});
