// Secrets (header and env values, URL credentials, token-like query values) never reach an error
// message, and redactServerConfig gives a copy that is safe to print.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig, parseConfig, redactServerConfig, redactUrl, type HttpServerConfig } from '../../src/config/index.js';
import { fixture } from './fixtures.js';

const SECRET = 'sk-live-7f3a9c1d';

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err;
  }
  assert.fail('expected a ConfigError');
}

function assertNoSecret(err: ConfigError, secrets: string[]): void {
  const everything = [err.message, JSON.stringify(err.toJSON()), JSON.stringify(err.issues), String(err.stack)].join('\n');
  for (const s of secrets) assert.ok(!everything.includes(s), `"${s}" leaked into:\n${err.message}`);
}

describe('secrets in error messages', () => {
  it('masks header and env values in excerpts, even on the line of the problem', () => {
    const text = [
      'tools:',
      '  mcp:',
      '    servers:',
      '      - name: remote',
      '        url: https://example.com/mcp',
      '        headers:',
      `          Authorization: "Bearer ${SECRET}"`,
      `          "Bad Header": ${SECRET}-2`,
      `          X-List: [${SECRET}-3]`,
      '        timeout: 30',
      '      - name: local',
      '        command: node',
      '        env:',
      `          API_KEY: { nested: ${SECRET}-4 }`,
      `          "BAD=NAME": ${SECRET}-5`,
      `        headers: { X-Token: ${SECRET}-6 }`,
    ].join('\n');
    const err = configError(() => parseConfig(text, { file: 's.yaml', env: {} }));
    assert.deepEqual(
      err.issues.map((i) => i.path),
      [
        'tools.mcp.servers[0].headers["Bad Header"]',
        'tools.mcp.servers[0].headers.X-List',
        'tools.mcp.servers[0].timeout',
        'tools.mcp.servers[1].env.API_KEY',
        'tools.mcp.servers[1].env["BAD=NAME"]',
        'tools.mcp.servers[1].headers',
      ],
    );
    assertNoSecret(err, [SECRET]);
    assert.match(err.message, /\| {11}"Bad Header": \*+\n/, 'the excerpt is shown with the value masked');
  });

  it('masks a secret value on the line of a YAML syntax error', async () => {
    const err = await loadConfig(fixture('broken/syntax-secret.yaml'), { env: {} }).catch((e: unknown) => e);
    assert.ok(err instanceof ConfigError);
    assertNoSecret(err, ['sk-live-SECRET-9f8e7d', 'SECRET']);
    assert.match(err.message, /Authorization: \*{30} trailing/);
  });

  it('never shows a value that came from the environment or an env file', () => {
    const text =
      'tools:\n  mcp:\n    servers:\n      - name: r\n        url: https://example.com/mcp\n        headers: { X-Key: "${KEY}" }\n        timeout: nope\n';
    const err = configError(() => parseConfig(text, { file: 's.yaml', env: { KEY: `${SECRET}\r\nInjected: 1` } }));
    assert.deepEqual(
      err.issues.map((i) => i.path),
      ['tools.mcp.servers[0].headers.X-Key', 'tools.mcp.servers[0].timeout'],
    );
    assert.match(err.issues[0].message, /line break/);
    assertNoSecret(err, [SECRET, 'Injected']);
  });

  it('masks URL credentials and token query values in excerpts', () => {
    const text = `tools:\n  mcp:\n    servers:\n      - name: r\n        url: https://bob:${SECRET}@example.com/mcp?api_key=${SECRET}-q&page=2\n        prefix: "bad prefix"\n        tiemout: 1s\n`;
    const err = configError(() => parseConfig(text, { file: 's.yaml', env: {} }));
    assertNoSecret(err, [SECRET, 'bob']);
  });
});

describe('redactServerConfig', () => {
  it('masks every header and env value, URL userinfo and secret query values', async () => {
    const cfg = await loadConfig(fixture('cursor-mcp.json'), { env: { LINEAR_TOKEN: SECRET, HOME: '/home/a' } });
    const memory = redactServerConfig(cfg.servers.find((s) => s.name === 'memory')!);
    assert.deepEqual(memory.env, { MEMORY_TOKEN: '***', MEMORY_FILE_PATH: '***', PLAIN: '***' });
    const linear = cfg.servers.find((s) => s.name === 'linear')! as HttpServerConfig;
    const safe = redactServerConfig({ ...linear, url: `https://u:${SECRET}@mcp.linear.app/sse?token=${SECRET}&x=1&Auth_Code=abc` });
    assert.deepEqual(safe.headers, { Authorization: '***' });
    assert.equal(safe.url, 'https://***@mcp.linear.app/sse?token=***&x=1&Auth_Code=***');
    assert.ok(!JSON.stringify(safe).includes(SECRET));
    assert.equal((linear.headers as Record<string, string>).Authorization, `Bearer ${SECRET}`, 'the original is not modified');
  });

  it('keeps null (unset) env entries and masks secret-looking flag arguments', () => {
    const cfg = parseConfig(
      'tools:\n  mcp:\n    servers:\n      - name: a\n        command: node\n        args: [s.js, --api-key, k1, --token=k2, --port, "80", --verbose]\n        env: { A: x, B: null }\n',
      { file: 'a.yaml', env: {} },
    );
    const safe = redactServerConfig(cfg.servers[0]);
    assert.deepEqual(safe.env, { A: '***', B: null });
    assert.deepEqual(safe.args, ['s.js', '--api-key', '***', '--token=***', '--port', '80', '--verbose']);
  });

  it('redacts URLs that do not parse, by pattern', () => {
    assert.equal(redactUrl('//user:pw@host/x?secret=1&a=2'), '//***@host/x?secret=***&a=2');
    assert.equal(redactUrl('https://example.com/mcp'), 'https://example.com/mcp');
  });

  it('the Claude Desktop fixture key never appears in a redacted dump', async () => {
    const cfg = await loadConfig(fixture('claude_desktop_config.json'), { env: {} });
    const dump = JSON.stringify(cfg.servers.map(redactServerConfig));
    assert.ok(readFileSync(fixture('claude_desktop_config.json'), 'utf8').includes('BSA-not-a-real-key-1234'));
    assert.ok(!dump.includes('BSA-not-a-real-key-1234'));
  });
});

describe('which configured values are secrets', () => {
  it('a VS Code input declared "password": true is a secret wherever it lands; a plain input is not', () => {
    const text = JSON.stringify({
      inputs: [
        { type: 'promptString', id: 'db-pass', password: true },
        { type: 'promptString', id: 'workspace' },
      ],
      servers: { db: { command: 'db-mcp', args: ['--conn=postgres://app@h/${input:db-pass}', '${input:workspace}'] } },
    });
    const config = parseConfig(text, { file: '/p/.vscode/mcp.json', env: {}, inputs: { 'db-pass': 'pw-Hh7788', workspace: '/srv/work' } });
    assert.deepEqual(config.servers[0]!.secrets, ['pw-Hh7788']);
  });

  it('secret-named variables are secrets wherever they are used; paths and modes are not', () => {
    const text = 'tools:\n  mcp:\n    servers:\n      - name: s\n        command: x\n        args: ["${API_TOKEN}", "${BASE_DIR}", "${MODE}"]\n';
    const config = parseConfig(text, { file: '/p/mcp-bridge.yaml', env: { API_TOKEN: 'tok-Aa1122', BASE_DIR: '/srv/work', MODE: 'production' } });
    assert.deepEqual(config.servers[0]!.secrets, ['tok-Aa1122']);
  });

  it("tools.mcp.secrets is masked for every server, beside each entry's own list", () => {
    const text = [
      'tools:',
      '  mcp:',
      '    secrets: ["${SHARED}", "literal-Pp0099"]',
      '    servers:',
      '      - name: a',
      '        command: x',
      '        secrets: [own-Qq1122]',
      '      - name: b',
      '        command: y',
      '',
    ].join('\n');
    const config = parseConfig(text, { file: '/p/mcp-bridge.yaml', env: { SHARED: 'shared-Rr3344' } });
    assert.deepEqual(config.servers[0]!.secrets, ['own-Qq1122', 'shared-Rr3344', 'literal-Pp0099']);
    assert.deepEqual(config.servers[1]!.secrets, ['shared-Rr3344', 'literal-Pp0099']);
  });

  it('maskResults: false is read, absent leaves the key out, a non-boolean is refused', () => {
    const entry = (extra: string) => `tools:\n  mcp:\n    servers:\n      - name: s\n        command: x\n${extra}`;
    assert.equal(parseConfig(entry('        maskResults: false\n'), { file: '/p/mcp-bridge.yaml', env: {} }).servers[0]!.maskResults, false);
    assert.ok(!('maskResults' in parseConfig(entry(''), { file: '/p/mcp-bridge.yaml', env: {} }).servers[0]!));
    const err = configError(() => parseConfig(entry('        maskResults: sometimes\n'), { file: '/p/mcp-bridge.yaml', env: {} }));
    assert.match(err.message, /maskResults/);
  });
});
