// Each framework adapter driven by the framework's own tool loop (its mock model where it has one),
// against the real everything and filesystem servers under a Manager: the AI SDK's generateText,
// the OpenAI Agents SDK's getAllMcpTools + invoke, LangChain's tool(), Anthropic's mcpTools helper
// with our Client, and the Responses / Gemini / Ollama call shapes.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { getAllMcpTools } from '@openai/agents-core';
import { tool as langchainTool } from '@langchain/core/tools';
import { mcpTools } from '@anthropic-ai/sdk/helpers/beta/mcp';
import { mcpToTool, type CallableTool } from '@google/genai';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { AIMessageChunk } from '@langchain/core/messages';
import { connect } from '../../src/client/index.js';
import { Manager } from '../../src/manager/manager.js';
import { Registry } from '../../src/adapters/registry.js';
import { officialServer, type ServerLaunch } from '../helpers/servers.js';
import { stdioEntry, testConfig } from '../helpers/config.js';

describe('framework adapters over real servers', { timeout: 90_000 }, () => {
  const registry = new Registry();
  let manager: Manager;
  let fs: ServerLaunch;
  let everything: ServerLaunch;

  before(async () => {
    fs = officialServer('filesystem');
    everything = officialServer('everything');
    writeFileSync(join(fs.dir!, 'note.txt'), 'hello from the filesystem server');
    manager = new Manager(testConfig([stdioEntry('fs', fs, { prefix: 'fs_' }), stdioEntry('ev', everything, { prefix: 'ev_' })]), { registry });
    const summary = await manager.start();
    assert.deepEqual(summary.failed, []);
  });
  after(async () => {
    await manager?.close();
    fs?.cleanup();
    everything?.cleanup();
  });

  test('AI SDK 6: generateText runs a dynamic tool through the registry and the model sees text and image parts', async () => {
    const tools = registry.toAiSdkTools({ tools: ['ev_echo', 'ev_get-tiny-image'] });
    assert.deepEqual(Object.keys(tools).sort(), ['ev_echo', 'ev_get-tiny-image']);
    let round = 0;
    const seen: unknown[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        round++;
        if (round === 1) {
          assert.ok(
            options.tools?.some((t) => t.name === 'ev_echo' && t.type === 'function'),
            'the model is offered the tool',
          );
          return {
            content: [
              { type: 'tool-call', toolCallId: 'c1', toolName: 'ev_echo', input: JSON.stringify({ message: 'hi' }) },
              { type: 'tool-call', toolCallId: 'c2', toolName: 'ev_get-tiny-image', input: '{}' },
            ],
            finishReason: { unified: 'tool-calls', raw: undefined },
            usage: usage(),
            warnings: [],
          };
        }
        seen.push(...options.prompt.filter((m) => m.role === 'tool').flatMap((m) => m.content));
        return { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: undefined }, usage: usage(), warnings: [] };
      },
    });
    const result = await generateText({ model, tools, prompt: 'echo hi', stopWhen: stepCountIs(3) });
    assert.equal(result.text, 'done');
    const outputs = seen as Array<{ toolCallId: string; output: { type: string; value: unknown } }>;
    const echo = outputs.find((o) => o.toolCallId === 'c1');
    assert.deepEqual(echo?.output, { type: 'text', value: 'Echo: hi' });
    const image = outputs.find((o) => o.toolCallId === 'c2');
    assert.equal(image?.output.type, 'content');
    assert.ok(
      (image!.output.value as Array<{ type: string }>).some((p) => p.type === 'image-data'),
      'the image reaches the model as an image part',
    );
  });

  test('AI SDK: invalid arguments come back to the model as an error output, not a thrown error', async () => {
    const tools = registry.toAiSdkTools({ tools: ['ev_get-sum'] });
    const output = await tools['ev_get-sum']!.execute({ a: 'one' }, { toolCallId: 'x' });
    assert.equal(output.isError, true);
    assert.equal(tools['ev_get-sum']!.toModelOutput({ output }).type, 'error-text');
  });

  test('OpenAI Agents SDK: getAllMcpTools lists the registry, invoke runs a call', async () => {
    const server = manager.toAgentsMcpServer({ tools: ['fs_read_text_file', 'ev_echo'] });
    const tools = await getAllMcpTools({ mcpServers: [server as never], runContext: undefined as never, agent: undefined as never });
    const names = tools.map((t) => t.name).sort();
    assert.deepEqual(names, ['ev_echo', 'fs_read_text_file']);
    const read = tools.find((t) => t.name === 'fs_read_text_file') as unknown as { invoke(ctx: unknown, input: string): Promise<unknown> };
    const out = await read.invoke({}, JSON.stringify({ path: join(fs.dir!, 'note.txt') }));
    assert.match(JSON.stringify(out), /hello from the filesystem server/);
  });

  test('LangChain: tool() builds StructuredTools; content and artifact stay apart', async () => {
    const tools = registry.toLangChainTools({ tool: langchainTool as never, tools: ['ev_echo', 'ev_get-tiny-image'] }) as Array<{
      name: string;
      invoke(input: unknown): Promise<unknown>;
    }>;
    assert.deepEqual(
      tools.map((t) => t.name),
      ['ev_echo', 'ev_get-tiny-image'],
    );
    const message = (await tools[0]!.invoke({ id: 'call-1', name: 'ev_echo', args: { message: 'lc' }, type: 'tool_call' })) as {
      content: string;
      artifact: { isError: boolean };
    };
    assert.equal(message.content, 'Echo: lc');
    assert.equal(message.artifact.isError, false);
    const image = (await tools[1]!.invoke({ id: 'call-2', name: 'ev_get-tiny-image', args: {}, type: 'tool_call' })) as {
      artifact: { parts: Array<{ type: string }> };
    };
    assert.ok(image.artifact.parts.some((p) => p.type === 'image'));
  });

  test('LangChain: a fake chat model with the tools bound asks for a call, and the tool answers it', async () => {
    const tools = registry.toLangChainTools({ tool: langchainTool as never, tools: ['ev_echo'] }) as Array<{
      name: string;
      invoke(input: unknown): Promise<{ content: unknown }>;
    }>;
    const model = new FakeStreamingChatModel({
      chunks: [new AIMessageChunk({ content: '', tool_calls: [{ id: 'c1', name: 'ev_echo', args: { message: 'loop' }, type: 'tool_call' }] })],
    });
    const bound = model.bindTools(tools as never);
    const reply = await bound.invoke('echo loop');
    const [call] = reply.tool_calls ?? [];
    assert.ok(call, 'the model asked for a tool call');
    const answer = await tools.find((t) => t.name === call.name)!.invoke({ ...call, type: 'tool_call' });
    assert.equal(answer.content, 'Echo: loop');
  });

  test('Gemini mcpToTool() accepts our Client (listTools page form and the SDK call form); our CallableTool has its type', async () => {
    const client = await connect({ command: everything.command, args: everything.args, env: everything.env });
    try {
      const callable = mcpToTool(client as never);
      const declared = await callable.tool();
      assert.ok(declared.functionDeclarations?.some((d) => d.name === 'echo'));
      const parts = await callable.callTool([{ name: 'echo', args: { message: 'genai' } }]);
      assert.match(JSON.stringify(parts), /Echo: genai/);
    } finally {
      await client.close();
    }
    const ours: CallableTool = registry.toGeminiCallableTool({ tools: ['ev_echo'] }) as CallableTool;
    const [part] = await ours.callTool([{ name: 'ev_echo', args: { message: 'typed' } }]);
    assert.match(JSON.stringify(part), /Echo: typed/);
  });

  test('Anthropic tool runner: runnable tools run through the registry; error results are thrown as the given ToolError', async () => {
    class ToolError extends Error {
      constructor(readonly content: unknown) {
        super('tool error');
      }
    }
    const tools = registry.toAnthropicRunnableTools({ ToolError: ToolError as never });
    const echo = tools.find((t) => t.name === 'ev_echo')!;
    assert.equal(echo.type, 'custom');
    assert.equal(echo.input_schema.type, 'object');
    assert.equal(await echo.run({ message: 'an' }), 'Echo: an');
    await assert.rejects(echo.run({ message: 42 }), (e: unknown) => e instanceof ToolError && /message/.test(JSON.stringify((e as ToolError).content)));
  });

  test('Anthropic mcpTools() accepts our Client: the SDK call form callTool({ name, arguments })', async () => {
    const client = await connect({ command: everything.command, args: everything.args, env: everything.env });
    try {
      const page = await client.listTools({ cursor: undefined });
      assert.ok(Array.isArray(page.tools) && page.tools.length > 0, 'the SDK page form returns { tools }');
      const tools = mcpTools(page.tools.filter((t) => t.name === 'echo') as never, client as never);
      const out = await tools[0]!.run({ message: 'via mcpTools' });
      assert.match(JSON.stringify(out), /Echo: via mcpTools/);
    } finally {
      await client.close();
    }
  });

  test('OpenAI Responses: flat specs, and function_call items answered as function_call_output (images as input_image)', async () => {
    const { specs } = registry.toLLMSpecs('openai-responses');
    const echo = specs.find((s) => s.name === 'ev_echo')!;
    assert.equal(echo.type, 'function');
    assert.equal(echo.parameters.type, 'object');
    assert.ok('strict' in echo);
    assert.deepEqual(await registry.executeResponsesCall({ type: 'function_call', call_id: 'r1', name: 'ev_echo', arguments: '{"message":"r"}' }), {
      type: 'function_call_output',
      call_id: 'r1',
      output: 'Echo: r',
    });
    const image = await registry.executeResponsesCall({ type: 'function_call', call_id: 'r2', name: 'ev_get-tiny-image', arguments: '' });
    assert.ok(Array.isArray(image.output) && image.output.some((p) => p.type === 'input_image' && p.image_url.startsWith('data:image/png;base64,')));
    const broken = await registry.executeResponsesCall({ type: 'function_call' } as never);
    assert.equal(broken.type, 'function_call_output');
    assert.match(JSON.stringify(broken.output), /no name/);
  });

  test('Ollama-style and malformed OpenAI tool calls become tool messages, never a throw', async () => {
    const ollama = await registry.executeOpenAiToolCall({ function: { name: 'ev_echo', arguments: { message: 'ol' } } });
    assert.deepEqual(ollama, { role: 'tool', tool_name: 'ev_echo', content: 'Echo: ol' });
    const noName = await registry.executeOpenAiToolCall({ id: 'x', function: {} } as never);
    assert.equal(noName.tool_call_id, 'x');
    assert.match(noName.content, /no function name/);
    const nothing = await registry.executeOpenAiToolCall(undefined as never);
    assert.match(nothing.content, /cannot be run/);
    const badJson = await registry.executeOpenAiToolCall({ id: 'y', type: 'function', function: { name: 'ev_echo', arguments: '{oops' } });
    assert.match(badJson.content, /not a JSON object/);
    const unknown = await registry.executeAnthropicToolUse({ type: 'tool_use', id: 'z', name: 'nope', input: {} });
    assert.equal(unknown.is_error, true);
  });

  test('Gemini: parametersJsonSchema declarations, functionResponse parts, a CallableTool', async () => {
    const { specs } = registry.toLLMSpecs('gemini', { jsonSchema: true });
    const echo = specs.find((s) => s.name === 'ev_echo')!;
    assert.ok(echo.parametersJsonSchema && !('parameters' in echo));
    const subset = registry.toLLMSpecs('gemini').specs.find((s) => s.name === 'ev_echo')!;
    assert.ok(subset.parameters && !('parametersJsonSchema' in subset));
    const part = await registry.executeGeminiFunctionCall({ id: 'g1', name: 'ev_echo', args: { message: 'g' } });
    assert.deepEqual(part, { functionResponse: { id: 'g1', name: 'ev_echo', response: { output: 'Echo: g' } } });
    const callable = registry.toGeminiCallableTool({ tools: ['ev_echo', 'ev_get-tiny-image'] });
    assert.deepEqual(
      (await callable.tool()).functionDeclarations.map((d) => d.name),
      ['ev_echo', 'ev_get-tiny-image'],
    );
    const [a, b] = await callable.callTool([
      { name: 'ev_echo', args: { message: 'auto' } },
      { name: 'ev_get-tiny-image', args: {} },
    ]);
    assert.deepEqual(a!.functionResponse.response, { output: 'Echo: auto' });
    assert.equal(b!.functionResponse.parts?.[0]?.inlineData.mimeType, 'image/png');
    const missing = await registry.executeGeminiFunctionCall({} as never);
    assert.ok('error' in missing.functionResponse.response);
  });
});

function usage() {
  return { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
}
