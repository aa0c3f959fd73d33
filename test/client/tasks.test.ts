// Tasks (experimental, 2025-11-25) against server-everything's simulate-research-query, whose
// execution.taskSupport is "required": transparent task calls, explicit handles with tasks/get
// polling, tasks/list, tasks/cancel, and an elicitation tied to the task (_meta related-task).
// Every message validated against the 2025-11-25 schema. Covers TASKS-2..8.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CapabilityMissingError, RELATED_TASK_META, ToolTask, type ElicitParams, type Task } from '../../src/index.js';
import { openOfficial as open } from '../helpers/official-client.js';
import type { SchemaTap } from '../helpers/spec-schema.js';

const text = (r: { content: unknown[] }) => r.content.map((c: any) => c.text ?? '').join('\n');
const sent = (tap: SchemaTap, method: string) => tap.sent.filter((m) => 'method' in m && m.method === method);

test('a tool with taskSupport "required" is called as a task transparently: one result, tasks/get polled (TASKS-2, TASKS-4, TASKS-5)', async () => {
  const { client, tap, done } = await open('everything');
  try {
    const tools = await client.listTools();
    assert.equal(tools.find((t) => t.name === 'simulate-research-query')?.execution?.taskSupport, 'required');
    const result = await client.callTool('simulate-research-query', { topic: 'tide pools' }, { timeoutMs: 30_000 });
    assert.match(text(result), /Research Report: tide pools/);
    const call = sent(tap, 'tools/call')[0] as any;
    assert.deepEqual(call.params.task, {}, 'the call was task-augmented');
    assert.ok(sent(tap, 'tasks/get').length >= 1, 'polled tasks/get');
    assert.equal(sent(tap, 'tasks/result').length, 1);
    // TASKS-8: task management requests carry no related-task _meta of their own.
    for (const m of [...sent(tap, 'tasks/get'), ...sent(tap, 'tasks/result')] as any[]) assert.equal(m.params?._meta?.[RELATED_TASK_META], undefined);
    const problems = tap.problems(client.protocolVersion!);
    assert.deepEqual(problems, [], problems.join('\n'));
  } finally {
    await done();
  }
});

test('callTool with { task: { ttl } } returns a handle: statuses, tasks/list, then the result; a second task is cancelled (TASKS-3, TASKS-7)', async () => {
  const { client, tap, done } = await open('everything');
  try {
    await client.listTools();
    const task = await client.callTool('simulate-research-query', { topic: 'glaciers' }, { task: { ttl: 120_000 } });
    assert.ok(task instanceof ToolTask);
    assert.equal(typeof task.taskId, 'string');
    assert.equal((sent(tap, 'tools/call')[0] as any).params.task.ttl, 120_000);
    const listed = await client.listTasks();
    assert.ok(
      listed.some((t) => t.taskId === task.taskId),
      'tasks/list knows the task',
    );
    const statuses: Task[] = [];
    const result = await task.result({ onStatus: (t) => statuses.push(t), timeoutMs: 30_000 });
    assert.match(text(result), /Research Report: glaciers/);
    assert.ok(
      statuses.some((t) => t.status === 'working'),
      statuses.map((t) => t.status).join(),
    );
    assert.equal(task.task.status, 'completed');

    const doomed = await client.callTool('simulate-research-query', { topic: 'to cancel' }, { task: { ttl: 60_000 } });
    const cancelled = await doomed.cancel();
    assert.equal(cancelled.status, 'cancelled');
    assert.equal((await doomed.refresh()).status, 'cancelled');
    const problems = tap.problems(client.protocolVersion!);
    assert.deepEqual(problems, [], problems.join('\n'));
  } finally {
    await done();
  }
});

test("input_required: tasks/result delivers the task's elicitation to the same hook, tagged with the task; our answer is tagged too (TASKS-4, TASKS-8)", async () => {
  const asked: { params: ElicitParams; relatedTaskId?: string }[] = [];
  const { client, tap, done } = await open('everything', {
    onElicitation: async (params, ctx) => {
      asked.push({ params, relatedTaskId: ctx.relatedTaskId });
      return { action: 'accept', content: { interpretation: 'historical' } };
    },
  });
  try {
    await client.listTools();
    const task = await client.callTool('simulate-research-query', { topic: 'rome', ambiguous: true }, { task: { ttl: 120_000 } });
    const statuses: string[] = [];
    const result = await task.result({ onStatus: (t) => statuses.push(t.status), timeoutMs: 60_000 });
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.relatedTaskId, task.taskId);
    assert.match(text(result), /historical/);
    const answer = tap.sent.find((m) => 'result' in m && (m.result as any)?.action === 'accept') as any;
    assert.equal(answer.result._meta[RELATED_TASK_META].taskId, task.taskId);
    const problems = tap.problems(client.protocolVersion!);
    assert.deepEqual(problems, [], problems.join('\n'));
  } finally {
    await done();
  }
});

test('task-augmenting is refused locally where the server or the tool does not allow it (TASKS-2)', async () => {
  const everything = await open('everything');
  try {
    await everything.client.listTools();
    await assert.rejects(
      everything.client.callTool('echo', { message: 'x' }, { task: {} }),
      (e: unknown) => e instanceof CapabilityMissingError && /taskSupport/.test(e.message),
    );
  } finally {
    await everything.done();
  }
  const fs = await open('filesystem');
  try {
    await assert.rejects(
      fs.client.callTool('list_allowed_directories', {}, { task: { ttl: 1000 } }),
      (e: unknown) => e instanceof CapabilityMissingError && e.context.capability === 'tasks.requests.tools.call',
    );
    await assert.rejects(fs.client.listTasks(), (e: unknown) => e instanceof CapabilityMissingError);
    assert.equal(sent(fs.tap, 'tools/call').length, 0);
  } finally {
    await fs.done();
  }
});

test('a call of a task-required tool before any listing still runs as a task: refused plainly, the client lists once and calls it as a task (TASKS-2)', async () => {
  const { client, tap, done } = await open('everything');
  try {
    // A plain tool before any listing is one plain call, nothing more.
    const echo = await client.callTool('echo', { message: 'plain' });
    assert.match(text(echo), /plain/);
    assert.equal(sent(tap, 'tools/list').length, 0);
    const result = await client.callTool('simulate-research-query', { topic: 'kelp forests' }, { timeoutMs: 30_000 });
    assert.equal(result.isError, undefined, text(result));
    assert.match(text(result), /Research Report: kelp forests/);
    assert.equal(sent(tap, 'tools/list').length, 1, 'listed once to read execution.taskSupport');
    const calls = sent(tap, 'tools/call') as any[];
    assert.equal(calls.length, 3);
    assert.equal(calls[1].params.task, undefined, 'first tried plainly (the server refused it)');
    assert.deepEqual(calls[2].params.task, {}, 'then task-augmented');
    // Known now: the next call goes as a task at once.
    await client.callTool('simulate-research-query', { topic: 'reefs' }, { timeoutMs: 30_000 });
    assert.equal(sent(tap, 'tools/list').length, 1);
    assert.deepEqual((sent(tap, 'tools/call')[3] as any).params.task, {});
    const problems = tap.problems(client.protocolVersion!);
    assert.deepEqual(problems, [], problems.join('\n'));
  } finally {
    await done();
  }
});
