// The CLI's own surface, run as a child: arguments parsed by node:util parseArgs against the
// command table (per-command options, --flag=false, -c=FILE, -V), per-command help, did-you-mean,
// doctor --json, -q failures, --server isolation, URLs that cannot work, provider formats.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { officialServer, officialServerScript, repoRoot, scratchDir } from '../helpers/servers.js';
import { stdioEntry, writeConfigFile } from '../helpers/config.js';
import { COMMANDS, EXIT_CODES } from '../../src/cli/command-table.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const echoServer = join(repoRoot, 'test', 'cli', 'fixtures', 'schema-echo-server.mjs');

function runCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: options.cwd ?? repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...options.env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const fs = officialServer('filesystem');
const good = writeConfigFile([stdioEntry('fs', fs, { prefix: 'fs_' })]);

test('every command has its own --help: usage, its options, examples and the exit codes; help CMD says the same', () => {
  for (const spec of COMMANDS) {
    const r = runCli([spec.name, '--help']);
    assert.equal(r.code, 0, spec.name);
    assert.ok(r.stdout.startsWith(`Usage: mcp-bridge ${spec.usage[0]}`), `${spec.name}: ${r.stdout.slice(0, 80)}`);
    for (const option of spec.options) assert.match(r.stdout, new RegExp(`--${option}\\b`), `${spec.name} --help names --${option}`);
    assert.match(r.stdout, /Examples:\n {2}mcp-bridge /);
    for (const [code] of EXIT_CODES) assert.match(r.stdout, new RegExp(`^ {2}${code} {2}`, 'm'));
    assert.equal(runCli(['help', spec.name]).stdout, r.stdout);
  }
  const call = runCli(['call', '--help']).stdout;
  assert.match(call, /--timeout DURATION/);
  assert.doesNotMatch(call, /--format/, 'call does not take --format, so its help does not offer it');
  const global = runCli(['--help']);
  assert.equal(global.code, 0);
  for (const spec of COMMANDS) assert.match(global.stdout, new RegExp(`^ {2}${spec.name} +${spec.summary.slice(0, 20).replace(/[()[\]|?*+.]/g, '\\$&')}`, 'm'));
});

test('-V prints the version like --version; a misspelt command or option gets a did-you-mean, exit 2', () => {
  const v = runCli(['-V']);
  assert.equal(v.code, 0);
  assert.match(v.stdout, /^\d+\.\d+\.\d+/);
  assert.equal(runCli(['--version']).stdout, v.stdout);
  const tool = runCli(['tool']);
  assert.equal(tool.code, 2);
  assert.match(tool.stderr, /unknown command "tool"; did you mean "tools"\?/);
  const doctr = runCli(['doctr']);
  assert.match(doctr.stderr, /did you mean "doctor"\?/);
  const jsn = runCli(['tools', '--jsn']);
  assert.equal(jsn.code, 2);
  assert.match(jsn.stderr, /unknown option --jsn; did you mean --json\?/);
  assert.match(jsn.stderr, /mcp-bridge tools --help/);
});

test('an option the command does not take is refused, naming the commands that take it', () => {
  const r = runCli(['--config', good, 'call', 'fs_read_text_file', '--format', 'openai']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /call does not take --format \(tools does\)/);
  const out = runCli(['--config', good, 'tools', '--out', 'x']);
  assert.equal(out.code, 2);
  assert.match(out.stderr, /tools does not take --out \(read, import, record do\)/);
  const missing = runCli(['--config']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--config needs a value \(FILE\)/);
});

test('--json=false leaves JSON off and -c=FILE reads FILE (the old parser turned JSON on and refused -c=)', () => {
  const r = runCli([`-c=${good}`, 'tools', '--json=false', '-q']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^fs_read_text_file\(path: string, tail\?: number, head\?: number\) {2}\[fs: read_text_file\]$/m);
  assert.throws(() => JSON.parse(r.stdout));
  const on = runCli([`-c=${good}`, 'tools', '--json=true', '-q']);
  assert.ok(Array.isArray(JSON.parse(on.stdout)));
  const bad = runCli([`-c=${good}`, 'tools', '--json=maybe']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--json is a flag/);
});

test('doctor --json prints one JSON document on stdout and nothing else', () => {
  const r = runCli(['--config', good, 'doctor', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.servers[0].name, 'fs');
  assert.equal(report.servers[0].state, 'ready');
  assert.deepEqual(report.problems, []);
});

test('-q drops the progress but still says in one line why a server failed', () => {
  const r = runCli(['tools', '-q', '--', '/no/such/binary-xyz']);
  assert.equal(r.code, 3);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0]!, /^mcp-bridge: binary-xyz: .*\/no\/such\/binary-xyz.*ENOENT/);
  const loud = runCli(['tools', '--', '/no/such/binary-xyz']);
  assert.match(loud.stderr, /starting 1 server/);
});

test('--server NAME uses that entry of a host file even when an unrelated entry is broken', () => {
  const dir = scratchDir('host');
  const file = join(dir, 'claude_desktop_config.json');
  writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        files: { command: process.execPath, args: fs.args },
        broken: { command: 'x', env: { KEY: '${MCPB_TEST_UNSET_VARIABLE}' }, bogusKey: 1 },
      },
    }),
  );
  const r = runCli(['--config', file, '--server', 'files', 'tools', '--json', '-q']);
  assert.equal(r.code, 0, r.stderr);
  assert.ok((JSON.parse(r.stdout) as Array<{ server: string }>).every((t) => t.server === 'files'));
  // Without --server the broken entry is still an error, and naming it shows its problems.
  const all = runCli(['--config', file, 'tools', '-q']);
  assert.equal(all.code, 2);
  assert.match(all.stderr, /MCPB_TEST_UNSET_VARIABLE/);
  const named = runCli(['--config', file, '--server', 'broken', 'tools', '-q']);
  assert.equal(named.code, 2);
  assert.match(named.stderr, /bogusKey/);
});

test('an https:// URL on a plain-HTTP port and a URL without a scheme get errors that say what to write', async () => {
  const server = createServer((_req, res) => res.end('plain'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const child = await import('node:child_process');
    const tls = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const p = child.spawn(process.execPath, [cli, 'tools', `https://127.0.0.1:${port}/mcp`, '-q'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      p.stderr.on('data', (c: Buffer) => (stderr += String(c)));
      p.on('close', (code) => resolve({ code, stderr }));
    });
    assert.equal(tls.code, 3);
    assert.match(tls.stderr, /could not reach https:\/\/127\.0\.0\.1:\d+\/mcp/);
    assert.match(tls.stderr, /plain HTTP: write http:\/\/ instead of https:\/\//);
    assert.doesNotMatch(tls.stderr, /openssl|ssl3_get_record/);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  const bare = runCli(['tools', `127.0.0.1:${port}/mcp`]);
  assert.equal(bare.code, 2);
  assert.match(bare.stderr, /looks like a URL without its scheme: write http:\/\/127\.0\.0\.1:\d+\/mcp/);
  const host = runCli(['call', 'localhost:8080', 'echo']);
  assert.match(host.stderr, /write http:\/\/localhost:8080/);
});

test('transport: http in an mcp-bridge config means Streamable HTTP with SSE fallback, as --transport http does', async () => {
  const { startEverythingHttp } = await import('../helpers/http-everything.js');
  const server = await startEverythingHttp('streamableHttp');
  try {
    const config = writeConfigFile([{ name: 'ev', url: server.url, transport: 'http' }]);
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      void import('node:child_process').then(({ spawn }) => {
        const p = spawn(process.execPath, [cli, '--config', config, 'call', 'echo', 'message=via http', '-q'], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        p.stdout.on('data', (c: Buffer) => (stdout += String(c)));
        p.stderr.on('data', (c: Buffer) => (stderr += String(c)));
        p.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), 'Echo: via http');
  } finally {
    await server.stop();
  }
});

test('tools TOOL prints that tool in full; --format openai-responses gives the Responses API shape', () => {
  const one = runCli(['tools', 'list_tables', '-q', '--', process.execPath, echoServer]);
  assert.equal(one.code, 0, one.stderr);
  assert.match(one.stdout, /^list_tables\(schemas: string\[\], verbose: boolean, options\?: object\)\n/);
  assert.match(one.stdout, /schemas: string\[\] {2}\(required, default \["public"\]\)/);
  assert.match(one.stdout, /Input schema:\n\{\n {2}"type": "object"/);
  const asJson = JSON.parse(runCli(['tools', 'list_tables', '--json', '-q', '--', process.execPath, echoServer]).stdout);
  assert.equal(asJson.name, 'list_tables');
  assert.deepEqual(asJson.inputSchema.required, ['schemas', 'verbose']);
  const typo = runCli(['tools', 'list_table', '-q', '--', process.execPath, echoServer]);
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /no tool named "list_table"; did you mean "list_tables"\?/);
  const responses = runCli(['tools', '--format', 'openai-responses', '-q', '--', process.execPath, officialServerScript('everything'), 'stdio']);
  assert.equal(responses.code, 0, responses.stderr);
  const specs = JSON.parse(responses.stdout) as Array<Record<string, unknown>>;
  // The Responses API's flat function tools: name and parameters at the top, no nested `function`.
  const echo = specs.find((s) => s.name === 'echo')!;
  assert.equal(echo.type, 'function');
  assert.equal((echo.parameters as { type: string }).type, 'object');
  assert.equal(echo.function, undefined);
});

test('prompts URL and resources URL: the URL is the server, not a server name', async () => {
  const { startEverythingHttp } = await import('../helpers/http-everything.js');
  const server = await startEverythingHttp('streamableHttp');
  const { spawn } = await import('node:child_process');
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const p = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      p.stdout.on('data', (c: Buffer) => (stdout += String(c)));
      p.stderr.on('data', (c: Buffer) => (stderr += String(c)));
      p.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  try {
    const prompts = await run(['prompts', server.url, '-q']);
    assert.equal(prompts.code, 0, prompts.stderr);
    assert.match(prompts.stdout, /simple-prompt/);
    const resources = await run(['resources', server.url, '-q']);
    assert.equal(resources.code, 0, resources.stderr);
    assert.match(resources.stdout, /\d+ resources?, \d+ templates?/);
  } finally {
    await server.stop();
  }
});
