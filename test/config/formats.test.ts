// The three accepted formats load into the same normalised shape: mcp-bridge YAML, Claude Desktop /
// Cursor JSON (mcpServers) and VS Code mcp.json (servers + inputs, comments, trailing commas).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { ConfigError, loadConfig, parseConfig, type ServerConfig } from '../../src/config/index.js';
import { fixture } from './fixtures.js';

const dir = dirname(fixture('mcp-bridge.yaml'));

function byName(servers: ServerConfig[], name: string): ServerConfig {
  const found = servers.find((s) => s.name === name);
  assert.ok(found, `no server named ${name}`);
  return found;
}

describe('mcp-bridge.yaml', () => {
  it('normalises every field and fills defaults', async () => {
    const cfg = await loadConfig(fixture('mcp-bridge.yaml'), { env: { SEARCH_TOKEN: 'tok-1' } });
    assert.equal(cfg.format, 'mcp-bridge');
    assert.equal(cfg.file, fixture('mcp-bridge.yaml'));
    assert.equal(cfg.enabled, true);
    assert.deepEqual(
      cfg.servers.map((s) => s.name),
      ['fs', 'search', 'later'],
    );
    assert.deepEqual(byName(cfg.servers, 'fs'), {
      name: 'fs',
      transport: 'stdio',
      enabled: true,
      command: 'node',
      args: ['node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', '/tmp'],
      env: { LOG_LEVEL: 'debug', NODE_OPTIONS: null, PORT: '8080' },
      cwd: join(dir, 'work'),
      inheritEnv: false,
      headers: {},
      tools: ['read_file', 'list_directory'],
      excludeTools: [],
      prefix: 'fs_',
      timeoutMs: 45_000,
      startupTimeoutMs: 180_000,
      maxResultChars: 20_000,
      pingIntervalMs: 0,
      secrets: [],
      source: { file: fixture('mcp-bridge.yaml'), path: 'tools.mcp.servers[0]', line: 6 },
    });
    assert.deepEqual(byName(cfg.servers, 'search'), {
      name: 'search',
      transport: 'streamable-http',
      enabled: true,
      args: [],
      env: {},
      inheritEnv: false,
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer tok-1', 'X-Client': 'mcp-bridge' },
      tools: [],
      excludeTools: [],
      prefix: '',
      timeoutMs: 90_000,
      startupTimeoutMs: 120_000,
      maxResultChars: 100_000,
      pingIntervalMs: 0,
      // SEARCH_TOKEN names a secret, so its value is masked wherever it appears (issue 11).
      secrets: ['tok-1'],
      source: { file: fixture('mcp-bridge.yaml'), path: 'tools.mcp.servers[1]', line: 19 },
    });
  });

  it('keeps a disabled server whose variable is unset, with a warning instead of an error', async () => {
    const cfg = await loadConfig(fixture('mcp-bridge.yaml'), { env: { SEARCH_TOKEN: 't' } });
    const later = byName(cfg.servers, 'later');
    assert.equal(later.enabled, false);
    assert.equal(later.pingIntervalMs, 60_000);
    assert.equal(later.transport, 'auto', 'a URL server without transport stays auto');
    assert.equal((later.headers as Record<string, string>).Authorization, 'Bearer ${NOT_SET_YET}');
    assert.equal(cfg.warnings?.length, 1);
    assert.equal(cfg.warnings?.[0].path, 'tools.mcp.servers[2].headers.Authorization');
    assert.equal(cfg.warnings?.[0].line, 30);
    assert.match(cfg.warnings?.[0].message ?? '', /NOT_SET_YET is not set/);
  });

  it('does not check the URL of a disabled server that still holds an unset variable', () => {
    const cfg = parseConfig('tools:\n  mcp:\n    servers:\n      - {name: a, enabled: false, url: "https://${HOST}/mcp"}\n', { file: 'x.yaml', env: {} });
    assert.equal(cfg.servers[0].url, 'https://${HOST}/mcp');
    assert.deepEqual(
      cfg.warnings?.map((w) => w.path),
      ['tools.mcp.servers[0].url'],
    );
  });

  it('still fails when an enabled server needs an unset variable', async () => {
    await assert.rejects(loadConfig(fixture('mcp-bridge.yaml'), { env: {} }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.deepEqual(
        err.issues.map((i) => [i.path, i.line]),
        [['tools.mcp.servers[1].headers.Authorization', 23]],
      );
      return true;
    });
  });

  it('accepts an empty servers section and tools.mcp.enabled: false', () => {
    const cfg = parseConfig('tools:\n  mcp:\n    enabled: false\n', { file: 'x.yaml', env: {} });
    assert.deepEqual({ enabled: cfg.enabled, servers: cfg.servers }, { enabled: false, servers: [] });
  });

  it('resolves transport auto: stdio with a command, auto kept for a url', () => {
    const cfg = parseConfig(
      'tools:\n  mcp:\n    servers:\n      - {name: a, command: x}\n      - {name: b, url: "http://127.0.0.1:1/mcp", transport: auto}\n',
      { file: 'x.yaml', env: {} },
    );
    assert.deepEqual(
      cfg.servers.map((s) => s.transport),
      ['stdio', 'auto'],
    );
  });

  it('accepts the host spelling type: http in our format too, as auto', () => {
    const cfg = parseConfig('tools:\n  mcp:\n    servers:\n      - {name: a, type: http, url: "http://127.0.0.1:1/mcp"}\n', { file: 'x.yaml', env: {} });
    assert.equal(cfg.servers[0].transport, 'auto');
  });

  it('keeps YAML anchors and merge keys working', () => {
    const text = 'defaults: &d\n  command: node\n  timeout: 5s\ntools:\n  mcp:\n    servers:\n      - name: a\n        <<: *d\n        args: [a.js]\n';
    const cfg = parseConfig(text, { file: 'x.yaml', env: {} });
    assert.equal(cfg.servers[0].command, 'node');
    assert.equal(cfg.servers[0].timeoutMs, 5000);
  });
});

describe('Claude Desktop / Cursor mcpServers JSON', () => {
  it('loads claude_desktop_config.json unchanged (brave-search + filesystem)', async () => {
    const cfg = await loadConfig(fixture('claude_desktop_config.json'), { env: {} });
    assert.equal(cfg.format, 'claude-desktop');
    assert.equal(cfg.warnings, undefined, 'unrelated top-level keys such as globalShortcut are left alone');
    const brave = byName(cfg.servers, 'brave-search');
    assert.deepEqual(
      { transport: brave.transport, command: brave.command, args: brave.args, env: brave.env },
      {
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-brave-search'],
        env: { BRAVE_API_KEY: 'BSA-not-a-real-key-1234' },
      },
    );
    assert.deepEqual(brave.source, { file: fixture('claude_desktop_config.json'), path: 'mcpServers.brave-search', line: 3 });
    const fs = byName(cfg.servers, 'filesystem');
    assert.deepEqual(fs.args, ['-y', '@modelcontextprotocol/server-filesystem', '/Users/alice/Desktop', '/Users/alice/Downloads']);
    assert.equal(fs.timeoutMs, 30_000);
    assert.equal(fs.startupTimeoutMs, 120_000);
  });

  it('accepts the empty "args": [] and "env": {} that generated files put on URL servers', () => {
    const cfg = parseConfig('{"mcpServers": {"r": {"url": "https://example.com/mcp", "args": [], "env": {}, "headers": {}}}}', { file: 'c.json', env: {} });
    assert.deepEqual([cfg.servers[0].transport, cfg.servers[0].args, cfg.servers[0].env], ['auto', [], {}]);
    assert.throws(
      () => parseConfig('{"mcpServers": {"r": {"url": "https://example.com/mcp", "args": ["x"]}}}', { file: 'c.json', env: {} }),
      /args only applies to stdio servers/,
    );
  });

  it('loads a Cursor mcp.json: url servers, type http, ${env:X}, ${workspaceFolder}, ${userHome}, envFile, disabled', async () => {
    const cfg = await loadConfig(fixture('cursor-mcp.json'), { env: { LINEAR_TOKEN: 'lin_123', HOME: '/home/alice' } });
    assert.equal(cfg.format, 'claude-desktop');
    const linear = byName(cfg.servers, 'linear');
    assert.deepEqual([linear.transport, linear.url, linear.headers], ['auto', 'https://mcp.linear.app/sse', { Authorization: 'Bearer lin_123' }]);
    assert.equal(byName(cfg.servers, 'docs').transport, 'auto', 'type http means Streamable HTTP with SSE fallback');
    const memory = byName(cfg.servers, 'memory');
    assert.equal(memory.enabled, false);
    assert.deepEqual(memory.args, [`${dir}/servers/memory.js`]);
    assert.deepEqual(memory.env, { MEMORY_TOKEN: 'tok-from-file', MEMORY_FILE_PATH: '/home/alice/.memory.json', PLAIN: 'value' }, 'env wins over envFile');
    assert.deepEqual(
      cfg.warnings?.map((w) => [w.path, w.line]),
      [['mcpServers.memory.autoApprove', 16]],
    );
  });
});

describe('VS Code mcp.json', () => {
  it('loads servers with comments, trailing commas, type stdio/http/sse and null env values', async () => {
    const cfg = await loadConfig(fixture('vscode-mcp.json'), { env: { GITHUB_TOKEN: 'ghp_x' } });
    assert.equal(cfg.format, 'vscode');
    const memory = byName(cfg.servers, 'memory');
    assert.deepEqual([memory.transport, memory.env], ['stdio', { MEMORY_FILE_PATH: `${dir}/memory.json`, DEBUG: null }]);
    const github = byName(cfg.servers, 'github');
    assert.deepEqual([github.transport, github.headers], ['auto', { Authorization: 'Bearer ghp_x' }]);
    assert.equal(byName(cfg.servers, 'legacy').transport, 'sse');
    assert.deepEqual(
      cfg.warnings?.map((w) => [w.path, w.line, w.column]),
      [['servers.legacy.dev', 22, 7]],
    );
    assert.equal(byName(cfg.servers, 'github').source.line, 14);
  });

  it('reports ${input:...} as unsupported, at its path and line, with an env hint', async () => {
    await assert.rejects(loadConfig(fixture('vscode-input.json'), { env: {} }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.equal(err.issues.length, 1);
      const [issue] = err.issues;
      assert.deepEqual([issue.path, issue.line, issue.column], ['servers.perplexity.env.PERPLEXITY_API_KEY', 10, 38]);
      assert.match(issue.message, /\$\{input:perplexity-key\} is a VS Code prompt variable/);
      assert.match(issue.hint ?? '', /\$\{env:PERPLEXITY_KEY\}/);
      return true;
    });
  });

  it('reads the "mcp": { "servers" } block of a VS Code settings.json', () => {
    const text = '{\n  "editor.fontSize": 14,\n  "mcp": {\n    "servers": {\n      "a": { "type": "stdio", "command": "x", "tpye": 1 }\n    }\n  }\n}\n';
    assert.throws(
      () => parseConfig(text, { file: 'settings.json', env: {} }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.deepEqual(
          err.issues.map((i) => [i.path, i.line]),
          [['mcp.servers.a.tpye', 5]],
        );
        return true;
      },
    );
    const cfg = parseConfig(text.replace(', "tpye": 1', ''), { file: 'settings.json', env: {} });
    assert.deepEqual([cfg.format, cfg.servers[0].source.path], ['vscode', 'mcp.servers.a']);
  });

  it('warns that mcpServers is ignored in a file that also has tools:', () => {
    const cfg = parseConfig('tools:\n  mcp:\n    servers: []\nmcpServers: {}\n', { file: 'x.yaml', env: {} });
    assert.deepEqual(
      cfg.warnings?.map((w) => [w.path, w.line]),
      [['mcpServers', 4]],
    );
  });

  it('detects the format by content, whatever the file is called', () => {
    const cfg = parseConfig('{"servers": {"a": {"type": "stdio", "command": "x"}}}', { file: 'whatever.yaml', env: {} });
    assert.equal(cfg.format, 'vscode');
  });
});
