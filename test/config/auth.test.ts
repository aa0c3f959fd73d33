// The `auth:` block of an HTTP server: fields, ${VAR} expansion, the hosts' spellings (Claude Code
// oauth.callbackPort, Cursor auth.CLIENT_ID, gemini-cli oauth.redirectUri), mistakes, redaction.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, parseConfig } from '../../src/config/index.js';
import { redactServerConfig } from '../../src/config/redact.js';

const yaml = (auth: string) => `tools:\n  mcp:\n    servers:\n      - name: linear\n        url: https://mcp.linear.app/mcp\n        auth:\n${auth}`;

describe('config auth block', () => {
  it('reads every field with variables expanded; the secret is collected for redaction', () => {
    const cfg = parseConfig(
      yaml(
        '          clientId: ${ID}\n          clientSecret: ${LINEAR_SECRET}\n          scopes: [read, write]\n          redirect: { host: 127.0.0.1, port: 33418, path: /cb }\n          resource: false\n          interactive: device\n          store: memory\n',
      ),
      { file: '/srv/mcp-bridge.yaml', env: { ID: 'cid', LINEAR_SECRET: 's3cr3t-value' } },
    );
    const s = cfg.servers[0]!;
    assert.deepEqual(s.auth, {
      mode: 'oauth',
      clientId: 'cid',
      clientSecret: 's3cr3t-value',
      scopes: ['read', 'write'],
      redirect: { host: '127.0.0.1', port: 33418, path: '/cb' },
      resource: false,
      interactive: 'device',
      store: 'memory',
    });
    assert.ok(s.secrets?.includes('s3cr3t-value'));
    assert.equal(redactServerConfig(s).auth?.clientSecret, '***');
    assert.ok(!JSON.stringify(redactServerConfig(s)).includes('s3cr3t-value'));
  });

  it('defaults: oauth mode, no scopes, file store, interactive unset (agents never log in)', () => {
    const cfg = parseConfig(yaml('          clientId: abc\n'), { file: 'x.yaml' });
    assert.deepEqual(cfg.servers[0]!.auth, { mode: 'oauth', clientId: 'abc', scopes: [], store: 'file' });
  });

  it('workload identity and DPoP: mode workload_identity, the token file resolved against the config folder, an env variable, dpop', () => {
    const file = parseConfig(yaml('          mode: workload_identity\n          assertionFile: tokens/mcp\n          dpop: true\n'), {
      file: '/srv/mcp-bridge.yaml',
    });
    assert.deepEqual(file.servers[0]!.auth, { mode: 'workload_identity', scopes: [], store: 'file', dpop: true, assertionFile: '/srv/tokens/mcp' });
    const env = parseConfig(yaml('          mode: workload_identity\n          assertionEnv: ACTIONS_ID_TOKEN\n          clientId: agent\n'), {
      file: 'x.yaml',
    });
    assert.deepEqual(env.servers[0]!.auth, { mode: 'workload_identity', clientId: 'agent', scopes: [], store: 'file', assertionEnv: 'ACTIONS_ID_TOKEN' });
  });

  it('reports unknown keys and bad values at their path', () => {
    assert.throws(
      () => parseConfig(yaml('          clientID: abc\n          interactive: sometimes\n'), { file: 'x.yaml' }),
      (e: unknown) => {
        assert.ok(e instanceof ConfigError);
        assert.match(e.message, /unknown key "clientID" in auth/);
        assert.match(e.message, /interactive "sometimes" is not one of auto, browser, device, paste, never/);
        return true;
      },
    );
  });

  it('refuses auth on a stdio server', () => {
    assert.throws(
      () => parseConfig('tools:\n  mcp:\n    servers:\n      - name: a\n        command: node\n        auth: { clientId: x }\n', { file: 'x.yaml' }),
      /auth only applies to URL servers/,
    );
  });

  it("maps hosts' oauth fields: Claude Code callbackPort, Cursor CLIENT_ID, gemini-cli redirectUri", () => {
    const claude = parseConfig(JSON.stringify({ mcpServers: { a: { type: 'http', url: 'https://h/mcp', oauth: { clientId: 'c1', callbackPort: 8123 } } } }), {
      file: 'claude.json',
    });
    assert.deepEqual(claude.servers[0]!.auth, { mode: 'oauth', clientId: 'c1', scopes: [], redirect: { port: 8123 }, store: 'file' });
    const cursor = parseConfig(
      JSON.stringify({ mcpServers: { a: { url: 'https://h/mcp', auth: { CLIENT_ID: 'c2', CLIENT_SECRET: 'sec-2222', scopes: ['x'] } } } }),
      { file: 'mcp.json' },
    );
    assert.deepEqual(cursor.servers[0]!.auth, { mode: 'oauth', clientId: 'c2', clientSecret: 'sec-2222', scopes: ['x'], store: 'file' });
    const gemini = parseConfig(
      JSON.stringify({ mcpServers: { a: { url: 'https://h/mcp', oauth: { clientId: 'c3', redirectUri: 'http://localhost:7777/oauth/callback' } } } }),
      { file: 'settings.json' },
    );
    assert.deepEqual(gemini.servers[0]!.auth?.redirect, { host: 'localhost', port: 7777, path: '/oauth/callback' });
  });
});
