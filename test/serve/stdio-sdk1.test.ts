// An initialize-era host (the MCP SDK 1.x client over stdio) in front of `mcp-bridge serve` with a
// legacy, a dual-era and a modern-only backend: list, call, progress, cancel, resources, prompts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { gatewayConfig, serveArgs, gatewayEnv } from './fixture.js';

describe('serve on stdio, SDK 1.x client (initialize era)', { timeout: 120_000 }, () => {
  let client: Client;
  before(async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: serveArgs(gatewayConfig()), stderr: 'inherit', env: gatewayEnv() });
    client = new Client({ name: 'sdk1-host', version: '1.0.0' });
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
  });

  test('initialize answers as mcp-bridge with tools, resources and prompts (LIFE-2)', () => {
    assert.equal(client.getServerVersion()?.name, 'mcp-bridge');
    const caps = client.getServerCapabilities();
    assert.ok(caps?.tools && caps.resources && caps.prompts);
  });

  test('tools of all three backends, under their prefixes', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const name of ['ev_echo', 'dual_echo', 'modern_echo', 'modern_progress']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  });

  test('a call reaches each backend in its own era', async () => {
    const text = async (name: string, args: Record<string, unknown>) =>
      ((await client.callTool({ name, arguments: args })).content as { text: string }[])[0]!.text;
    assert.equal(await text('ev_echo', { message: 'hi' }), 'Echo: hi');
    assert.equal(await text('dual_echo', { text: 'hi' }), 'hi (modern)');
    assert.equal(await text('modern_echo', { text: 'hi' }), 'hi (modern)');
  });

  test('progress of a backend reaches the client token (PROG-1)', async () => {
    for (const name of ['dual_progress', 'modern_progress']) {
      const seen: number[] = [];
      await client.callTool({ name, arguments: {} }, undefined, { onprogress: (p) => seen.push(p.progress) });
      assert.deepEqual(seen, [1, 2], name);
    }
  });

  test('cancelling a call cancels the backend call (CANCEL-6)', async () => {
    for (const prefix of ['dual_', 'modern_']) {
      const controller = new AbortController();
      const call = client.callTool({ name: `${prefix}slow`, arguments: {} }, undefined, { signal: controller.signal });
      await new Promise((r) => setTimeout(r, 300));
      controller.abort('the user gave up');
      await assert.rejects(call);
      await waitFor(
        async () => textOf(await client.callTool({ name: `${prefix}cancelled`, arguments: {} })) === '1',
        `${prefix}slow was cancelled at the backend`,
      );
    }
  });

  test('resources of every backend, read from their owner', async () => {
    const uris = (await client.listResources()).resources.map((r) => r.uri);
    for (const uri of ['memo://dual/note', 'memo://modern/note']) assert.ok(uris.includes(uri), `${uri} in ${uris.join(', ')}`);
    assert.ok(
      uris.some((u) => u.startsWith('demo://')),
      'server-everything resources listed',
    );
    const read = await client.readResource({ uri: 'memo://modern/note' });
    assert.equal((read.contents[0] as { text: string }).text, 'note of modern');
    const legacy = uris.find((u) => u.startsWith('demo://'))!;
    assert.equal((await client.readResource({ uri: legacy })).contents[0]!.uri, legacy);
  });

  test('prompts of every backend, namespaced without collisions', async () => {
    const names = (await client.listPrompts()).prompts.map((p) => p.name);
    for (const name of ['dual_greet', 'modern_greet']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    const got = await client.getPrompt({ name: 'modern_greet', arguments: { who: 'Ada' } });
    assert.equal((got.messages[0]!.content as { text: string }).text, 'hello Ada from modern');
  });

  test('completion goes to the owner of the prompt, under its exposed name', async () => {
    const result = await client.complete({ ref: { type: 'ref/prompt', name: 'ev_completable-prompt' }, argument: { name: 'department', value: 'Eng' } });
    assert.ok(result.completion.values.includes('Engineering'), JSON.stringify(result.completion.values));
    await assert.rejects(
      client.complete({ ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: '' } }),
      /Unknown prompt/,
    );
  });

  test('an unknown tool is a JSON-RPC error, not a tool result', async () => {
    await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), /no_such_tool/);
  });
});

function textOf(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0]!.text;
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`timed out waiting until ${what}`);
}
