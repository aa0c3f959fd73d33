// The resources, read, prompts, prompt and complete commands end to end in a child process,
// against server-everything (and server-filesystem, which offers none of them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { officialServer, repoRoot, scratchDir } from '../helpers/servers.js';
import { stdioEntry, writeConfigFile } from '../helpers/config.js';
import { run } from '../../src/cli/main.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');

function runCli(args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: repoRoot, timeout: 90_000, env: { ...process.env } });
  return { code: r.status, stdout: r.stdout.toString('utf8'), bytes: r.stdout, stderr: r.stderr.toString('utf8') };
}

const everything = officialServer('everything');
const fs = officialServer('filesystem');
const config = writeConfigFile([stdioEntry('everything', everything), stdioEntry('fs', fs)]);

test("resources lists each server's resources and templates (title preferred), --json the raw lists", () => {
  const r = runCli(['--config', config, 'resources', '-q']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^everything: 7 resources, 2 templates$/m);
  assert.match(r.stdout, /demo:\/\/resource\/static\/document\/features\.md {2}\(text\/markdown\)/);
  assert.match(r.stdout, /demo:\/\/resource\/dynamic\/text\/\{resourceId\} {2}\[template\]/);
  assert.doesNotMatch(r.stdout, /^fs:/m, 'filesystem declares no resources and is not asked');
  const j = JSON.parse(runCli(['--config', config, 'resources', 'everything', '--json', '-q']).stdout);
  assert.equal(j[0].server, 'everything');
  assert.equal(j[0].resources.length, 7);
  const none = runCli(['--config', config, 'resources', 'fs', '-q']);
  assert.equal(none.code, 3);
  assert.match(none.stderr, /MCPB_CAPABILITY_MISSING|declared no "resources"/);
  const unknown = runCli(['--config', config, 'resources', 'nope', '-q']);
  assert.equal(unknown.code, 2);
});

test('read prints text; binary goes only to --out (as bytes) or a pipe, never a terminal', () => {
  const t = runCli(['--config', config, 'read', 'demo://resource/dynamic/text/3', '-q']);
  assert.equal(t.code, 0, t.stderr);
  assert.match(t.stdout, /3/);
  const out = join(scratchDir('cli-read'), 'blob.bin');
  const b = runCli(['--config', config, 'read', 'demo://resource/dynamic/blob/3', '--server', 'everything', '--out', out, '-q']);
  assert.equal(b.code, 0, b.stderr);
  const bytes = readFileSync(out);
  assert.ok(bytes.length > 0);
  const piped = runCli(['--config', config, 'read', 'demo://resource/dynamic/blob/3', '-q']);
  assert.equal(piped.code, 0, piped.stderr);
  // The blob embeds its creation time, so two reads differ only there: same length, same start.
  assert.equal(piped.bytes.length, bytes.length, 'a pipe gets the decoded bytes, not base64');
  assert.deepEqual(Buffer.from(piped.bytes).subarray(0, 12), bytes.subarray(0, 12));
  const usage = runCli(['--config', config, 'read']);
  assert.equal(usage.code, 2);
});

test('prompts lists with titles; prompt fills one in from key=value or ARGS_JSON; complete suggests values', () => {
  const list = runCli(['--config', config, 'prompts', '-q']);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /Arguments Prompt \(args-prompt\)\(city, state\?\)/);
  const kv = runCli(['--config', config, 'prompt', 'args-prompt', 'city=Lyon', '-q']);
  assert.equal(kv.code, 0, kv.stderr);
  assert.match(kv.stdout, /^\[user\] .*Lyon/m);
  const js = runCli(['--config', config, 'prompt', 'args-prompt', '{"city":"Graz","state":"AT"}', '--json', '-q']);
  assert.match(JSON.parse(js.stdout).messages[0].content.text, /Graz/);
  const missing = runCli(['--config', config, 'prompt', 'args-prompt', '-q']);
  assert.equal(missing.code, 3, 'the server refuses a missing argument: a server error, as for call');
  const c = runCli(['--config', config, 'complete', 'prompt', 'completable-prompt', 'name', '', 'department=Support', '-q']);
  assert.equal(c.code, 0, c.stderr);
  assert.deepEqual(c.stdout.trim().split('\n'), ['John', 'Kim', 'Lee']);
  const r = runCli(['--config', config, 'complete', 'resource', 'demo://resource/dynamic/text/{resourceId}', 'resourceId', '12', '-q']);
  assert.equal(r.stdout.trim(), '12');
});

test('read of binary content with a terminal on stdout refuses to print it (exit 1) and says how to get it', async () => {
  let stdout = '';
  let stderr = '';
  const written: Uint8Array[] = [];
  const code = await run(['--config', config, 'read', 'demo://resource/dynamic/blob/1', '-q'], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: process.env,
    cwd: repoRoot,
    stdoutIsTTY: true,
    stdoutBytes: (d) => {
      written.push(d);
    },
  });
  assert.equal(code, 1);
  assert.equal(stdout, '');
  assert.equal(written.length, 0);
  assert.match(stderr, /is binary \(\d+ bytes of [^)]+\); not printed on a terminal\. Use --out FILE/);
});

test.after(() => {
  everything.cleanup();
  fs.cleanup();
});
