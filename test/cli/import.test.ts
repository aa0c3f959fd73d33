// `mcp-bridge import`: every host's own file (the fixtures written from each host's documentation)
// becomes an mcp-bridge config whose servers load exactly as the host file's did, once serve gets
// the environment the rewritten host entry hands it; inline secrets never reach the new file or the
// output; the host file is rewritten to the one serve entry, with a backup.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { run } from '../../src/cli/main.js';
import { loadConfig, type BridgeConfig, type ServerConfig } from '../../src/config/index.js';
import { repoRoot, scratchDir } from '../helpers/servers.js';

const hosts = join(repoRoot, 'test', 'fixtures', 'configs', 'hosts');

async function cli(argv: string[], cwd: string, env: Record<string, string | undefined> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: { HOME: cwd, ...env }, cwd });
  return { code, stdout, stderr };
}

/** Any variable a config names reads back as `val-NAME`: the same on both sides of the round trip. */
function anyEnv(overrides: Record<string, string | null> = {}): Record<string, string | undefined> {
  return new Proxy({} as Record<string, string | undefined>, {
    get: (_t, name) => (typeof name !== 'string' ? undefined : Object.hasOwn(overrides, name) ? (overrides[name] ?? undefined) : `val-${name}`),
  });
}

/** A server as it runs: where it was declared aside. */
const running = (s: ServerConfig) => ({ ...s, source: undefined, secrets: undefined });
const byName = (cfg: BridgeConfig) => Object.fromEntries(cfg.servers.map((s) => [s.name, running(s)]));

// Each fixture: its file (folder names matter: .vscode/, .cursor/...), and the project cwd for Claude Code's ~/.claude.json.
const FIXTURES: { host: string; file: string; cwd?: string; skipped?: string[] }[] = [
  { host: 'claude-desktop', file: 'claude-desktop/claude_desktop_config.json' },
  { host: 'claude-code', file: 'claude-code/.mcp.json', skipped: ['realtime'] },
  { host: 'claude-code', file: 'claude-user/.claude.json', cwd: '/home/alice/app', skipped: ['shared'] },
  { host: 'cursor', file: 'cursor/.cursor/mcp.json' },
  { host: 'vscode', file: 'vscode/.vscode/mcp.json', skipped: ['socket'] },
  { host: 'windsurf', file: 'windsurf/mcp_config.json' },
  { host: 'cline', file: 'cline/cline_mcp_settings.json' },
  { host: 'roo', file: 'roo/.roo/mcp.json' },
  { host: 'gemini-cli', file: 'gemini/.gemini/settings.json' },
  { host: 'zed', file: 'zed/settings.json', skipped: ['from-extension'] },
  { host: 'continue', file: 'continue/config.yaml' },
  { host: 'opencode', file: 'opencode/opencode.json' },
  { host: 'goose', file: 'goose/config.yaml', skipped: ['developer'] },
  { host: 'codex', file: 'codex/config.toml' },
];

describe('mcp-bridge import', () => {
  for (const f of FIXTURES) {
    it(`${f.file} (${f.host}): same servers after import, and the host file holds one serve entry`, async () => {
      const dir = scratchDir('import');
      const folder = f.file.split('/')[0]!;
      cpSync(join(hosts, folder), join(dir, folder), { recursive: true });
      const hostFile = join(dir, f.file);
      const out = join(dir, 'bridge', 'mcp-bridge.yaml');
      const project = f.cwd ?? dir;
      const before = await loadConfig(hostFile, { env: anyEnv(), project });

      const r = await cli(['import', '--file', hostFile, '--out', out, '--rewrite-host', '--json'], project);
      assert.equal(r.code, 0, r.stderr);
      const report = JSON.parse(r.stdout);
      assert.equal(report.host, f.host);
      assert.deepEqual(
        report.skipped.map((s: { name: string }) => s.name),
        f.skipped ?? [],
      );
      assert.ok(existsSync(report.backup), 'a backup of the host file');
      assert.equal(readFileSync(report.backup, 'utf8'), readFileSync(join(hosts, f.file), 'utf8'));

      // The host now starts serve and nothing else it used to run.
      const after = await loadConfig(hostFile, { env: anyEnv(), project });
      const left = new Set(report.skipped.map((s: { name: string }) => s.name));
      assert.deepEqual(
        after.servers.map((s) => s.name).filter((n) => !left.has(n)),
        ['mcp-bridge'],
      );
      const entry = after.servers.find((s) => s.name === 'mcp-bridge')!;
      assert.ok(entry.transport === 'stdio');
      assert.deepEqual(entry.args.slice(-3), ['serve', '--config', out]);

      // serve, given the environment that entry hands it, loads the same servers the host had.
      const handed = Object.fromEntries(Object.entries(entry.env).filter(([, v]) => v !== null)) as Record<string, string>;
      const ours = await loadConfig(out, { env: anyEnv(handed), project });
      assert.equal(ours.host, 'mcp-bridge');
      assert.deepEqual(byName(ours), byName(before));
      for (const v of report.variables) assert.ok(Object.hasOwn(handed, v.name), `the entry passes ${v.name}`);
    });
  }

  it('inline secrets become ${VAR} references; no value is printed or written to the new file', async () => {
    const dir = scratchDir('import-secrets');
    cpSync(join(hosts, 'claude-desktop'), dir, { recursive: true });
    const hostFile = join(dir, 'claude_desktop_config.json');
    const secrets = [
      'ghp_inlineFixtureToken0123456789',
      'inlineArgKey-4c2b9e',
      'inlineArgToken-77aa31',
      'inlineUrlPassword-9f',
      'inlineQueryToken-5d',
      'inlineBearer-0a1b2c3d',
      'inlineHeaderKey-e5f6',
    ];
    for (const argv of [
      ['import', '--file', hostFile, '--out', 'a.yaml'],
      ['import', '--file', hostFile, '--out', 'b.yaml', '--json'],
      ['import', '--file', hostFile, '--out', 'c.yaml', '--rewrite-host', '-v'],
    ]) {
      const r = await cli(argv, dir);
      assert.equal(r.code, 0, r.stderr);
      const written = readFileSync(join(dir, argv[4]!), 'utf8');
      for (const s of secrets) {
        assert.ok(!r.stdout.includes(s) && !r.stderr.includes(s), `${s} printed by ${argv.join(' ')}`);
        assert.ok(!written.includes(s), `${s} written to ${argv[4]}`);
      }
    }
    const text = readFileSync(join(dir, 'a.yaml'), 'utf8');
    assert.match(text, /GITHUB_PERSONAL_ACCESS_TOKEN: \$\{GITHUB_PERSONAL_ACCESS_TOKEN\}/);
    assert.match(text, /GITHUB_HOST: github\.com/, 'a plain value stays as written');
    assert.match(text, /Authorization: Bearer \$\{REMOTE_TOKEN\}/);
    assert.match(text, /X-Region: eu-west/);
    const report = JSON.parse((await cli(['import', '--file', join(dir, 'claude_desktop_config.json.bak'), '--out', 'd.yaml', '--json'], dir)).stdout);
    assert.deepEqual(
      report.variables.map((v: { name: string; field: string }) => `${v.name} ${v.field}`),
      [
        'GITHUB_PERSONAL_ACCESS_TOKEN env.GITHUB_PERSONAL_ACCESS_TOKEN',
        'SEARCH_API_KEY args[1]',
        'SEARCH_TOKEN args[3]',
        'REMOTE_TOKEN headers.Authorization',
        'REMOTE_X_API_KEY headers.X-Api-Key',
        'REMOTE_URL_PASSWORD url',
        'REMOTE_TOKEN_2 url',
      ],
    );
    // A reference the host file already had stays one, and serve is told to read it.
    assert.deepEqual(report.environment, ['BRAVE_API_KEY']);
    // The rewritten host file keeps its other settings and the secrets where they were.
    const rewritten = JSON.parse(readFileSync(hostFile, 'utf8'));
    assert.equal(rewritten.globalShortcut, 'Ctrl+Space');
    assert.deepEqual(Object.keys(rewritten.mcpServers), ['mcp-bridge']);
    assert.equal(rewritten.mcpServers['mcp-bridge'].env.SEARCH_TOKEN, 'inlineArgToken-77aa31');
  });

  it('prints the entry in the host format without --rewrite-host, leaving the host file alone', async () => {
    const dir = scratchDir('import-print');
    cpSync(join(hosts, 'vscode'), dir, { recursive: true });
    const hostFile = join(dir, '.vscode', 'mcp.json');
    const original = readFileSync(hostFile, 'utf8');
    const r = await cli(['import', '--file', hostFile], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(hostFile, 'utf8'), original);
    assert.ok(existsSync(join(dir, 'mcp-bridge.yaml')), 'the default --out');
    const snippet = JSON.parse(r.stdout.slice(r.stdout.indexOf('{\n'), r.stdout.lastIndexOf('}') + 1));
    assert.deepEqual(snippet.servers['mcp-bridge'], {
      type: 'stdio',
      command: 'npx',
      args: ['-y', 'mcp-bridge', 'serve', '--config', join(dir, 'mcp-bridge.yaml')],
      // VS Code keeps prompting for its inputs and hands the answers to serve.
      env: { MCP_BRIDGE_INPUT_PERPLEXITY_KEY: '${input:perplexity-key}' },
    });
  });

  it('Codex config.toml is edited as text: its comments and other tables stay as written', async () => {
    const dir = scratchDir('import-codex');
    mkdirSync(join(dir, '.codex'));
    const toml = [
      '# my settings',
      'model = "gpt-5-codex" # the default model',
      '',
      '[mcp_servers.docs]',
      'command = "docs-server"',
      'env = { "DOCS_TOKEN" = "inlineCodexToken-31" }',
      '',
      '[profiles.fast]',
      '# keep this',
      'model = "gpt-5-mini"',
      '',
    ].join('\n');
    writeFileSync(join(dir, '.codex', 'config.toml'), toml);
    const r = await cli(['import', '--from', 'codex', '--rewrite-host'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!r.stdout.includes('inlineCodexToken-31'));
    const text = readFileSync(join(dir, '.codex', 'config.toml'), 'utf8');
    for (const line of ['# my settings', 'model = "gpt-5-codex" # the default model', '[profiles.fast]', '# keep this', '[mcp_servers.mcp-bridge]'])
      assert.ok(text.includes(line), `${line} kept in:\n${text}`);
    assert.ok(!text.includes('[mcp_servers.docs]'));
    assert.match(text, /env = \{ DOCS_TOKEN = "inlineCodexToken-31" \}/, 'the secret stays in the host file, handed to serve');
  });

  it('refuses to overwrite --out without --force (exit 2), and replaces it with --force', async () => {
    const dir = scratchDir('import-force');
    mkdirSync(join(dir, '.cursor'));
    cpSync(join(hosts, 'cursor', '.cursor', 'mcp.json'), join(dir, '.cursor', 'mcp.json'));
    writeFileSync(join(dir, 'mcp-bridge.yaml'), 'mine\n');
    const refused = await cli(['import', '--from', 'cursor'], dir);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /mcp-bridge\.yaml exists; pass --force/);
    assert.equal(readFileSync(join(dir, 'mcp-bridge.yaml'), 'utf8'), 'mine\n');
    const forced = await cli(['import', '--from', 'cursor', '--force'], dir);
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(readFileSync(join(dir, 'mcp-bridge.yaml'), 'utf8'), /name: local/);
  });

  it('--from claude-desktop finds the file in its per-OS place', async () => {
    const dir = scratchDir('import-from');
    mkdirSync(join(dir, '.config', 'Claude'), { recursive: true });
    cpSync(join(hosts, 'claude-desktop', 'claude_desktop_config.json'), join(dir, '.config', 'Claude', 'claude_desktop_config.json'));
    const r = await cli(['import', '--from', 'claude-desktop', '--out', 'x.yaml', '--json'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).hostFile, join(dir, '.config', 'Claude', 'claude_desktop_config.json'));
  });

  it('says what is wrong: no source given, a host file that does not load, an mcp-bridge file', async () => {
    const dir = scratchDir('import-errors');
    assert.match((await cli(['import'], dir)).stderr, /import needs --from HOST .* or --file PATH/);
    writeFileSync(join(dir, 'bad.json'), '{ "mcpServers": { "x": { "comand": "node" } } }');
    const bad = await cli(['import', '--file', 'bad.json'], dir);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /comand/);
    assert.ok(!existsSync(join(dir, 'mcp-bridge.yaml')), 'nothing written');
    writeFileSync(join(dir, 'ours.yaml'), 'tools:\n  mcp:\n    servers:\n      - name: a\n        command: node\n');
    assert.match((await cli(['import', '--file', 'ours.yaml'], dir)).stderr, /already an mcp-bridge config/);
  });
});
