// The native tool-search wires' shapes, on native tools (no server needed): what Anthropic's and the
// Responses API's docs describe — every tool listed with `defer_loading: true` on Anthropic and a
// client `tool_search` tool on Responses; the search answered with `tool_reference` blocks and with a
// `tool_search_output` item — and that these request `tools` never change while tools are found.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ToolReferenceBlockParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type { ResponseInputItem, ResponseToolSearchCall, ToolSearchTool } from 'openai/resources/responses/responses';
import { Registry } from '../../src/adapters/registry.js';
import type { AnthropicToolReference, ResponsesToolSearchTool } from '../../src/registry/search-wire.js';

function registry(options: ConstructorParameters<typeof Registry>[0] = { toolSearch: { enabled: true, alwaysLoaded: ['get_time'] } }): Registry {
  const r = new Registry(options);
  const add = (name: string, description: string) =>
    r.register({ name, description, inputSchema: { type: 'object' }, handler: () => 'x'.repeat(name === 'dump_logs' ? 500_000 : 2) });
  add('get_time', 'Current time of day');
  add('create_issue', 'Create a new issue in a GitHub repository');
  add('delete_directory', 'Delete a directory and everything in it');
  add('dump_logs', 'Dump the server logs');
  return r;
}

// Type-level: our shapes are the SDKs' shapes.
const reference: ToolReferenceBlockParam = {} as AnthropicToolReference;
const searchTool: ToolSearchTool = {} as ResponsesToolSearchTool;
void reference;
void searchTool;

test('Anthropic native specs: the search tool and always-loaded first, every other tool deferred; the same bytes after searches', async () => {
  const r = registry();
  const first = r.toLLMSpecs('anthropic', { toolSearch: 'native' }).specs;
  assert.deepEqual(
    first.map((s) => [s.name, s.defer_loading === true]),
    [
      ['search_tools', false],
      ['get_time', false],
      ['create_issue', true],
      ['delete_directory', true],
      ['dump_logs', true],
    ],
  );
  const answer: ToolResultBlockParam = await r.executeAnthropicToolSearch({
    type: 'tool_use',
    id: 'toolu_1',
    name: 'search_tools',
    input: { query: 'open a GitHub issue' },
  });
  assert.equal(answer.tool_use_id, 'toolu_1');
  assert.deepEqual((answer.content as unknown[])[0], { type: 'tool_reference', tool_name: 'create_issue' });
  assert.equal(JSON.stringify(r.toLLMSpecs('anthropic', { toolSearch: 'native' }).specs), JSON.stringify(first), 'a search changes nothing in the tools');
  // The reading tool appears with the first oversized result: at the end, after everything cached.
  await r.execute('dump_logs', {});
  const later = r.toLLMSpecs('anthropic', { toolSearch: 'native' }).specs;
  assert.equal(JSON.stringify(later.slice(0, first.length)), JSON.stringify(first));
  assert.deepEqual(
    later.slice(first.length).map((s) => [s.name, s.defer_loading === true]),
    [['read_result', false]],
  );
});

test('Anthropic: a search that finds only loaded tools answers in text; a registry without tool search answers with an error', async () => {
  const r = registry();
  const answer = await r.executeAnthropicToolSearch({ type: 'tool_use', id: 't', name: 'search_tools', input: { query: 'current time of day', limit: 1 } });
  assert.deepEqual(answer, { type: 'tool_result', tool_use_id: 't', content: 'Already available, call them directly: get_time.', is_error: false });
  const off = await registry({}).executeAnthropicToolSearch({ type: 'tool_use', id: 'u', name: 'search_tools', input: {} });
  assert.equal(off.is_error, true);
});

test('Responses native specs: a client tool_search tool then the always-loaded function tools; answered by tool_search_output', async () => {
  const r = registry();
  const specs = r.toLLMSpecs('openai-responses', { toolSearch: 'native' }).specs;
  assert.deepEqual(
    specs.map((s) => (s.type === 'tool_search' ? `tool_search:${s.execution}` : s.name)),
    ['tool_search:client', 'get_time'],
  );
  const call: ResponseToolSearchCall = {
    type: 'tool_search_call',
    id: 'tsc_1',
    call_id: 'call_1',
    execution: 'client',
    status: 'completed',
    arguments: '{"query":"remove a folder","limit":1}',
  };
  const output: ResponseInputItem = await r.executeResponsesToolSearchCall(call);
  assert.deepEqual(output, {
    type: 'tool_search_output',
    call_id: 'call_1',
    execution: 'client',
    status: 'completed',
    tools: [
      {
        type: 'function',
        name: 'delete_directory',
        description: 'Delete a directory and everything in it',
        parameters: { type: 'object', properties: {} },
        strict: false,
        defer_loading: true,
      },
    ],
  });
  assert.equal(JSON.stringify(r.toLLMSpecs('openai-responses', { toolSearch: 'native' }).specs), JSON.stringify(specs));
  const broken = await r.executeResponsesToolSearchCall({ type: 'tool_search_call', call_id: null, arguments: 42 });
  assert.equal(broken.type, 'tool_search_output');
  assert.equal(broken.call_id, null);
});

test('providers without a native wire get the portable specs; the option does nothing when tool search is off', () => {
  const r = registry();
  assert.deepEqual(
    r.toLLMSpecs('openai', { toolSearch: 'native' }).specs.map((s) => s.function.name),
    ['search_tools', 'get_time'],
  );
  assert.equal(r.toLLMSpecs('anthropic', { toolSearch: 'native' }).specs.length, 5);
  const off = registry({});
  assert.deepEqual(
    off.toLLMSpecs('anthropic', { toolSearch: 'native' }).specs.map((s) => s.defer_loading ?? false),
    [false, false, false, false],
  );
  assert.deepEqual(off.activeTools(), ['get_time', 'create_issue', 'delete_directory', 'dump_logs']);
  assert.throws(() => off.toAgentsToolSearch({ tool: () => ({}), attachClientToolSearchExecutor: (h) => h }), /MCPB_INVALID_OPTIONS|tool search on/);
});
