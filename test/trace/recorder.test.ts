// The recorder is a transparent proxy: bytes pass unchanged both ways (partial lines, CRLF, non-JSON,
// multi-byte characters split across chunks), and the trace holds both directions, stderr and exit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './sdk-driver.js';
import { parseTrace, type TraceMessage } from '../../src/trace/trace-format.js';
import { parseRecorderArgs } from '../../src/trace/recorder.js';
import { RecorderUsageError } from '../../src/trace/errors.js';

const recorderJs = join(repoRoot, 'dist', 'src', 'trace', 'recorder.js');

// A fake server: saves every byte it receives, answers with fixed bytes, logs to stderr, exits 3.
const SERVER = `
const fs = require('fs');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  fs.writeFileSync(process.argv[2], Buffer.concat(chunks));
  process.stdout.write('{"jsonrpc":"2.0","id":1,"result":{"text":"h\\u00e9llo \\u65e5\\u672c"}}\\n');
  process.stdout.write('not json at all\\r\\n');
  process.stdout.write(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe6, 0x97]));
  process.stdout.write(Buffer.from([0xa5, 0x22, 0x7d, 0x0a]));
  process.stdout.write('partial-without-newline');
  process.stderr.write('server log line 1\\nline 2 in ' + process.argv[3] + '\\n');
  process.exitCode = 3;
});
`;

test('bytes pass through unchanged both ways and the trace records both directions', { timeout: 30_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-rec-'));
  const serverJs = join(dir, 'server.cjs');
  writeFileSync(serverJs, SERVER);
  const received = join(dir, 'received.bin');
  const out = join(dir, 'trace.jsonl');
  const secret = join(dir, 'secret-dir');
  const child = spawn(process.execPath, [
    recorderJs,
    '--out',
    out,
    '--mask',
    `${secret}=SECRET`,
    '--package',
    'fake-server@1.2.3',
    '--',
    process.execPath,
    serverJs,
    received,
    secret,
  ]);
  const stdout: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => stdout.push(c));
  child.stderr.on('data', (c) => (stderr += c));
  const input = Buffer.from(
    `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"p":"${secret}/x"}}\n{"jsonrpc":"2.0","method":"x","params":{"s":"日本"}}\r\n`,
  );
  // Split inside the multi-byte "日" so line reassembly is exercised.
  const cut = input.indexOf(Buffer.from('日')) + 1;
  child.stdin.write(input.subarray(0, cut));
  await new Promise((r) => setTimeout(r, 50));
  child.stdin.end(input.subarray(cut));
  const code = await new Promise<number | null>((r) => child.once('close', (c) => r(c)));

  assert.equal(code, 3, "the recorder exits with the server's code");
  assert.deepEqual(readFileSync(received), input, "the server got exactly the client's bytes");
  const expectedOut = Buffer.concat([
    Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"text":"héllo 日本"}}\nnot json at all\r\n'),
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe6, 0x97, 0xa5, 0x22, 0x7d, 0x0a]),
    Buffer.from('partial-without-newline'),
  ]);
  assert.deepEqual(Buffer.concat(stdout), expectedOut, "the client got exactly the server's bytes");
  assert.match(stderr, /server log line 1\nline 2 in /);

  const trace = parseTrace(readFileSync(out, 'utf8'));
  assert.equal(trace.header.server.package, 'fake-server');
  assert.equal(trace.header.server.version, '1.2.3');
  assert.deepEqual(trace.header.placeholders, ['SECRET']);
  assert.equal(trace.header.command[2], join(dir, 'received.bin'));
  assert.equal(trace.header.command[3], '${SECRET}', 'masked in the trace');
  const msgs = trace.events.filter((e): e is TraceMessage => e.type === 'message');
  assert.deepEqual(
    msgs.map((m) => m.dir),
    ['c2s', 'c2s', 's2c', 's2c', 's2c', 's2c'],
  );
  assert.deepEqual(msgs[0].msg, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { p: '${SECRET}/x' } });
  assert.deepEqual(msgs[1].msg, { jsonrpc: '2.0', method: 'x', params: { s: '日本' } });
  assert.deepEqual(msgs[2].msg, { jsonrpc: '2.0', id: 1, result: { text: 'héllo 日本' } });
  assert.equal(msgs[3].raw, 'not json at all\r');
  assert.deepEqual(msgs[4].msg, { a: '日' });
  assert.equal(msgs[5].raw, 'partial-without-newline');
  const stderrLines = trace.events.filter((e) => e.type === 'stderr').map((e) => (e as { text: string }).text);
  assert.deepEqual(stderrLines, ['server log line 1', 'line 2 in ${SECRET}']);
  assert.ok(trace.events.some((e) => e.type === 'eof'));
  const exit = trace.events.at(-1);
  assert.equal(exit?.type, 'exit');
  assert.equal((exit as { code: number }).code, 3);
  const times = trace.events.map((e) => e.t);
  assert.deepEqual(
    [...times].sort((a, b) => a - b),
    times,
    'time offsets never go backwards',
  );
});

test('recorder usage errors name the problem', () => {
  assert.throws(() => parseRecorderArgs(['--out', 'x']), RecorderUsageError);
  assert.throws(() => parseRecorderArgs(['--', 'node']), /--out FILE is required/);
  assert.throws(() => parseRecorderArgs(['--out', 'x', '--mask', 'novalue', '--', 'node']), /VALUE=NAME/);
  const o = parseRecorderArgs(['--out', 'x', '--mask', '/a=A', '--mask', '/a/b=B', '--', 'node', 's.js']);
  assert.deepEqual(
    o.masks.map((m) => m.name),
    ['B', 'A'],
    'longest mask first',
  );
  assert.deepEqual([o.command, ...o.args], ['node', 's.js']);
});

test('a server that cannot start gives exit 127 and still a trace', { timeout: 10_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-rec-'));
  const out = join(dir, 't.jsonl');
  const child = spawn(process.execPath, [recorderJs, '--out', out, '--', join(dir, 'no-such-binary')], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  child.stdin.end();
  const code = await new Promise<number | null>((r) => child.once('close', (c) => r(c)));
  assert.equal(code, 127);
  assert.match(stderr, /cannot start/);
  assert.equal(parseTrace(readFileSync(out, 'utf8')).events.at(-1)?.type, 'exit');
});
