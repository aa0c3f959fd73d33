// `mcp-bridge auth login` and the agent build their OAuth options with one function: a login made
// ahead of time identifies the client exactly as the agent will (same key, same signing
// algorithm). AUTH-12 (pre-registered client), RFC 7523 private_key_jwt.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { oauthOptionsOf } from '../../src/manager/oauth-options.js';
import type { AuthConfig } from '../../src/config/types.js';
import { type TestAs, type TestMcp, useProtectedMcp } from '../auth/helpers/oidc.js';
import { repoRoot, scratchDir } from '../helpers/servers.js';
import { writeConfigFile } from '../helpers/config.js';

const run = promisify(execFile);
const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');

describe('auth login signs as the agent does', () => {
  let as: TestAs;
  let mcp: TestMcp;
  // An RSA key signs RS256 unless told otherwise; the client is registered for PS256 only, so a
  // login that drops the configured signingAlgorithm is refused by the authorization server.
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...key.publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'PS256' };

  useProtectedMcp((started) => ({ as, mcp } = started), {
    clients: [
      {
        client_id: 'svc',
        token_endpoint_auth_method: 'private_key_jwt',
        token_endpoint_auth_signing_alg: 'PS256',
        jwks: { keys: [jwk] },
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      },
    ],
  });

  it('auth login with private_key_jwt uses the configured signingAlgorithm (PS256)', async () => {
    const keyFile = join(scratchDir('key'), 'svc.pem');
    writeFileSync(keyFile, key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
    const config = writeConfigFile([
      { name: 'svc', url: mcp.url, auth: { mode: 'client_credentials', clientId: 'svc', privateKeyFile: keyFile, signingAlgorithm: 'PS256', store: 'memory' } },
    ]);
    const r = await run(process.execPath, [cli, '--config', config, 'auth', 'login', 'svc'], { cwd: repoRoot }).catch((e: any) => e);
    assert.equal(r.code ?? 0, 0, r.stderr);
    assert.match(r.stdout, /svc: logged in at http:\/\/127\.0\.0\.1:\d+/);
    assert.ok(as.grants.includes('client_credentials'));
  });
});

it('the CLI login and the agent map every auth field the same way; only interactive differs by caller', () => {
  const auth: Required<AuthConfig> = {
    mode: 'client_credentials',
    clientId: 'id',
    clientSecret: 'secret',
    privateKeyFile: '/k.pem',
    signingAlgorithm: 'ES384',
    clientMetadataUrl: 'https://client.example/meta.json',
    scopes: ['a', 'b'],
    redirect: { host: '127.0.0.1', port: 4455, path: '/cb' },
    resource: 'https://mcp.example/mcp',
    interactive: 'device',
    store: 'memory',
    offlineAccess: false,
    dpop: true,
    assertionFile: '/var/run/secrets/tokens/mcp',
    assertionEnv: 'ACTIONS_ID_TOKEN',
  };
  const agent = oauthOptionsOf(auth, 'agent')!;
  const login = oauthOptionsOf(auth, 'login')!;
  const { interactive: agentInteractive, ...agentRest } = agent;
  const { interactive: loginInteractive, ...loginRest } = login;
  assert.deepEqual(loginRest, agentRest);
  assert.equal(agentInteractive, 'device');
  assert.equal(loginInteractive, 'device');
  // Every configured field reaches the options (store as the handler's context).
  // The workload token's sources travel together as `workload`.
  const under: Record<string, string> = { assertionFile: 'workload', assertionEnv: 'workload' };
  for (const k of Object.keys(auth).filter((k) => k !== 'interactive' && k !== 'store')) assert.ok((under[k] ?? k) in agent, `${k} is mapped`);
  assert.deepEqual(agent.workload, { assertionFile: '/var/run/secrets/tokens/mcp', assertionEnv: 'ACTIONS_ID_TOKEN' });
  assert.equal(agent.context.store, 'memory');
  // Unset interactive: the agent never starts a login, the user's `auth login` may; status/logout never.
  const { interactive: _i, ...quiet } = auth;
  assert.equal(oauthOptionsOf(quiet as AuthConfig, 'agent')!.interactive, 'never');
  assert.equal(oauthOptionsOf(quiet as AuthConfig, 'login')!.interactive, 'auto');
  assert.equal(oauthOptionsOf(auth, 'inspect')!.interactive, 'never');
  assert.equal(oauthOptionsOf({ mode: 'none', scopes: [], store: 'file' }, 'login'), undefined);
});
