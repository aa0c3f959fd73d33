// The registry against the real everything and filesystem servers (reached through the SDK client,
// allowed in tests): real content blocks, real outputSchemas, validation before anything is sent.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '../../protocol/index.js';
import { Registry } from '../../src/adapters/registry.js';
import type { ToolCaller } from '../../src/registry/types.js';
import { officialServer, type OfficialServerName, type ServerLaunch } from '../helpers/servers.js';

interface Connected {
  client: Client;
  launch: ServerLaunch;
  tools: Tool[];
  caller: ToolCaller;
  sent: string[];
}

async function connect(name: OfficialServerName): Promise<Connected> {
  const launch = officialServer(name);
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    env: { ...(process.env as Record<string, string>), ...launch.env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'mcp-bridge-registry-test', version: '0.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const sent: string[] = [];
  const caller: ToolCaller = async (tool, args, context) => {
    sent.push(tool);
    return (await client.callTool({ name: tool, arguments: args }, undefined, {
      signal: context.signal,
      timeout: context.timeoutMs ?? 30_000,
    })) as CallToolResult;
  };
  return { client, launch, tools: tools as Tool[], caller, sent };
}

describe('registry over the real everything server', { timeout: 60_000 }, () => {
  let server: Connected;
  const registry = new Registry();
  before(async () => {
    server = await connect('everything');
    const report = registry.registerServerTools('everything', server.tools, { prefix: 'ev_', caller: server.caller });
    assert.deepEqual(report.problems, [], 'every real schema compiles');
  });
  after(async () => {
    await server?.client.close();
    server?.launch.cleanup();
  });

  test('text results', async () => {
    assert.equal((await registry.execute('ev_echo', { message: 'hi' })).text, 'Echo: hi');
    assert.match((await registry.execute('ev_get-sum', { a: 2, b: 3 })).text, /5/);
  });

  test('invalid arguments are refused locally, naming the field; the server never sees them', async () => {
    const before = server.sent.length;
    const result = await registry.execute('ev_get-sum', { a: 'two' });
    assert.equal(result.error?.code, 'MCPB_TOOL_INPUT_INVALID');
    assert.deepEqual(result.error?.issues?.map((i) => i.field).sort(), ['a', 'b']);
    assert.equal(server.sent.length, before);
  });

  test('an image result: summarised in the text, bytes kept in parts', async () => {
    const result = await registry.execute('ev_get-tiny-image', {});
    assert.match(result.text, /\[image: image\/png, [\d.]+ (B|KB)\]/);
    const image = result.parts.find((p) => p.type === 'image') as { data: string; bytes: number } | undefined;
    assert.ok(image && image.data.length > 0 && image.bytes > 0);
  });

  test('resource links and embedded text and blob resources', async () => {
    const links = await registry.execute('ev_get-resource-links', { count: 2 });
    assert.equal(links.parts.filter((p) => p.type === 'resource_link').length, 2);
    assert.match(links.text, /\[resource link: .* <[^>]+>/);
    const text = await registry.execute('ev_get-resource-reference', { resourceType: 'Text', resourceId: 1 });
    assert.ok(
      text.parts.some((p) => p.type === 'resource'),
      JSON.stringify(text.parts.map((p) => p.type)),
    );
    const blob = await registry.execute('ev_get-resource-reference', { resourceType: 'Blob', resourceId: 2 });
    assert.ok(
      blob.parts.some((p) => p.type === 'blob'),
      JSON.stringify(blob.parts.map((p) => p.type)),
    );
    assert.match(blob.text, /\[resource: [^\]]+, [\d.]+ (B|KB)\]/);
  });

  test('structuredContent matches the real outputSchema without warnings and is not duplicated', async () => {
    const result = await registry.execute('ev_get-structured-content', { location: 'Chicago' });
    assert.equal(result.isError, false);
    assert.equal(result.warnings, undefined);
    assert.equal(typeof result.structured, 'object');
    assert.equal(result.text.split('temperature').length - 1, 1, 'the JSON appears once');
  });
});

describe('registry over the real filesystem server', { timeout: 60_000 }, () => {
  let server: Connected;
  const registry = new Registry({ strictOutput: true });
  before(async () => {
    server = await connect('filesystem');
    writeFileSync(join(server.launch.dir!, 'hello.txt'), 'hello world\n');
    registry.registerServerTools('fs', server.tools, { prefix: 'fs_', caller: server.caller });
  });
  after(async () => {
    await server?.client.close();
    server?.launch.cleanup();
  });

  test('real structured results pass their draft-07 outputSchemas even in strict output mode', async () => {
    const file = join(server.launch.dir!, 'hello.txt');
    const read = await registry.execute('fs_read_text_file', { path: file });
    assert.equal(read.isError, false, read.text);
    assert.match(read.text, /hello world/);
    const list = await registry.execute('fs_list_directory', { path: server.launch.dir! });
    assert.equal(list.isError, false, list.text);
    assert.match(list.text, /hello\.txt/);
  });

  test("a server-side failure is an isError result carrying the server's text, with no output-schema noise", async () => {
    const result = await registry.execute('fs_read_text_file', { path: join(server.launch.dir!, 'missing.txt') });
    assert.equal(result.isError, true);
    assert.equal(result.error, undefined, "the error is the server's, not the bridge's");
    assert.match(result.text, /ENOENT|no such file|not found/i);
  });
});
