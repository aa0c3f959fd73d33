// The client against the official servers over stdio: handshake, tools/list, real calls and real
// errors, a multi-MB file; every message both ways validated against the negotiated schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, McpError, type TextContent } from '../../src/index.js';
import { assertSchemaClean, openOfficial as open } from '../helpers/official-client.js';
import { officialServer } from '../helpers/servers.js';

const text = (r: { content: unknown[] }) =>
  r.content
    .filter((c: any) => c.type === 'text')
    .map((c) => (c as TextContent).text)
    .join('\n');

test('filesystem: handshake, tools, reads, writes, real errors, a 3 MB file (LIFE-1..4, TOOLS-2, TOOLS-8)', async () => {
  const { client, tap, launch, done } = await open('filesystem');
  try {
    assert.equal(client.protocolVersion, '2025-11-25');
    assert.equal(client.serverInfo?.name, 'secure-filesystem-server');
    assert.ok(client.serverCapabilities?.tools);
    const tools = await client.listTools();
    for (const name of ['read_text_file', 'write_file', 'list_directory', 'search_files', 'get_file_info']) {
      assert.ok(
        tools.some((t) => t.name === name),
        `has ${name}`,
      );
    }
    const dir = launch.dir!;
    writeFileSync(join(dir, 'hello.txt'), 'héllo, wörld\n');
    const read = await client.callTool('read_text_file', { path: join(dir, 'hello.txt') });
    assert.equal(read.isError ?? false, false);
    assert.match(text(read), /héllo, wörld/);
    const write = await client.callTool('write_file', { path: join(dir, 'new.txt'), content: 'written by mcp-bridge' });
    assert.equal(write.isError ?? false, false);
    const list = await client.callTool('list_directory', { path: dir });
    assert.match(text(list), /\[FILE\] new\.txt/);
    // Real error shapes: outside the allowed directories → an isError result, not a throw.
    const outside = await client.callTool('read_text_file', { path: '/etc/hostname' });
    assert.equal(outside.isError, true);
    assert.match(text(outside), /denied|outside|not allowed/i);
    const missing = await client.callTool('read_text_file', { path: join(dir, 'nope.txt') });
    assert.equal(missing.isError, true);
    // A call of an unknown tool: whatever the server chooses, the client reports it clearly.
    try {
      const unknown = await client.callTool('no_such_tool', {});
      assert.equal(unknown.isError, true);
    } catch (e) {
      assert.ok(e instanceof McpError, String(e));
    }
    const big = 'abcdefghij'.repeat(300_000) + '\n';
    writeFileSync(join(dir, 'big.txt'), big);
    const bigRead = await client.callTool('read_text_file', { path: join(dir, 'big.txt') });
    assert.equal(text(bigRead).length, big.length);
    assertSchemaClean(tap, client.protocolVersion!);
  } finally {
    await done();
  }
});

test('everything: echo, sum, image, structured content, annotated content, progress (PROG-1, TOOLS-6, TOOLS-9)', async () => {
  const { client, tap, done } = await open('everything');
  try {
    const tools = await client.listTools();
    assert.ok(tools.length >= 10);
    const echo = await client.callTool('echo', { message: 'ping from mcp-bridge' });
    assert.match(text(echo), /ping from mcp-bridge/);
    const sum = await client.callTool('get-sum', { a: 2, b: 40 });
    assert.match(text(sum), /42/);
    const image = await client.callTool('get-tiny-image', {});
    assert.ok(image.content.some((c: any) => c.type === 'image' && c.mimeType === 'image/png' && c.data.length > 100));
    const structured = await client.callTool('get-structured-content', { location: 'New York' });
    assert.equal(typeof structured.structuredContent, 'object');
    const progress: number[] = [];
    const long = await client.callTool('trigger-long-running-operation', { duration: 1, steps: 4 }, { onProgress: (p) => progress.push(p.progress) });
    assert.match(text(long), /completed/i);
    assert.ok(progress.length >= 3, `progress seen: ${progress}`);
    assert.deepEqual(
      [...progress].sort((x, y) => x - y),
      progress,
      'progress only increases',
    );
    const ms = await client.ping();
    assert.ok(ms >= 0);
    // Invalid arguments come back as the server really reports them.
    try {
      const bad = await client.callTool('get-sum', { a: 'two' });
      assert.equal(bad.isError, true);
    } catch (e) {
      assert.ok(e instanceof McpError);
      assert.equal(e.code, -32602);
    }
    assertSchemaClean(tap, client.protocolVersion!);
  } finally {
    await done();
  }
});

test('memory: a knowledge-graph round trip', async () => {
  const { client, tap, done } = await open('memory');
  try {
    await client.listTools();
    const created = await client.callTool('create_entities', { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] });
    assert.equal(created.isError ?? false, false);
    await client.callTool('create_relations', { relations: [{ from: 'Ada', to: 'Ada', relationType: 'admires' }] });
    const graph = await client.callTool('read_graph', {});
    assert.match(text(graph), /wrote the first program/);
    const found = await client.callTool('search_nodes', { query: 'Ada' });
    assert.match(text(found), /Ada/);
    assertSchemaClean(tap, client.protocolVersion!);
  } finally {
    await done();
  }
});

test('connect() with older proposed versions negotiates each of them (LIFE-2, LIFE-3)', async () => {
  for (const version of ['2025-06-18', '2025-03-26', '2024-11-05']) {
    const launch = officialServer('memory');
    const client = await connect({ command: launch.command, args: launch.args, env: launch.env, protocolVersion: version });
    try {
      assert.equal(client.protocolVersion, version);
      const tools = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'read_graph'));
    } finally {
      await client.close();
      launch.cleanup();
    }
  }
});

test('everything: server→client roots, sampling and elicitation requests are answered (ROOTS, SAMPLING, ELICIT)', async () => {
  const asked: string[] = [];
  const { client, tap, done } = await open('everything', {
    roots: [{ uri: 'file:///tmp/project', name: 'project' }],
    onSampling: async (params) => {
      asked.push('sampling');
      return { role: 'assistant', content: { type: 'text', text: `sampled ${params.maxTokens}` }, model: 'test-model', stopReason: 'endTurn' };
    },
    onElicitation: async () => {
      asked.push('elicitation');
      return { action: 'accept', content: { color: 'red' } };
    },
  });
  try {
    const names = (await client.listTools()).map((t) => t.name);
    // The server offers these tools only to clients that declared the matching capability (LIFE-9).
    for (const n of ['get-roots-list', 'trigger-sampling-request', 'trigger-elicitation-request']) assert.ok(names.includes(n), `offers ${n}`);
    const sampled = await client.callTool('trigger-sampling-request', { prompt: 'hello', maxTokens: 20 });
    assert.ok(asked.includes('sampling'));
    assert.match(text(sampled), /sampled 20/);
    const roots = await client.callTool('get-roots-list', {});
    assert.match(text(roots), /file:\/\/\/tmp\/project/);
    const elicited = await client.callTool('trigger-elicitation-request', {});
    assert.ok(asked.includes('elicitation'));
    assert.equal(elicited.isError ?? false, false, text(elicited));
    assertSchemaClean(tap, client.protocolVersion!);
  } finally {
    await done();
  }
});
