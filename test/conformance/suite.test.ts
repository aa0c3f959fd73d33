// The conformance suite itself catches what it claims to: a client message that differs from the
// recording, a bridge result that differs from the expected file, and a message the schema rejects.
// Each case runs our client against a tampered copy of a committed trace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTrace, tracesDir } from '../../conformance/check-trace.js';

/** Copies a committed trace to a temp dir (same file name, so the committed expected file applies), editing its lines. */
function tampered(name: string, edit: (line: Record<string, any>) => void): string {
  const lines = readFileSync(join(tracesDir, name), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, any>);
  lines.forEach(edit);
  const path = join(mkdtempSync(join(tmpdir(), 'mcpb-suite-')), name);
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return path;
}

test('the committed memory trace passes unchanged', { timeout: 60_000 }, async () => {
  const v = await checkTrace(join(tracesDir, 'memory.jsonl'));
  assert.equal(v.ok, true, v.lines.join('\n'));
  assert.match(v.lines[0], /^PASS memory\.jsonl: 17\/17 client messages matched, 14 tool results$/);
});

test('a client message that differs from the recording fails (a)', { timeout: 60_000 }, async () => {
  // The recording says the client sent "arguments": null for read_graph; ours sends an object. (An
  // empty "arguments" and none at all count as the same, so removing it would prove nothing.)
  const path = tampered('memory.jsonl', (l) => {
    if (l.dir === 'c2s' && l.msg?.params?.name === 'read_graph') l.msg.params.arguments = null;
  });
  const v = await checkTrace(path);
  assert.equal(v.ok, false);
  assert.match(v.lines[0], /^FAIL memory\.jsonl/);
  assert.match(v.lines.join('\n'), /mismatch: the client's request tools\/call read_graph differs from the recording/);
  assert.match(v.lines.join('\n'), /at params\.arguments/);
});

test('a bridge result that differs from the expected file fails (b)', { timeout: 60_000 }, async () => {
  const path = tampered('memory.jsonl', (l) => {
    if (l.dir === 's2c' && l.msg?.result?.content?.[0]?.text === 'Entities deleted successfully') l.msg.result.content[0].text = 'Entities deleted';
  });
  const v = await checkTrace(path);
  assert.equal(v.ok, false);
  assert.match(v.lines.join('\n'), /bridge: results differ from memory\.json/);
  assert.match(v.lines.join('\n'), /expected "Entities deleted successfully", got "Entities deleted"/);
});

test('a client message the negotiated schema rejects fails (a)', { timeout: 60_000 }, async () => {
  // Our client answers roots/list with the recorded roots; make those invalid (a root needs a uri).
  const path = tampered('filesystem-roots.jsonl', (l) => {
    if (l.dir === 'c2s' && Array.isArray(l.msg?.result?.roots)) for (const r of l.msg.result.roots) delete r.uri;
  });
  const v = await checkTrace(path);
  assert.equal(v.ok, false);
  assert.match(v.lines.join('\n'), /schema: not a valid ListRootsResult \(answer to roots\/list\) \(2025-11-25\)/);
});

test('the task trace: our client polls tasks/get until the answer (not a notification) ends the task (TASKS-4, TASKS-6)', { timeout: 90_000 }, async () => {
  const passing = await checkTrace(join(tracesDir, 'everything-tasks.jsonl'));
  assert.equal(passing.ok, true, passing.lines.join('\n'));
  // The recorded server said "completed" in a notification before the last poll; the client polled anyway.
  // Make the second poll's answer "completed": the two recorded polls after it are then never sent.
  const lines = readFileSync(join(tracesDir, 'everything-tasks.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, any>);
  const polls = lines.filter((l) => l.dir === 'c2s' && l.msg?.method === 'tasks/get').map((l) => l.msg.id);
  const path = tampered('everything-tasks.jsonl', (l) => {
    if (l.dir === 's2c' && l.msg?.id === polls[1] && l.msg.result?.status === 'working') l.msg.result.status = 'completed';
  });
  const v = await checkTrace(path);
  assert.equal(v.ok, false);
  assert.match(v.lines[0]!, /^FAIL everything-tasks\.jsonl: 15\/17 client messages matched/);
  assert.match(v.lines.join('\n'), /tasks\/get/);
});

test('the notifications trace: a notification our client turns into a different event fails (b)', { timeout: 90_000 }, async () => {
  const path = tampered('everything-notifications.jsonl', (l) => {
    if (l.dir === 's2c' && l.msg?.method === 'notifications/message' && l.msg.params?.level === 'notice') l.msg.params.level = 'warning';
  });
  const v = await checkTrace(path);
  assert.equal(v.ok, false);
  assert.match(v.lines.join('\n'), /bridge: results differ from everything-notifications\.json/);
  assert.match(v.lines.join('\n'), /expected "notice", got "warning"/);
});

test('the task trace: a task request replayed as another method fails (b)', { timeout: 90_000 }, async () => {
  // The first tasks/get, recorded as a tasks/list: the replayed step then yields a task list where
  // the hand-reviewed expected file has the task's result.
  const path = tampered('everything-tasks.jsonl', (l) => {
    if (l.dir === 'c2s' && l.msg?.method === 'tasks/get' && l.msg.id === 3) l.msg.method = 'tasks/list';
  });
  const v = await checkTrace(path);
  assert.equal(v.ok, false);
  assert.match(v.lines[0]!, /^FAIL everything-tasks\.jsonl/);
  assert.match(v.lines.join('\n'), /bridge: results differ from everything-tasks\.json/);
  assert.match(v.lines.join('\n'), /at \[1\]\.method: expected "tasks\/result", got "tasks\/list"/);
});
