// Registry specs and provider round trips: toLLMSpecs with notes, OpenAI tool calls and Anthropic
// tool_use blocks executed into their tool-result messages, strict-mode nulls undone.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CallToolResult } from '../../protocol/index.js';
import type { GeminiFunctionDeclaration, OpenAiToolSpec } from '../../src/bridge/llm-specs.js';
import { Registry } from '../../src/adapters/registry.js';
import { parseOpenAiArguments } from '../../src/registry/tool-calls.js';
import { fixtureTools } from '../bridge/fixtures.js';

function setup(reply: CallToolResult = { content: [{ type: 'text', text: 'done' }] }) {
  const registry = new Registry();
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  registry.registerServerTools('fs', fixtureTools('filesystem'), {
    prefix: 'fs_',
    caller: async (name, args) => {
      calls.push({ name, args });
      return reply;
    },
  });
  registry.register({ name: 'clock', description: 'Current time', handler: () => '12:00' });
  return { registry, calls };
}

describe('toLLMSpecs', () => {
  test('one spec per tool in registration order, for each provider, with notes per tool', () => {
    const { registry } = setup();
    for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
      const { specs, notes } = registry.toLLMSpecs(provider);
      assert.equal(specs.length, 15, provider);
      assert.ok(notes.some((n) => n.tool === 'fs_read_file' && n.notes.some((x) => x.change === '$schema removed')));
    }
    const openai = registry.toLLMSpecs('openai').specs as OpenAiToolSpec[];
    assert.equal(openai[0].function.name, 'fs_read_file');
    assert.equal(openai[14].function.name, 'clock');
    const gemini = registry.toLLMSpecs('gemini').specs as GeminiFunctionDeclaration[];
    assert.equal(gemini[14].parameters, undefined);
  });

  test('specs are copies: editing one does not change the next call', () => {
    const { registry } = setup();
    const first = registry.toLLMSpecs('anthropic').specs;
    (first[0] as { name: string }).name = 'mutated';
    assert.equal((registry.toLLMSpecs('anthropic').specs[0] as { name: string }).name, 'fs_read_file');
  });
});

describe('OpenAI tool calls', () => {
  test('a call with JSON arguments runs the tool and answers with a role:tool message', async () => {
    const { registry, calls } = setup();
    const message = await registry.executeOpenAiToolCall({
      id: 'call_1',
      type: 'function',
      function: { name: 'fs_list_directory', arguments: '{"path":"/tmp"}' },
    });
    assert.deepEqual(message, { role: 'tool', tool_call_id: 'call_1', content: 'done' });
    assert.deepEqual(calls, [{ name: 'list_directory', args: { path: '/tmp' } }]);
  });

  test('unparseable arguments answer with an error message and send nothing', async () => {
    const { registry, calls } = setup();
    const message = await registry.executeOpenAiToolCall({ id: 'call_2', type: 'function', function: { name: 'fs_list_directory', arguments: '{"path":' } });
    assert.equal(message.tool_call_id, 'call_2');
    assert.match(message.content, /Arguments for tool "fs_list_directory" are not a JSON object/);
    assert.equal(calls.length, 0);
    assert.deepEqual(parseOpenAiArguments('t', ''), {});
    assert.throws(() => parseOpenAiArguments('t', '[1]'), { code: 'MCPB_TOOL_ARGUMENTS_UNPARSEABLE' });
  });

  test('invalid arguments: the message tells the model which field is wrong', async () => {
    const { registry, calls } = setup();
    const message = await registry.executeOpenAiToolCall({
      id: 'c',
      type: 'function',
      function: { name: 'fs_read_text_file', arguments: '{"path":"/a","head":"ten"}' },
    });
    assert.match(message.content, /- head: must be number/);
    assert.equal(calls.length, 0);
  });

  test('strict specs: the nulls a strict model sends for optional properties are removed before validation and sending', async () => {
    const { registry, calls } = setup();
    const specs = registry.toLLMSpecs('openai', { strict: true }).specs as OpenAiToolSpec[];
    const readText = specs.find((s) => s.function.name === 'fs_read_text_file')!;
    assert.equal(readText.function.strict, true);
    assert.deepEqual(readText.function.parameters.required, ['path', 'tail', 'head']);
    const message = await registry.executeOpenAiToolCall({
      id: 'c',
      type: 'function',
      function: { name: 'fs_read_text_file', arguments: '{"path":"/a","tail":null,"head":3}' },
    });
    assert.equal(message.content, 'done');
    assert.deepEqual(calls[0].args, { path: '/a', head: 3 });
  });

  // Issue 10: toLLMSpecs used to leave the strict null paths on the entry for execute to read, so a
  // process that executes without having made the specs in it (a worker, a restarted agent) sent the nulls.
  test('execute undoes strict nulls from the definition alone: the same with or without toLLMSpecs first', async () => {
    const call = { id: 'c', type: 'function' as const, function: { name: 'fs_read_text_file', arguments: '{"path":"/a","tail":null,"head":3}' } };
    const fresh = setup();
    assert.equal((await fresh.registry.executeOpenAiToolCall(call)).content, 'done');
    const made = setup();
    made.registry.toLLMSpecs('openai', { strict: true });
    made.registry.toLLMSpecs('gemini');
    assert.equal((await made.registry.executeOpenAiToolCall(call)).content, 'done');
    assert.deepEqual(fresh.calls, made.calls);
    assert.deepEqual(fresh.calls[0].args, { path: '/a', head: 3 });
  });

  test('unknown tool name: the message suggests close names', async () => {
    const { registry } = setup();
    const message = await registry.executeOpenAiToolCall({ id: 'c', type: 'function', function: { name: 'fs_move', arguments: '{}' } });
    assert.match(message.content, /No tool named "fs_move".*did you mean "fs_move_file"/);
  });
});

describe('Anthropic tool_use', () => {
  test('tool_use → tool_result with is_error false', async () => {
    const { registry } = setup();
    const block = await registry.executeAnthropicToolUse({ type: 'tool_use', id: 'toolu_1', name: 'clock', input: {} });
    assert.deepEqual(block, { type: 'tool_result', tool_use_id: 'toolu_1', content: '12:00', is_error: false });
  });

  test('an isError result keeps is_error true', async () => {
    const { registry } = setup({ content: [{ type: 'text', text: 'ENOENT' }], isError: true });
    const block = await registry.executeAnthropicToolUse({ type: 'tool_use', id: 'toolu_2', name: 'fs_get_file_info', input: { path: '/nope' } });
    assert.deepEqual(block, { type: 'tool_result', tool_use_id: 'toolu_2', content: 'ENOENT', is_error: true });
  });

  // Issue 11 item 16: the image used to come after a text block holding its own placeholder, and
  // the server's text/image/text order was lost.
  test("images Anthropic can read are image blocks in the server's order, with no placeholder for them", async () => {
    const data = Buffer.from('png-bytes').toString('base64');
    const { registry } = setup({
      content: [
        { type: 'image', data, mimeType: 'image/png' },
        { type: 'image', data, mimeType: 'image/tiff' },
      ],
    });
    const block = await registry.executeAnthropicToolUse({ type: 'tool_use', id: 't', name: 'fs_read_media_file', input: { path: '/a.png' } });
    assert.deepEqual(block.content, [
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data } },
      { type: 'text', text: '[image: image/tiff, 9 B]' },
    ]);
    const mixed = setup({
      content: [
        { type: 'text', text: 'before' },
        { type: 'image', data, mimeType: 'image/png' },
        { type: 'text', text: 'after' },
      ],
    });
    const ordered = await mixed.registry.executeAnthropicToolUse({ type: 'tool_use', id: 't', name: 'fs_read_media_file', input: { path: '/a.png' } });
    assert.deepEqual(ordered.content, [
      { type: 'text', text: 'before' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data } },
      { type: 'text', text: 'after' },
    ]);
  });

  test('input that is not an object is an argument error', async () => {
    const { registry } = setup();
    const block = await registry.executeAnthropicToolUse({ type: 'tool_use', id: 't', name: 'clock', input: 'now' });
    assert.equal(block.is_error, true);
    assert.match(block.content as string, /arguments must be an object/);
  });
});
