// The CLI conventions users know from the Inspector CLI, mcptools and mcpc: a server on the command
// line (-- CMD ARGS, or a URL), --server to start one of a config, -e, key=value / key:=JSON
// arguments and JSON on stdin, config discovery and --from HOST. Run as a child process.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { officialServer, officialServerScript, repoRoot, scratchDir } from '../helpers/servers.js';
import { stdioEntry, writeConfigFile } from '../helpers/config.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');

function runCli(args: string[], options: { cwd?: string; input?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: options.cwd ?? repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
    input: options.input ?? '',
    env: { ...process.env, ...options.env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const fs = officialServer('filesystem');
writeFileSync(join(fs.dir!, 'a.txt'), 'alpha file');
const everything = officialServerScript('everything');

test("tools -- CMD ARGS: one stdio server, no config file; the specs' token cost is printed", () => {
  const r = runCli(['tools', '--json', '-q', '--', process.execPath, ...fs.args]);
  assert.equal(r.code, 0, r.stderr);
  const names = (JSON.parse(r.stdout) as Array<{ name: string }>).map((t) => t.name);
  assert.ok(names.includes('read_text_file'), names.join(', '));
  const loud = runCli(['tools', '--', process.execPath, ...fs.args]);
  assert.match(loud.stderr, /\d+ tool specs, about [\d,]+ tokens as openai specs/);
});

test('call TOOL key=value key:=JSON -- CMD: typed arguments, no config file', () => {
  const r = runCli(['call', 'get-sum', 'a:=2', 'b:=40', '-q', '--', process.execPath, everything, 'stdio']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /42/);
  const text = runCli(['call', 'echo', 'message=hello world', '-q', '--', process.execPath, everything, 'stdio']);
  assert.equal(text.stdout.trim(), 'Echo: hello world');
});

test('call TOOL - reads the JSON arguments from stdin', () => {
  const r = runCli(['call', 'read_text_file', '-', '-q', '--', process.execPath, ...fs.args], { input: JSON.stringify({ path: join(fs.dir!, 'a.txt') }) });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'alpha file');
});

test('-e sets the environment of an ad-hoc server; bad pairs are usage errors', () => {
  const dir = scratchDir('mem');
  const file = join(dir, 'graph.jsonl');
  const r = runCli([
    'call',
    'create_entities',
    `entities:=${JSON.stringify([{ name: 'x', entityType: 't', observations: [] }])}`,
    '-q',
    '-e',
    `MEMORY_FILE_PATH=${file}`,
    '--',
    process.execPath,
    officialServerScript('memory'),
  ]);
  assert.equal(r.code, 0, r.stderr);
  const read = runCli(['call', 'read_graph', '-q', '-e', `MEMORY_FILE_PATH=${file}`, '--', process.execPath, officialServerScript('memory')]);
  assert.match(read.stdout, /"name": ?"x"/);
  const bad = runCli(['tools', '-e', 'NOEQUALS', '--', process.execPath, everything, 'stdio']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /-e takes KEY=VALUE/);
});

test('--server starts only the named server of a config; an unknown name is a usage error', () => {
  const config = writeConfigFile([stdioEntry('fs', fs, { prefix: 'fs_' }), stdioEntry('broken', { command: 'definitely-not-a-command-xyz', args: [] })]);
  const r = runCli(['--config', config, '--server', 'fs', 'tools', '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /starting 1 server: fs/);
  const unknown = runCli(['--config', config, '--server', 'nope', 'tools']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /no server named "nope".*servers: fs, broken/);
});

test('without --config the first known file is found: ./.mcp.json (Claude Code), then --from vscode', () => {
  const project = scratchDir('proj');
  writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { files: { command: process.execPath, args: fs.args, timeout: 20000 } } }));
  mkdirSync(join(project, '.vscode'));
  writeFileSync(
    join(project, '.vscode', 'mcp.json'),
    JSON.stringify({ servers: { ev: { type: 'stdio', command: process.execPath, args: [everything, 'stdio'] } } }),
  );
  const found = runCli(['tools', '--json', '-q'], { cwd: project });
  assert.equal(found.code, 0, found.stderr);
  assert.ok((JSON.parse(found.stdout) as Array<{ server: string }>).every((t) => t.server === 'files'));
  const vscode = runCli(['--from', 'vscode', 'tools', '--json', '-q'], { cwd: project });
  assert.equal(vscode.code, 0, vscode.stderr);
  assert.ok((JSON.parse(vscode.stdout) as Array<{ server: string }>).every((t) => t.server === 'ev'));
  const none = runCli(['--from', 'codex', 'tools'], { cwd: project, env: { HOME: project } });
  assert.equal(none.code, 2);
  assert.match(none.stderr, /no codex config file found/);
});

test('a server on the command line and --config together are refused', () => {
  const r = runCli(['--config', 'x.yaml', 'tools', '--', 'node', 'server.js']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /either a server on the command line or --config/);
});

test('tools URL and call URL TOOL: one remote server, no config file; -H and --transport apply', async () => {
  const { startEverythingHttp } = await import('../helpers/http-everything.js');
  const server = await startEverythingHttp('streamableHttp');
  try {
    const tools = runCli(['tools', server.url, '--json', '-q', '-H', 'X-Client: cli-test', '--transport', 'streamable-http']);
    assert.equal(tools.code, 0, tools.stderr);
    assert.ok((JSON.parse(tools.stdout) as Array<{ name: string }>).some((t) => t.name === 'echo'));
    const call = runCli(['call', server.url, 'echo', 'message=over http', '-q']);
    assert.equal(call.code, 0, call.stderr);
    assert.equal(call.stdout.trim(), 'Echo: over http');
  } finally {
    await server.stop();
  }
});

/** The CLI as a child without blocking this process, so an in-process HTTP peer can answer it. */
function runCliAsync(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += String(c)));
    child.stderr.on('data', (c: Buffer) => (stderr += String(c)));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('an ad-hoc URL that refuses authorization exits 4, one that nothing answers exits 3, for tools and call alike', async () => {
  // A protected resource with no way to authorize: every MCP request is 401, no metadata is published.
  const server = createServer((req, res) => {
    res.writeHead(req.url?.startsWith('/.well-known/') ? 404 : 401, { 'www-authenticate': 'Bearer realm="mcp"' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const protectedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const unreachableUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/mcp`;
  await new Promise((resolve) => closed.close(resolve));
  try {
    for (const command of [['tools'], ['call', 'echo', 'message=x']]) {
      const auth = await runCliAsync([command[0]!, protectedUrl, ...command.slice(1)]);
      assert.equal(auth.code, 4, `${command[0]}: ${auth.stderr}`);
      assert.match(auth.stderr, /requires authorization.*mcp-bridge auth login/);
      const down = await runCliAsync([command[0]!, unreachableUrl, ...command.slice(1)]);
      assert.equal(down.code, 3, `${command[0]}: ${down.stderr}`);
      assert.match(down.stderr, /could not reach/);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('-H puts the header on every request to an ad-hoc URL', async () => {
  const { startSdkHttpServer } = await import('../helpers/http-sdk-server.js');
  const server = await startSdkHttpServer('stateful');
  try {
    const r = await runCliAsync(['call', server.url, 'echo', 'message=with header', '-q', '-H', 'X-Team: blue-42', '--transport', 'streamable-http']);
    assert.equal(r.code, 0, r.stderr);
    const mcp = server.seen.filter((s) => s.path !== '/favicon.ico');
    assert.ok(mcp.length >= 2, 'initialize and the call at least');
    for (const s of mcp) assert.equal(s.headers['x-team'], 'blue-42', `${s.method} ${s.path}`);
  } finally {
    await server.close();
  }
});
