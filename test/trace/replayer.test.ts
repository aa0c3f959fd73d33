// The replayer, driven by the official SDK client: every committed trace replays cleanly through the
// reference client, and deviations (wrong arguments, missing initialized, reused ids, invalid
// JSON-RPC) fail with a readable diff, a non-zero exit and a report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayWithSdk, replayerJs, tracesDir } from './sdk-driver.js';
import type { ReplayReport } from '../../src/trace/replay-engine.js';

const traces = readdirSync(tracesDir)
  .filter((f) => f.endsWith('.jsonl'))
  .sort();

test('there are committed traces', () => {
  assert.ok(traces.length >= 6, `expected the recorded traces in ${tracesDir}`);
});

for (const name of traces) {
  test(`SDK client replays ${name} with no failure`, { timeout: 60_000 }, async () => {
    const r = await replayWithSdk(join(tracesDir, name));
    assert.deepEqual(r.report.failures, [], r.stderr);
    assert.equal(r.report.ok, true);
    assert.equal(r.report.matched, r.report.expected);
    assert.equal(r.exitCode, 0, r.stderr);
  });
}

test('wrong tool arguments fail with a readable diff naming the argument', { timeout: 60_000 }, async () => {
  const r = await replayWithSdk(join(tracesDir, 'memory.jsonl'), (s) =>
    s.kind === 'callTool' && s.name === 'search_nodes' ? { ...s, arguments: { query: 'ENGINE' } } : s,
  );
  assert.equal(r.report.ok, false);
  assert.equal(r.exitCode, 1);
  const f = r.report.failures.find((x) => x.kind === 'mismatch');
  assert.ok(f, JSON.stringify(r.report.failures));
  assert.match(f.message, /tools\/call search_nodes differs from the recording/);
  assert.match(f.detail ?? '', /at params\.arguments\.query: expected "engine", got "ENGINE"/);
  assert.match(r.stderr, /FAIL mismatch/);
  assert.match(r.stderr, /at params\.arguments\.query: expected "engine", got "ENGINE"/);
  // The replay goes on after the mismatch, so later steps are still checked and matched.
  assert.equal(r.report.failures.length, 1, JSON.stringify(r.report.failures));
});

test('a client that skips a recorded step is reported as missing', { timeout: 60_000 }, async () => {
  const r = await replayWithSdk(join(tracesDir, 'memory.jsonl'), (s) => (s.kind === 'callTool' && s.name === 'delete_entities' ? null : s));
  assert.equal(r.report.ok, false);
  assert.equal(r.exitCode, 1);
  assert.deepEqual(
    r.report.failures.map((f) => f.kind),
    ['missing'],
    JSON.stringify(r.report.failures),
  );
  assert.match(r.report.failures[0].detail ?? '', /request tools\/call delete_entities/);
  // After the skipped step the replay resynchronises: every later step still matched.
  assert.equal(r.report.matched, r.report.expected - 1);
});

/** Drives the replayer with raw lines, for deviations the SDK client cannot be made to commit. */
async function rawReplay(trace: string, lines: string[]): Promise<{ code: number | null; stderr: string; stdout: string; report: ReplayReport }> {
  const report = join(mkdtempSync(join(tmpdir(), 'mcpb-raw-')), 'r.json');
  const child = spawn(process.execPath, [replayerJs, join(tracesDir, trace), '--report', report, '--idle-timeout', '5000']);
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (c) => (stderr += c));
  child.stdout.on('data', (c) => (stdout += c));
  for (const l of lines) {
    child.stdin.write(l + '\n');
    await new Promise((r) => setTimeout(r, 30));
  }
  child.stdin.end();
  const code = await new Promise<number | null>((r) => child.once('close', (c) => r(c)));
  return { code, stderr, stdout, report: JSON.parse(readFileSync(report, 'utf8')) as ReplayReport };
}

const init = (id: number | string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  });
const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

test('an extra tools/list (e.g. after list_changed) is answered from the recording, not failed', { timeout: 60_000 }, async () => {
  const r = await replayWithSdk(join(tracesDir, 'memory.jsonl'), (s) => (s.kind === 'callTool' && s.name === 'search_nodes' ? { kind: 'listTools' } : s));
  // search_nodes is then missing, but the extra list itself is tolerated.
  assert.ok(
    r.report.notes.some((n) => /unrecorded tools\/list/.test(n)),
    JSON.stringify(r.report),
  );
  assert.deepEqual(
    r.report.failures.map((f) => f.kind),
    ['missing'],
  );
  const listed = r.results.find((x) => typeof x === 'object' && x !== null && 'tools' in x && r.results.indexOf(x) > 0) as { tools: unknown[] };
  assert.ok(listed && listed.tools.length > 0);
});

test('tolerated: other clientInfo, another proposed version, other ids; answered with mapped ids', { timeout: 30_000 }, async () => {
  const r = await rawReplay('brave-search-offline.jsonl', [
    init('init-a'),
    initialized,
    JSON.stringify({ jsonrpc: '2.0', id: 'x1', method: 'tools/list', params: {} }),
    JSON.stringify({ jsonrpc: '2.0', id: 'x2', method: 'tools/call', params: { arguments: { query: 'anything' }, name: 'brave_web_search' } }),
    JSON.stringify({ jsonrpc: '2.0', id: 'x3', method: 'tools/call', params: { name: 'brave_local_search', arguments: { query: 'coffee' } } }),
  ]);
  assert.deepEqual(r.report.failures, [], r.stderr);
  assert.equal(r.code, 0);
  const out = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id?: unknown });
  assert.deepEqual(
    out.map((m) => m.id),
    ['init-a', 'x1', 'x2', 'x3'],
  );
});

test('a request before notifications/initialized fails', { timeout: 30_000 }, async () => {
  const r = await rawReplay('brave-search-offline.jsonl', [init(1), JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), initialized]);
  assert.equal(r.code, 1);
  assert.ok(
    r.report.failures.some((f) => f.kind === 'missing-initialized'),
    r.stderr,
  );
  assert.match(r.stderr, /request tools\/list before notifications\/initialized/);
});

test('a reused request id fails', { timeout: 30_000 }, async () => {
  const r = await rawReplay('brave-search-offline.jsonl', [init(1), initialized, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })]);
  assert.equal(r.code, 1);
  assert.ok(
    r.report.failures.some((f) => f.kind === 'reused-id'),
    r.stderr,
  );
});

test('invalid JSON and invalid JSON-RPC fail and get error answers', { timeout: 30_000 }, async () => {
  const r = await rawReplay('brave-search-offline.jsonl', [
    init(1),
    initialized,
    '{not json',
    JSON.stringify({ jsonrpc: '1.0', id: 9, method: 'tools/list' }),
    JSON.stringify({ jsonrpc: '2.0', id: null, method: 'tools/list' }),
  ]);
  assert.equal(r.code, 1);
  const kinds = r.report.failures.map((f) => f.kind);
  assert.equal(kinds.filter((k) => k === 'invalid-jsonrpc').length, 3, r.stderr);
  assert.match(r.stdout, /"code":-32700/);
  assert.match(r.stdout, /"code":-32600/);
});

test('a missing notifications/initialized and an early close are reported', { timeout: 30_000 }, async () => {
  const r = await rawReplay('brave-search-offline.jsonl', [init(1)]);
  assert.equal(r.code, 1);
  const missing = r.report.failures.find((f) => f.kind === 'missing');
  assert.ok(missing, r.stderr);
  assert.match(missing.detail ?? '', /notification notifications\/initialized/);
});

test('a recorded server crash is replayed: stderr, then exit with the recorded code', { timeout: 30_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-crash-'));
  const trace = join(dir, 'crash.jsonl');
  const lines = [
    {
      type: 'header',
      format: 'mcp-bridge-trace/1',
      server: { package: 'crashy' },
      command: ['crashy'],
      protocolVersion: '2025-11-25',
      date: '2026-01-01T00:00:00Z',
    },
    { type: 'message', dir: 'c2s', t: 1, msg: JSON.parse(init(0)) },
    {
      type: 'message',
      dir: 's2c',
      t: 2,
      msg: { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'crashy', version: '1' } } },
    },
    { type: 'message', dir: 'c2s', t: 3, msg: { jsonrpc: '2.0', method: 'notifications/initialized' } },
    { type: 'stderr', t: 4, text: 'fatal: out of cheese' },
    { type: 'exit', t: 5, code: 3, signal: null },
  ];
  writeFileSync(trace, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const child = spawn(process.execPath, [replayerJs, trace]);
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (c) => (stderr += c));
  child.stdout.on('data', (c) => (stdout += c));
  child.stdin.write(init('a') + '\n' + initialized + '\n');
  const code = await new Promise<number | null>((r) => child.once('close', (c) => r(c)));
  assert.equal(code, 3);
  assert.match(stdout, /"id":"a"/);
  assert.match(stderr, /fatal: out of cheese/);
  assert.match(stderr, /PASS/);
});
