// The 2026 Tasks extension (SEP-2663) against a fixture written from the SEP (no published server
// implements it): a tool call the server turns into a task is followed by callTool to its result,
// polling tasks/get at the server's pollIntervalMs with status messages as progress; input asked
// mid-task goes to the client's hooks once and back with tasks/update; a failed task is the
// server's error; aborting sends tasks/cancel (TASKS-11..15).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, createTransport, isMcpBridgeError, isMcpError, type ClientOptions } from '../../src/index.js';
import { standardHeaders } from '../../protocol/http/index.js';
import { fixtureServer } from '../helpers/servers.js';
import { SchemaTap } from '../helpers/spec-schema.js';

const POLL_MS = 80;

async function open(options: Omit<ClientOptions, 'name'> = {}) {
  const launch = fixtureServer('tasks-2026', { args: [String(POLL_MS)] });
  const transport = await createTransport({ command: launch.command, args: launch.args });
  const tap = new SchemaTap(transport);
  const client = new Client(transport, { name: 'tasks', ...options });
  await client.connect();
  const stats = async () => JSON.parse((await client.callTool('stats', {})).content.map((c: any) => c.text).join(''));
  return { client, tap, stats };
}
const text = (r: { content: unknown[] }) => r.content.map((c: any) => c.text).join('');

test('a tool call that becomes a task resolves transparently, polled at the server interval, status messages as progress (TASKS-11, TASKS-12)', async () => {
  const { client, tap, stats } = await open();
  try {
    assert.equal(client.era, 'modern');
    const progress: (string | undefined)[] = [];
    const result = await client.callTool('slow', {}, { onProgress: (p) => progress.push(p.message) });
    assert.equal(text(result), 'slow work done');
    assert.deepEqual(progress, ['step 1', 'step 2', 'done']);
    const seen = await stats();
    assert.equal(seen.declared, 1, 'the call declared the extension');
    assert.equal(seen.get.length, 3);
    for (let i = 1; i < seen.get.length; i++) assert.ok(seen.get[i] - seen.get[i - 1] >= POLL_MS - 15, `polls ${seen.get[i] - seen.get[i - 1]} ms apart`);
    const call = tap.sent.find((m) => 'method' in m && m.method === 'tools/call') as any;
    assert.deepEqual(call.params._meta['io.modelcontextprotocol/clientCapabilities'].extensions, { 'io.modelcontextprotocol/tasks': {} });
    assert.ok(
      tap.sent.every((m) => !('method' in m) || (m.method !== 'tasks/result' && m.method !== 'tasks/list')),
      'no 2025-11-25 task methods',
    );
  } finally {
    await client.close();
  }
});

test('a task that needs input hands it to the input hooks once and answers with tasks/update (TASKS-13)', async () => {
  let asked = 0;
  const { client, stats } = await open({
    onElicitation: (params) => {
      asked++;
      assert.equal(params.message, 'OK?');
      return { action: 'accept', content: { ok: true } };
    },
  });
  try {
    const result = await client.callTool('confirm', {});
    assert.equal(text(result), 'confirmed {"ok":true}');
    assert.equal(asked, 1, 'the same input request, seen on two polls, was answered once');
    const seen = await stats();
    assert.equal(seen.update.length, 1);
    assert.deepEqual(seen.inputResponses[0].c, { action: 'accept', content: { ok: true } });
  } finally {
    await client.close();
  }
});

test('a failed task is the server error; without an input hook the call fails naming it (TASKS-11, TASKS-13)', async () => {
  const { client } = await open();
  try {
    await assert.rejects(client.callTool('broken', {}), (e: unknown) => isMcpError(e) && e.code === -32603 && /disk full/.test(e.message));
    await assert.rejects(client.callTool('confirm', {}), (e: unknown) => isMcpBridgeError(e) && e.code === 'MCPB_INPUT_HANDLER_MISSING');
  } finally {
    await client.close();
  }
});

test('aborting a call that runs as a task sends tasks/cancel (TASKS-14)', async () => {
  const { client, stats } = await open();
  try {
    const controller = new AbortController();
    const call = client.callTool('forever', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('enough')), 3 * POLL_MS);
    await assert.rejects(call, (e: unknown) => isMcpBridgeError(e) && e.code === 'MCPB_REQUEST_ABORTED');
    assert.deepEqual((await stats()).cancel, ['task-1']);
  } finally {
    await client.close();
  }
});

test('with tasksExtension: false nothing is declared and the server answers at once (TASKS-11)', async () => {
  const { client, stats } = await open({ tasksExtension: false });
  try {
    assert.equal(text(await client.callTool('slow', {})), 'slow answered at once');
    assert.equal((await stats()).declared, 0);
  } finally {
    await client.close();
  }
});

test('over HTTP the task methods name their task in Mcp-Name (TASKS-15)', () => {
  for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel'])
    assert.deepEqual(standardHeaders({ jsonrpc: '2.0', id: 1, method, params: { taskId: 'task-7' } }), { 'mcp-method': method, 'mcp-name': 'task-7' });
});
