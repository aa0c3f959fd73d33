// Workload identity (RFC 7523 §2.1 jwt-bearer grant, SEP-1933): the client presents a JWT its platform
// issued (here a "platform" key signs them, as a Kubernetes or CI OIDC issuer would) and reads it again
// for every grant, so a rotated token is used; a refused assertion is reported once, never retried.
// oidc-provider gets the jwt-bearer grant through registerGrantType, checking signature, aud and exp.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../../src/client/index.js';
import { createOAuthHandler } from '../../src/auth/index.js';
import type { AuthFetch } from '../../src/transports/http/auth-handler.js';
import { startAs, startMcp, type TestAs, type TestMcp } from './helpers/oidc.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const PROVIDER = 'oidc-provider';
const authFetch = fetch as unknown as AuthFetch;
const platform = generateKeyPairSync('ec', { namedCurve: 'P-256' });

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A workload token as the platform would issue it. */
function workloadJwt(audience: string, expiresIn = 300): string {
  const now = Math.floor(Date.now() / 1000);
  const input = `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64({ iss: 'https://platform.test', sub: 'system:serviceaccount:agents:mcp', aud: audience, iat: now, exp: now + expiresIn, jti: randomUUID() })}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: platform.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

describe('workload identity (jwt-bearer) against oidc-provider (AUTH-28)', () => {
  let as: TestAs;
  let mcp: TestMcp;
  let dir: string;
  const assertions: string[] = [];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpb-wif-'));
    const urlRef = { url: '' };
    as = await startAs({
      resourceUrl: () => urlRef.url,
      clients: [{ client_id: 'workload', token_endpoint_auth_method: 'none', grant_types: [JWT_BEARER], response_types: [], redirect_uris: [] }],
      setup: (provider: Any) => {
        provider.registerGrantType(
          JWT_BEARER,
          async (ctx: Any) => {
            const { errors } = (await import(PROVIDER)) as Any;
            const assertion = String(ctx.oidc.params.assertion ?? '');
            assertions.push(assertion);
            const [h, p, s] = assertion.split('.');
            const claims = p ? (JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number }) : {};
            const valid =
              !!s && verify('sha256', Buffer.from(`${h}.${p}`), { key: platform.publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
            if (!valid || claims.aud !== as.issuer || (claims.exp ?? 0) < Date.now() / 1000)
              throw new errors.InvalidGrant('the workload assertion is invalid or expired');
            const token = new provider.ClientCredentials({ client: ctx.oidc.client, scope: 'mcp:tools' });
            token.resourceServer = new provider.ResourceServer(urlRef.url, {
              audience: urlRef.url,
              scope: 'mcp:tools',
              accessTokenFormat: 'opaque',
              accessTokenTTL: 3600,
            });
            const value = await token.save();
            ctx.body = { access_token: value, token_type: 'Bearer', expires_in: 3600, scope: 'mcp:tools' };
          },
          new Set(['assertion', 'scope', 'resource']),
        );
      },
    });
    mcp = await startMcp(() => as);
    urlRef.url = mcp.url;
  });
  after(async () => {
    await mcp?.close();
    await as?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('presents the token from the file, and reads the file again for the next grant (rotation)', async () => {
    const file = join(dir, 'token');
    writeFileSync(file, `${workloadJwt(as.issuer)}\n`);
    let shift = 0;
    const h = createOAuthHandler(
      mcp.url,
      { mode: 'workload_identity', clientId: 'workload', workload: { assertionFile: file } },
      { serverName: 'wif', now: () => Date.now() + shift },
    );
    const client = await connect({ url: mcp.url, name: 'wif', auth: h });
    try {
      assert.deepEqual((await client.callTool('whoami', {})).content, [{ type: 'text', text: 'workload' }]);
      const rotated = workloadJwt(as.issuer);
      writeFileSync(file, rotated);
      shift = 3_600_000; // the access token is due: the grant runs again with the file's new content
      assert.deepEqual((await client.callTool('whoami', {})).content, [{ type: 'text', text: 'workload' }]);
      assert.equal(assertions.at(-1), rotated);
      assert.equal(new Set(assertions).size, assertions.length, 'each grant presented the token current at the time');
      assert.equal(h.redact(rotated), '***', 'the assertion is a secret');
    } finally {
      await client.close();
    }
    assert.equal(as.tokenRequests.filter((r) => r.get('grant_type') === JWT_BEARER).length, 2);
  });

  it('an expired assertion is refused once: invalid_grant reported, no retry, no other grant', async () => {
    const before = as.tokenRequests.length;
    const h = createOAuthHandler(
      mcp.url,
      { mode: 'workload_identity', clientId: 'workload', workload: { assertion: () => workloadJwt(as.issuer, -60) } },
      { serverName: 'wif' },
    );
    const error = await h.login(authFetch).then(
      () => assert.fail('expected invalid_grant'),
      (e: unknown) => e as { code?: string; error?: string; message: string },
    );
    assert.equal(error.code, 'MCPB_AUTH_REFUSED');
    assert.equal(error.error, 'invalid_grant');
    assert.equal(as.tokenRequests.length - before, 1);
  });

  it('a missing token file is named in the error, before anything is sent', async () => {
    const before = as.tokenRequests.length;
    const missing = join(dir, 'nowhere');
    const h = createOAuthHandler(mcp.url, { mode: 'workload_identity', workload: { assertionFile: missing } }, { serverName: 'wif' });
    await assert.rejects(h.login(authFetch), (e: { code?: string; message: string }) => e.code === 'MCPB_AUTH_REFUSED' && e.message.includes(missing));
    assert.equal(as.tokenRequests.length, before);
  });
});
