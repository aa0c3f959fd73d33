// Every host's own config file loads unchanged (ecosystem: one fixture per host, written from its
// documentation): numeric timeouts in the host's unit, its tool allow/deny lists, its variable
// spellings, its workspace folder, and a warning (never a rejection) for what mcp-bridge ignores.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig, parseConfig, ConfigError } from '../../src/config/index.js';
import { parseToml } from '../../src/config/toml.js';
import type { BridgeConfig, ServerConfig } from '../../src/config/index.js';
import { repoRoot } from '../helpers/paths.js';

const hostDir = join(repoRoot, 'test', 'fixtures', 'configs', 'hosts');
const file = (...parts: string[]) => join(hostDir, ...parts);
const byName = (cfg: BridgeConfig, name: string): ServerConfig => {
  const found = cfg.servers.find((s) => s.name === name);
  assert.ok(found, `server ${name} in ${cfg.servers.map((s) => s.name).join(', ')}`);
  return found;
};
const warned = (cfg: BridgeConfig) => (cfg.warnings ?? []).map((w) => `${w.path}: ${w.message}`);

describe('host config files', () => {
  it('Claude Code .mcp.json: timeout in ms, headersHelper and ws servers are warnings, ${VAR:-default}', async () => {
    const cfg = await loadConfig(file('claude-code', '.mcp.json'), { env: { GITHUB_PAT: 'ghp_1' } });
    assert.equal(cfg.host, 'claude-code');
    const github = byName(cfg, 'github');
    assert.deepEqual([github.transport, github.timeoutMs, github.headers], ['auto', 500, { Authorization: 'Bearer ghp_1' }]);
    assert.deepEqual(byName(cfg, 'filesystem').args, ['-y', '@modelcontextprotocol/server-filesystem', '.']);
    assert.equal(
      cfg.servers.some((s) => s.name === 'realtime'),
      false,
      'a WebSocket server is skipped',
    );
    assert.ok(warned(cfg).some((w) => /headersHelper is not run/.test(w)));
    assert.ok(warned(cfg).some((w) => /WebSocket/.test(w)));
  });

  it("Claude Code ~/.claude.json: user servers and the current project's local servers, local winning", async () => {
    const cfg = await loadConfig(file('claude-user', '.claude.json'), { env: {}, project: '/home/alice/app' });
    assert.deepEqual(
      cfg.servers.map((s) => s.name),
      ['memory', 'shared', 'db'],
    );
    assert.equal(byName(cfg, 'shared').command, 'project-version');
    assert.equal(byName(cfg, 'db').transport, 'sse');
    const elsewhere = await loadConfig(file('claude-user', '.claude.json'), { env: {}, project: '/somewhere/else' });
    assert.deepEqual(
      elsewhere.servers.map((s) => s.name),
      ['memory', 'shared'],
    );
  });

  it('Cursor .cursor/mcp.json: ${workspaceFolder} is the project, not the .cursor folder; auth maps onto the OAuth block', async () => {
    const cfg = await loadConfig(file('cursor', '.cursor', 'mcp.json'), { env: { CURSOR_API_KEY: 'k', REMOTE_TOKEN: 't' } });
    assert.equal(cfg.host, 'cursor');
    assert.deepEqual(byName(cfg, 'local').args, [`${file('cursor')}/tools/server.js`]);
    // Issue 13: Cursor's auth { CLIENT_ID, scopes } is read as mcp-bridge's auth block (it used to be ignored).
    assert.deepEqual(byName(cfg, 'remote').auth, { mode: 'oauth', clientId: 'abc', scopes: ['read'], store: 'file' });
    assert.ok(!warned(cfg).some((w) => /remote\.auth/.test(w)));
  });

  it('Windsurf: serverUrl, disabledTools as a deny list', async () => {
    const cfg = await loadConfig(file('windsurf', 'mcp_config.json'), { env: { GH_TOKEN: 'g' } });
    assert.equal(cfg.host, 'windsurf');
    assert.deepEqual(byName(cfg, 'github').excludeTools, ['delete_repository']);
    const figma = byName(cfg, 'figma');
    assert.deepEqual([figma.url, figma.enabled], ['https://figma.example.com/mcp', false]);
  });

  it('Cline: timeout in seconds, alwaysAllow/autoApprove ignored, type streamableHttp', async () => {
    const cfg = await loadConfig(file('cline', 'cline_mcp_settings.json'), { env: {} });
    assert.equal(cfg.host, 'cline');
    assert.equal(byName(cfg, 'weather').timeoutMs, 60_000);
    const remote = byName(cfg, 'remote');
    assert.deepEqual([remote.transport, remote.timeoutMs], ['streamable-http', 120_000]);
    assert.ok(warned(cfg).some((w) => /alwaysAllow is ignored/.test(w)));
  });

  it('Roo .roo/mcp.json: seconds, disabledTools with globs, watchPaths ignored, ${workspaceFolder} above .roo', async () => {
    const cfg = await loadConfig(file('roo', '.roo', 'mcp.json'), { env: { DOCS_KEY: 'd' } });
    assert.equal(cfg.host, 'roo');
    const files = byName(cfg, 'files');
    assert.deepEqual([files.timeoutMs, files.excludeTools, files.cwd], [30_000, ['write_file', 'move_*'], file('roo')]);
    assert.equal(byName(cfg, 'docs').transport, 'streamable-http');
    assert.ok(warned(cfg).some((w) => /watchPaths is ignored/.test(w)));
  });

  it('gemini-cli settings.json: httpUrl, url (SSE era), $VAR, timeout in ms, includeTools/excludeTools, trust ignored', async () => {
    const env = { DB_CONNECTION_STRING: 'postgres://db', EXTERNAL_API_KEY: 'x', API_TOKEN: 'tok' };
    const cfg = await loadConfig(file('gemini', '.gemini', 'settings.json'), { env });
    assert.equal(cfg.host, 'gemini-cli');
    const py = byName(cfg, 'pythonTools');
    assert.deepEqual(py.env, { DATABASE_URL: 'postgres://db', API_KEY: 'x' }, '$VAR is expanded like ${VAR}');
    assert.deepEqual([py.timeoutMs, py.tools, py.excludeTools], [15_000, ['safe_tool', 'file_reader'], ['dangerous_tool']]);
    const http = byName(cfg, 'httpServer');
    assert.deepEqual(
      [http.transport, http.url, http.headers, http.timeoutMs],
      ['streamable-http', 'http://localhost:3000/mcp', { Authorization: 'Bearer tok' }, 5_000],
    );
    assert.equal(byName(cfg, 'sseServer').transport, 'auto');
    assert.ok(warned(cfg).some((w) => /trust is ignored/.test(w)));
  });

  it('VS Code .vscode/mcp.json: ${input:id} from options or MCP_BRIDGE_INPUT_<ID>, ${workspaceFolder}, unix:// skipped', async () => {
    const fromOption = await loadConfig(file('vscode', '.vscode', 'mcp.json'), { env: {}, inputs: { 'perplexity-key': 'pplx-1' } });
    assert.deepEqual(byName(fromOption, 'perplexity').env, { PERPLEXITY_API_KEY: 'pplx-1' });
    assert.deepEqual(byName(fromOption, 'local').args, [`${file('vscode')}/mcp/server.js`]);
    assert.equal(
      fromOption.servers.some((s) => s.name === 'socket'),
      false,
    );
    assert.ok(warned(fromOption).some((w) => /unix:\/\/ servers .* not supported yet/.test(w)));
    const fromEnv = await loadConfig(file('vscode', '.vscode', 'mcp.json'), { env: { MCP_BRIDGE_INPUT_PERPLEXITY_KEY: 'pplx-2' } });
    assert.deepEqual(byName(fromEnv, 'perplexity').env, { PERPLEXITY_API_KEY: 'pplx-2' });
    await assert.rejects(loadConfig(file('vscode', '.vscode', 'mcp.json'), { env: {} }), (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.issues[0]!.hint ?? '', /MCP_BRIDGE_INPUT_PERPLEXITY_KEY/);
      return true;
    });
  });

  it('Zed settings.json context_servers: custom commands (both spellings), URL servers, extension servers skipped', async () => {
    const cfg = await loadConfig(file('zed', 'settings.json'), { env: { ZED_TOKEN: 'z' } });
    assert.equal(cfg.host, 'zed');
    assert.deepEqual([byName(cfg, 'local-server').command, byName(cfg, 'local-server').args], ['some-command', ['arg-1', 'arg-2']]);
    assert.deepEqual([byName(cfg, 'old-style').command, byName(cfg, 'old-style').args], ['old-command', ['--flag']]);
    assert.deepEqual(byName(cfg, 'remote-server').headers, { Authorization: 'Bearer z' });
    assert.equal(
      cfg.servers.some((s) => s.name === 'from-extension'),
      false,
    );
  });

  it('Continue config.yaml: the list form, display names made into server names', async () => {
    const cfg = await loadConfig(file('continue', 'config.yaml'), { env: {} });
    assert.equal(cfg.host, 'continue');
    assert.deepEqual(
      cfg.servers.map((s) => s.name),
      ['SQLite_MCP', 'browser'],
    );
    assert.deepEqual([byName(cfg, 'browser').transport, byName(cfg, 'browser').startupTimeoutMs], ['streamable-http', 20_000]);
    assert.ok(warned(cfg).some((w) => /"SQLite MCP" is named "SQLite_MCP"/.test(w)));
  });

  it('OpenCode opencode.json: local command arrays, environment, {env:VAR}, remote servers, enabled', async () => {
    const cfg = await loadConfig(file('opencode', 'opencode.json'), { env: { MY_SECRET: 's', MY_API_KEY: 'k' } });
    assert.equal(cfg.host, 'opencode');
    const local = byName(cfg, 'my-local');
    assert.deepEqual([local.command, local.args, local.env, local.timeoutMs], ['npx', ['-y', 'my-mcp-command'], { MY_ENV_VAR: 's' }, 10_000]);
    const remote = byName(cfg, 'my-remote');
    assert.deepEqual([remote.url, remote.enabled, remote.headers], ['https://my-mcp-server.com', false, { Authorization: 'Bearer k' }]);
  });

  it('Goose config.yaml extensions: cmd/envs/env_keys, timeout in seconds, builtin skipped, streamable_http', async () => {
    const cfg = await loadConfig(file('goose', 'config.yaml'), { env: { GH_TOKEN: 'g', GITHUB_HOST: 'github.com' } });
    assert.equal(cfg.host, 'goose');
    assert.deepEqual(
      cfg.servers.map((s) => s.name),
      ['github', 'remote'],
    );
    const gh = byName(cfg, 'github');
    assert.deepEqual([gh.command, gh.env, gh.timeoutMs], ['npx', { GITHUB_PERSONAL_ACCESS_TOKEN: 'g', GITHUB_HOST: 'github.com' }, 300_000]);
    const remote = byName(cfg, 'remote');
    assert.deepEqual([remote.transport, remote.url, remote.enabled], ['streamable-http', 'https://example.com/mcp', false]);
  });

  it('Codex config.toml: tables, env_vars, bearer and env headers, *_timeout_sec, enabled/disabled tools', async () => {
    const cfg = await loadConfig(file('codex', 'config.toml'), { env: { HOME_TOKEN: 'h', FIGMA_OAUTH_TOKEN: 'f', FIGMA_ORG: 'o' } });
    assert.equal(cfg.host, 'codex');
    const docs = byName(cfg, 'docs');
    assert.deepEqual(
      [docs.env, docs.startupTimeoutMs, docs.timeoutMs, docs.tools, docs.excludeTools, docs.cwd],
      [{ API_KEY: 'value', HOME_TOKEN: 'h' }, 20_000, 45_000, ['search', 'read'], ['delete'], '/srv/docs'],
    );
    assert.deepEqual(byName(cfg, 'figma').headers, { 'X-Figma-Region': 'us-east-1', 'X-Org': 'o', Authorization: 'Bearer f' });
    assert.equal(byName(cfg, 'off').enabled, false);
    assert.ok(warned(cfg).some((w) => /required is ignored/.test(w)));
  });

  it('a TOML syntax error names its line and column', () => {
    assert.throws(
      () => parseConfig('[mcp_servers.a]\ncommand = bare\n', { file: 'config.toml', env: {} }),
      (e: unknown) => {
        assert.ok(e instanceof ConfigError);
        assert.deepEqual([e.issues[0]!.line, e.issues[0]!.column], [2, 11]);
        assert.match(e.issues[0]!.message, /strings need quotes/);
        return true;
      },
    );
  });

  it('a Codex problem points at the key that set it', () => {
    assert.throws(
      () => parseConfig('[mcp_servers.a]\ncommand = "x"\nurl = "https://e.com"\n', { file: 'config.toml', env: {} }),
      (e: unknown) => {
        assert.ok(e instanceof ConfigError);
        assert.equal(e.issues[0]!.line, 3);
        return true;
      },
    );
  });

  it("host can be forced: a numeric timeout in an unnamed mcpServers file is read in that host's unit", () => {
    const text = '{"mcpServers": {"a": {"command": "x", "timeout": 90}}}';
    assert.equal(parseConfig(text, { file: 'servers.json', env: {} }).servers[0]!.timeoutMs, 90);
    assert.equal(parseConfig(text, { file: 'servers.json', env: {}, host: 'cline' }).servers[0]!.timeoutMs, 90_000);
  });
});

describe('the TOML reader', () => {
  it('reads the forms host files use', () => {
    const doc = parseToml(
      [
        'a = "x\\ty\\u00e9"',
        "b = 'C:\\\\path'",
        'c = [1, 2_000, -3, 1.5, true]',
        'd = { e = "f", "g.h" = 1 }',
        'i.j.k = 2',
        '[t."q k"]',
        'm = """',
        'two',
        'lines"""',
        '[[arr]]',
        'n = 1',
        '[[arr]]',
        'n = 2',
        'date = 1979-05-27',
      ].join('\n'),
    );
    assert.deepEqual(JSON.parse(JSON.stringify(doc.value)), {
      a: 'x\tyé',
      b: 'C:\\\\path',
      c: [1, 2000, -3, 1.5, true],
      d: { e: 'f', 'g.h': 1 },
      i: { j: { k: 2 } },
      t: { 'q k': { m: 'two\nlines' } },
      arr: [{ n: 1 }, { n: 2, date: '1979-05-27' }],
    });
  });

  it('refuses duplicates and unterminated strings, with a position', () => {
    assert.throws(() => parseToml('a = 1\na = 2'), /defined twice \(line 2, column 1\)/);
    assert.throws(() => parseToml('[x]\n[x]'), /defined twice/);
    assert.throws(() => parseToml('a = "open'), /unterminated string/);
    assert.throws(() => parseToml('a = [1, 2'), /expected , or \]/);
  });

  it('a key named __proto__ is an own key, not the prototype', () => {
    const doc = parseToml('[mcp_servers.__proto__]\ncommand = "x"');
    const servers = doc.value.mcp_servers as Record<string, unknown>;
    assert.ok(Object.hasOwn(servers, '__proto__'));
    assert.equal(({} as Record<string, unknown>).command, undefined);
  });
});
