// Params the spec makes optional but servers expect: a real SDK server (McpServer of
// @modelcontextprotocol/sdk 1.29.0) refuses `prompts/get` without `arguments` (-32602) when every
// argument of the prompt is optional, and `tools/call` without `arguments` when every input is.
// We send both objects even when empty; the paginated lists go out without params and are accepted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Client, createTransport, type JsonRpcMessage } from '../../src/index.js';
import { repoRoot } from '../helpers/paths.js';
import { SchemaTap } from '../helpers/spec-schema.js';

const SERVER = join(repoRoot, 'test', 'fixtures', 'servers', 'sdk-v1-optional.mjs');

async function open() {
  const transport = await createTransport({ command: process.execPath, args: [SERVER] }, { serverName: 'v1' });
  const tap = new SchemaTap(transport);
  const client = new Client(transport, { name: 'v1' });
  await client.connect();
  return { client, tap };
}

const sentParams = (tap: SchemaTap, method: string) =>
  tap.sent.filter((m): m is JsonRpcMessage & { method: string; params?: Record<string, unknown> } => 'method' in m && m.method === method).map((m) => m.params);

test('getPrompt with no arguments sends "arguments": {} and an SDK 1.29 server fills the prompt in', async () => {
  const { client, tap } = await open();
  try {
    const result = await client.getPrompt('wrapup');
    assert.deepEqual(result.messages[0]?.content, { type: 'text', text: 'wrap up' });
    assert.deepEqual(sentParams(tap, 'prompts/get')[0], { name: 'wrapup', arguments: {} });
    const filled = await client.getPrompt('wrapup', { focus: 'tests', tone: 3 });
    assert.deepEqual(filled.messages[0]?.content, { type: 'text', text: 'wrap up on tests (3)' });
    assert.deepEqual(problems(tap, client), []);
  } finally {
    await client.close();
  }
});

test('the server really refuses a prompts/get without arguments (the case the client must avoid)', async () => {
  const { client } = await open();
  try {
    await assert.rejects(client.request('prompts/get', { name: 'wrapup' }), (e: { code?: unknown; message: string }) => {
      assert.equal(e.code, -32602);
      assert.match(e.message, /Invalid arguments for prompt wrapup/);
      return true;
    });
  } finally {
    await client.close();
  }
});

test('callTool without arguments sends "arguments": {}; list requests without a cursor send no params and are accepted', async () => {
  const { client, tap } = await open();
  try {
    const result = await client.callTool('status');
    assert.equal(result.isError, undefined, JSON.stringify(result));
    assert.deepEqual(result.content, [{ type: 'text', text: 'all good' }]);
    assert.deepEqual(sentParams(tap, 'tools/call')[0]?.arguments, {});
    assert.deepEqual(
      (await client.listPrompts()).map((p) => p.name),
      ['wrapup'],
    );
    assert.deepEqual(
      (await client.listTools()).map((t) => t.name),
      ['status'],
    );
    assert.deepEqual(
      (await client.listResourceTemplates()).map((t) => t.uriTemplate),
      ['repo://{owner}/{repo}/contents{/path*}'],
    );
    assert.deepEqual(problems(tap, client), []);
  } finally {
    await client.close();
  }
});

function problems(tap: SchemaTap, client: Client): string[] {
  return tap.problems(client.protocolVersion!);
}
