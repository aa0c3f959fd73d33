// `call` as a user types it, run as a child: key=value converted by the tool's input schema,
// required properties with defaults filled and sent, refused arguments (exit 5), timeouts (stderr,
// JSON code, --timeout hint, a prompt exit), progress on a terminal, an ad-hoc server's environment.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { existsSync, readFileSync } from 'node:fs';
import { fixtureServerScript, officialServerScript, repoRoot, scratchDir } from '../helpers/servers.js';
import { assertNoProcesses } from '../helpers/no-orphans.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const echoServer = join(repoRoot, 'test', 'cli', 'fixtures', 'schema-echo-server.mjs');
const everything = officialServerScript('everything');

function runCli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const echo = (...words: string[]) => runCli(['call', 'typed', ...words, '-q', '--', process.execPath, echoServer]);

test('call get-sum a=2 b=40: key=value becomes the number the schema asks for (the official everything server)', () => {
  const r = runCli(['call', 'get-sum', 'a=2', 'b=40', '-q', '--', process.execPath, everything, 'stdio']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /\b42\b/);
});

test('key=value by property type: integer, number, boolean, null, JSON arrays and objects, unions, $ref; strings kept as typed', () => {
  const r = echo(
    'id=42',
    'count=3',
    'ratio=-2.5e1',
    'flag=false',
    'nothing=null',
    'tags=["a","b"]',
    'opts={"k":{"n":1}}',
    'either=7',
    'maybe=null',
    'level=2',
    'pick=1.5',
    'extra=true',
  );
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), {
    id: '42',
    count: 3,
    ratio: -25,
    flag: false,
    nothing: null,
    tags: ['a', 'b'],
    opts: { k: { n: 1 } },
    either: 7,
    maybe: null,
    // An enum that lists the text keeps it as text.
    level: '2',
    pick: 1.5,
    // A key the schema does not declare stays text.
    extra: 'true',
  });
  // A union with string takes text that is no number; a string property takes anything as is.
  assert.deepEqual(JSON.parse(echo('either=abc', 'id=  true ').stdout), { either: 'abc', id: '  true ' });
  // key:=JSON is always JSON, whatever the schema says.
  assert.deepEqual(JSON.parse(echo('id:="x"', 'either:="7"').stdout), { id: 'x', either: '7' });
});

test('key=value that cannot be what the schema asks: a usage error for bad JSON, the schema check for the rest (exit 5)', () => {
  const json = echo('tags=[oops');
  assert.equal(json.code, 2);
  assert.match(json.stderr, /tags= must be JSON here \(array\)/);
  const text = echo('count=many');
  assert.equal(text.code, 5);
  assert.match(text.stderr, /count: must be integer \(expected integer, got string "many"\)/);
  assert.match(text.stderr, /nothing was sent/);
  assert.match(text.stderr, /mcp-bridge tools typed/);
});

test('tools shows unions readably: string | number, integer | null, enums', () => {
  const r = runCli(['tools', '-q', '--', process.execPath, echoServer]);
  assert.match(r.stdout, /either\?: string \| number/);
  assert.match(r.stdout, /maybe\?: integer \| null/);
  assert.match(r.stdout, /level\?: "1" \| "2" \| "high"/);
  assert.doesNotMatch(r.stdout, /union/);
});

test("required properties with a default are filled in and sent (Supabase list_tables' schema); exit 0", () => {
  const r = runCli(['call', 'list_tables', '-q', '--', process.execPath, echoServer]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { schemas: ['public'], verbose: false });
  const given = runCli(['call', 'list_tables', 'verbose=true', 'options:={"order":"name"}', '-q', '--', process.execPath, echoServer]);
  assert.deepEqual(JSON.parse(given.stdout), { verbose: true, options: { order: 'name', limit: 100 }, schemas: ['public'] });
});

/** The CLI as a child, with the time each stderr chunk came and the time it exited. */
function timedCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; outputAt: number[]; exitAt: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const outputAt: number[] = [];
    child.stdout.on('data', (c: Buffer) => {
      stdout += String(c);
      outputAt.push(performance.now());
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += String(c);
      outputAt.push(performance.now());
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr, outputAt, exitAt: performance.now() }));
  });
}

test('a call that times out: said on stderr with a --timeout hint, exit 3, and the CLI is gone within 0.5 s of the timeout', async () => {
  // hanging-tool stops on stdin EOF; stubborn-hang ignores EOF and SIGTERM (its polite shutdown took 4 s).
  for (const fixture of [fixtureServerScript('hanging-tool'), join(repoRoot, 'test', 'cli', 'fixtures', 'stubborn-hang.mjs')]) {
    const pidFile = join(scratchDir('pid'), 'pid');
    const server = [process.execPath, fixture];
    const r = await timedCli(['call', 'echo', 'text=x', '--timeout', '1s', '-q', '-e', `PID_FILE=${pidFile}`, '--', ...server]);
    assert.equal(r.code, 3, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /timed out after \d+ ms \(timeout 1000 ms\)/);
    assert.match(r.stderr, /give it longer with --timeout/);
    // The message is written when the timeout fires; the process must end soon after.
    const saidAt = r.outputAt.at(-1)!;
    assert.ok(r.exitAt - saidAt < 500, `${fixture}: exited ${Math.round(r.exitAt - saidAt)} ms after the timeout message`);
    if (existsSync(pidFile)) await assertNoProcesses([Number(readFileSync(pidFile, 'utf8'))], { timeoutMs: 2000 });
    const j = await timedCli(['call', 'echo', 'text=x', '--timeout', '1s', '-q', '--json', '--', ...server]);
    assert.equal(j.code, 3);
    assert.equal(JSON.parse(j.stdout).error.code, 'MCPB_REQUEST_TIMEOUT');
    assert.ok(j.exitAt - j.outputAt.at(-1)! < 500, `--json: exited ${Math.round(j.exitAt - j.outputAt.at(-1)!)} ms after the output`);
  }
});

test('on a terminal, progress notifications of a call are shown on stderr and cleared (PROG-3)', async () => {
  const driver = join(repoRoot, 'test', 'cli', 'fixtures', 'pty-drive.py');
  const child = spawn(
    'python3',
    [
      driver,
      repoRoot,
      '[]',
      process.execPath,
      cli,
      'call',
      'trigger-long-running-operation',
      'duration=1',
      'steps=3',
      '--',
      process.execPath,
      everything,
      'stdio',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += String(c)));
  await new Promise((resolve) => child.on('close', resolve));
  const { code, transcript } = JSON.parse(out) as { code: number; transcript: string };
  assert.equal(code, 0, transcript);
  assert.match(transcript, /progress 1\/3/);
  assert.match(transcript, /progress 3\/3/);
  assert.match(transcript, /Long running operation completed/);
  // In a pipe there is no progress line.
  const piped = runCli(['call', 'trigger-long-running-operation', 'duration=1', 'steps=3', '--', process.execPath, everything, 'stdio']);
  assert.doesNotMatch(piped.stderr, /progress/);
});

test('-e KEY=VALUE reaches an ad-hoc server as typed (no ${} expansion), with the exported environment unless --no-pass-env', () => {
  const r = runCli(
    ['call', 'get_env', '-q', '-e', 'MODE=dev', '-e', 'TEMPLATE=${X}y', '-e', 'DOLLAR=$$', '--env=EQUALS=a=b', '--', process.execPath, echoServer],
    { MCPB_TEST_EXPORTED: 'from-parent' },
  );
  assert.equal(r.code, 0, r.stderr);
  const env = JSON.parse(r.stdout) as Record<string, string>;
  assert.equal(env.MODE, 'dev');
  assert.equal(env.TEMPLATE, '${X}y');
  assert.equal(env.DOLLAR, '$$');
  assert.equal(env.EQUALS, 'a=b');
  assert.equal(env.MCPB_TEST_EXPORTED, 'from-parent');
  const narrow = runCli(['call', 'get_env', '-q', '--no-pass-env', '-e', 'MODE=dev', '--', process.execPath, echoServer], {
    MCPB_TEST_EXPORTED: 'from-parent',
  });
  const only = JSON.parse(narrow.stdout) as Record<string, string>;
  assert.equal(only.MODE, 'dev');
  assert.equal(only.MCPB_TEST_EXPORTED, undefined);
  assert.ok(only.PATH, 'the allow-list still passes PATH');
});
