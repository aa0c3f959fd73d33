// Tool search in every framework's own loop: a scripted model first searches, then calls a tool the
// search found, the loop runs it against the real everything and filesystem servers under a Manager,
// and the final answer arrives. The native wires (Anthropic `tool_reference`, Responses client
// `tool_search`) are checked against the providers' published SDK types, and on the wire: the
// request's `tools` stay the same bytes from turn to turn.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import {
  Agent,
  Runner,
  Usage,
  attachClientToolSearchExecutor,
  setTracingDisabled,
  tool as agentsTool,
  type Model,
  type ModelRequest,
} from '@openai/agents-core';
import { tool as langchainTool } from '@langchain/core/tools';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { AIMessage, AIMessageChunk, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import Anthropic from '@anthropic-ai/sdk';
import type { Tool, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { GoogleGenAI, type Content, type FunctionDeclaration } from '@google/genai';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ResponseInputItem, Tool as ResponsesTool } from 'openai/resources/responses/responses';
import { Manager } from '../../src/manager/manager.js';
import { Registry } from '../../src/adapters/registry.js';
import { officialServer, type ServerLaunch } from '../helpers/servers.js';
import { stdioEntry, testConfig } from '../helpers/config.js';

setTracingDisabled(true);

/** A fetch that answers each request with the next scripted body and keeps the request bodies. */
function scriptedFetch(replies: ((body: Record<string, unknown>) => unknown)[]) {
  const bodies: Record<string, unknown>[] = [];
  const fetch = async (_url: unknown, init?: { body?: unknown }): Promise<Response> => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    bodies.push(body);
    const reply = replies[bodies.length - 1];
    if (!reply) return new Response(JSON.stringify({ error: { message: 'no more scripted replies' } }), { status: 500 });
    return new Response(JSON.stringify(reply(body)), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, bodies };
}

describe('tool search loops in each framework, against real servers', { timeout: 120_000 }, () => {
  let registry: Registry;
  let manager: Manager;
  let fs: ServerLaunch;
  let everything: ServerLaunch;
  let note: string;

  before(async () => {
    fs = officialServer('filesystem');
    everything = officialServer('everything');
    note = join(fs.dir!, 'note.txt');
    writeFileSync(note, 'hello from the filesystem server');
    registry = new Registry({ toolSearch: { enabled: true, alwaysLoaded: ['ev_get-sum'] } });
    manager = new Manager(testConfig([stdioEntry('fs', fs, { prefix: 'fs_' }), stdioEntry('ev', everything, { prefix: 'ev_' })]), { registry });
    const summary = await manager.start();
    assert.deepEqual(summary.failed, []);
  });
  after(async () => {
    await manager?.close();
    fs?.cleanup();
    everything?.cleanup();
  });

  test('AI SDK: generateText with prepareStep → activeTools; the model searches, then calls the tool found', async () => {
    registry.resetLoadedTools();
    const offered: string[][] = [];
    let toolOutput: unknown;
    let step = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        offered.push((options.tools ?? []).map((t) => t.name));
        step++;
        if (step === 1) return toolCall('s1', 'search_tools', { query: 'echo a message back' });
        if (step === 2) return toolCall('c1', 'ev_echo', { message: 'from the AI SDK' });
        toolOutput = options.prompt.filter((m) => m.role === 'tool').flatMap((m) => m.content);
        return { content: [{ type: 'text', text: 'all done' }], finishReason: { unified: 'stop', raw: undefined }, usage: usage(), warnings: [] };
      },
    });
    const result = await generateText({
      model,
      tools: registry.toAiSdkTools(),
      prepareStep: () => ({ activeTools: registry.activeTools() }),
      prompt: 'echo something',
      stopWhen: stepCountIs(5),
    });
    assert.equal(result.text, 'all done');
    assert.deepEqual(offered[0], ['search_tools', 'ev_get-sum'], 'the first step offers the search tool and the always-loaded tool only');
    assert.ok(offered[1]!.includes('ev_echo'), `the second step offers the tool found: ${offered[1]}`);
    assert.match(JSON.stringify(toolOutput), /Echo: from the AI SDK/);
  });

  test('OpenAI Chat Completions (openai SDK, mocked fetch): specs grow at their end; a search, then the found tool', async () => {
    registry.resetLoadedTools();
    const { fetch, bodies } = scriptedFetch([
      () => chatReply({ id: 's1', name: 'search_tools', args: { query: 'read the contents of a text file' } }),
      () => chatReply({ id: 'c1', name: 'fs_read_text_file', args: { path: note } }),
      () => chatReply('the note says hello'),
    ]);
    const client = new OpenAI({ apiKey: 'test', fetch, maxRetries: 0 });
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'what does my note say?' }];
    let answer = '';
    for (let turn = 0; turn < 5; turn++) {
      const tools: ChatCompletionTool[] = registry.toLLMSpecs('openai').specs;
      const completion = await client.chat.completions.create({ model: 'gpt-test', messages, tools });
      const message = completion.choices[0]!.message;
      messages.push(message);
      if (!message.tool_calls?.length) {
        answer = message.content ?? '';
        break;
      }
      for (const call of message.tool_calls)
        if (call.type === 'function') messages.push((await registry.executeOpenAiToolCall(call)) as ChatCompletionMessageParam);
    }
    assert.equal(answer, 'the note says hello');
    const names = bodies.map((b) => (b.tools as ChatCompletionTool[]).map((t) => (t.type === 'function' ? t.function.name : '')));
    assert.deepEqual(names[0], ['search_tools', 'ev_get-sum']);
    assert.equal(names[1]![0], 'search_tools');
    assert.ok(names[1]!.includes('fs_read_text_file'), `found tool offered next turn: ${names[1]}`);
    assert.equal(JSON.stringify(bodies[1]!.tools).startsWith(JSON.stringify(bodies[0]!.tools).slice(0, -1)), true, 'the earlier tools are a byte prefix');
    const toolMessage = messages.find((m) => m.role === 'tool' && m.tool_call_id === 'c1');
    assert.match(String(toolMessage?.content), /hello from the filesystem server/);
  });

  test('OpenAI Responses, native wire: client tool_search answered by tool_search_output; tools never change', async () => {
    registry.resetLoadedTools();
    const { fetch, bodies } = scriptedFetch([
      () =>
        responsesReply([
          { type: 'tool_search_call', id: 'ts_1', call_id: 'call_s1', execution: 'client', status: 'completed', arguments: { query: 'echo a message back' } },
        ]),
      () =>
        responsesReply([
          { type: 'function_call', id: 'fc_1', call_id: 'call_c1', name: 'ev_echo', arguments: '{"message":"from Responses"}', status: 'completed' },
        ]),
      () =>
        responsesReply([
          { type: 'message', id: 'm1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'echoed', annotations: [] }] },
        ]),
    ]);
    const client = new OpenAI({ apiKey: 'test', fetch, maxRetries: 0 });
    const tools: ResponsesTool[] = registry.toLLMSpecs('openai-responses', { toolSearch: 'native' }).specs;
    assert.deepEqual(tools[0], {
      type: 'tool_search',
      execution: 'client',
      description: registry.get('search_tools')!.description,
      parameters: registry.get('search_tools')!.inputSchema,
    });
    const input: ResponseInputItem[] = [{ role: 'user', content: 'echo please' }];
    let answer = '';
    for (let turn = 0; turn < 5; turn++) {
      const response = await client.responses.create({
        model: 'gpt-test',
        input,
        tools: registry.toLLMSpecs('openai-responses', { toolSearch: 'native' }).specs,
      });
      let called = false;
      for (const item of response.output) {
        if (item.type === 'tool_search_call') {
          called = true;
          input.push({ type: 'tool_search_call', call_id: item.call_id, arguments: item.arguments, execution: 'client', status: 'completed' });
          const output: ResponseInputItem = await registry.executeResponsesToolSearchCall(item);
          input.push(output);
        } else if (item.type === 'function_call') {
          called = true;
          input.push(item, await registry.executeResponsesCall(item));
        } else if (item.type === 'message') answer = response.output_text;
      }
      if (!called) break;
    }
    assert.equal(answer, 'echoed');
    assert.equal(bodies.length, 3);
    for (const body of bodies) assert.equal(JSON.stringify(body.tools), JSON.stringify(bodies[0]!.tools), 'the tools are the same bytes every turn');
    const sent = bodies[1]!.input as Array<{ type?: string; call_id?: string; execution?: string; tools?: Array<{ name: string; defer_loading?: boolean }> }>;
    const searchOutput = sent.find((i) => i.type === 'tool_search_output');
    assert.equal(searchOutput?.call_id, 'call_s1');
    assert.equal(searchOutput?.execution, 'client');
    assert.ok(
      searchOutput?.tools?.some((t) => t.name === 'ev_echo' && t.defer_loading === true),
      'the found definition travels in the output',
    );
    const last = bodies[2]!.input as Array<{ type?: string; call_id?: string; output?: unknown }>;
    assert.deepEqual(
      last.find((i) => i.type === 'function_call_output'),
      { type: 'function_call_output', call_id: 'call_c1', output: 'Echo: from Responses' },
    );
  });

  test('OpenAI Agents SDK: Runner with a fake model; client tool_search loads the found tool, the run calls it', async () => {
    registry.resetLoadedTools();
    const requests: ModelRequest[] = [];
    const outputs = [
      [{ type: 'tool_search_call', id: 'ts_1', callId: 'call_s1', execution: 'client', status: 'completed', arguments: { query: 'echo a message back' } }],
      [{ type: 'function_call', id: 'fc_1', callId: 'call_c1', name: 'ev_echo', arguments: '{"message":"from Agents"}', status: 'completed' }],
      [{ type: 'message', id: 'm1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'agent done' }] }],
    ];
    const model: Model = {
      async getResponse(request) {
        requests.push(request);
        return { usage: new Usage(), output: (outputs[requests.length - 1] ?? outputs[2]) as never, responseId: `r${requests.length}` };
      },
      getStreamedResponse() {
        throw new Error('not streamed');
      },
    };
    const search = registry.toAgentsToolSearch({ tool: agentsTool as never, attachClientToolSearchExecutor: attachClientToolSearchExecutor as never });
    const agent = new Agent({ name: 'searcher', instructions: 'use tools', model, tools: [search as never] });
    const result = await new Runner({ tracingDisabled: true }).run(agent, 'echo please');
    assert.equal(result.finalOutput, 'agent done');
    const second = JSON.stringify(requests[1]?.input);
    assert.match(second, /tool_search_output/);
    const ran = result.newItems.find((i) => i.type === 'tool_call_output_item') as { output?: unknown } | undefined;
    assert.match(JSON.stringify(ran?.output), /Echo: from Agents/);
  });

  test('Anthropic toolRunner (mocked fetch), native wire: deferred specs, tool_reference answer, then the found tool', async () => {
    registry.resetLoadedTools();
    const { fetch, bodies } = scriptedFetch([
      () => anthropicReply([{ type: 'tool_use', id: 'toolu_s1', name: 'search_tools', input: { query: 'echo a message back' } }], 'tool_use'),
      () => anthropicReply([{ type: 'tool_use', id: 'toolu_c1', name: 'ev_echo', input: { message: 'from Claude' } }], 'tool_use'),
      () => anthropicReply([{ type: 'text', text: 'Claude is done' }], 'end_turn'),
    ]);
    const client = new Anthropic({ apiKey: 'test', fetch, maxRetries: 0 });
    const specs = registry.toLLMSpecs('anthropic', { toolSearch: 'native' }).specs;
    // The deferral flag has the SDK's type (the schemas' own typing is checked elsewhere).
    const flags: Pick<Tool, 'name' | 'defer_loading'>[] = specs;
    assert.equal(flags.length, registry.list().length);
    const runner = client.beta.messages.toolRunner({
      model: 'claude-test',
      max_tokens: 256,
      messages: [{ role: 'user', content: 'echo please' }],
      tools: registry.toAnthropicRunnableTools({ toolSearch: 'native' }) as never,
    });
    const final = await runner.runUntilDone();
    assert.deepEqual(final.content, [{ type: 'text', text: 'Claude is done' }]);
    assert.equal(bodies.length, 3);
    const sentTools = bodies[0]!.tools as Array<{ name: string; defer_loading?: boolean }>;
    assert.deepEqual(
      sentTools.filter((t) => !t.defer_loading).map((t) => t.name),
      ['search_tools', 'ev_get-sum'],
    );
    assert.equal(sentTools.find((t) => t.name === 'ev_echo')?.defer_loading, true);
    // This runner continues a server-side thread after the first request (no `tools` resent); where a
    // request does carry them, they are the first request's bytes.
    for (const body of bodies)
      if (body.tools !== undefined) assert.equal(JSON.stringify(body.tools), JSON.stringify(bodies[0]!.tools), 'the tools are the same bytes every turn');
    const resultBlock = lastToolResult(bodies[1]!);
    const references = resultBlock.content as Array<{ type: string; tool_name: string }>;
    assert.deepEqual(references[0], { type: 'tool_reference', tool_name: 'ev_echo' }, 'the best hit first');
    assert.ok(
      references.every((r) => r.type === 'tool_reference' && sentTools.find((t) => t.name === r.tool_name)?.defer_loading === true),
      'only references, each to a tool the request defers',
    );
    const typed: ToolResultBlockParam = await registry.executeAnthropicToolSearch({
      type: 'tool_use',
      id: 'x',
      name: 'search_tools',
      input: { query: 'echo' },
    });
    assert.equal(typed.type, 'tool_result');
    assert.match(JSON.stringify(lastToolResult(bodies[2]!).content), /Echo: from Claude/);
  });

  test('Gemini (@google/genai, mocked fetch): declarations per turn; a search, then the found tool', async () => {
    registry.resetLoadedTools();
    const { fetch, bodies } = scriptedFetch([
      () => geminiReply([{ functionCall: { id: 'g1', name: 'search_tools', args: { query: 'echo a message back' } } }]),
      () => geminiReply([{ functionCall: { id: 'g2', name: 'ev_echo', args: { message: 'from Gemini' } } }]),
      () => geminiReply([{ text: 'Gemini is done' }]),
    ]);
    const real = globalThis.fetch;
    globalThis.fetch = fetch;
    try {
      const ai = new GoogleGenAI({ apiKey: 'test' });
      const contents: Content[] = [{ role: 'user', parts: [{ text: 'echo please' }] }];
      let answer = '';
      for (let turn = 0; turn < 5; turn++) {
        const response = await ai.models.generateContent({
          model: 'gemini-test',
          contents,
          config: { tools: [{ functionDeclarations: registry.toLLMSpecs('gemini', { jsonSchema: true }).specs as FunctionDeclaration[] }] },
        });
        const calls = response.functionCalls ?? [];
        if (calls.length === 0) {
          answer = response.text ?? '';
          break;
        }
        contents.push(response.candidates![0]!.content!);
        contents.push({ role: 'user', parts: await Promise.all(calls.map((c) => registry.executeGeminiFunctionCall(c))) });
      }
      assert.equal(answer, 'Gemini is done');
    } finally {
      globalThis.fetch = real;
    }
    const declared = bodies.map((b) => JSON.stringify(b.tools));
    assert.match(declared[0]!, /search_tools/);
    assert.doesNotMatch(declared[0]!, /ev_echo/);
    assert.match(declared[1]!, /ev_echo/);
    assert.match(JSON.stringify(bodies[2]!.contents), /Echo: from Gemini/);
  });

  test('LangChain (fake chat model, tools re-bound per turn): a search, then the found tool, ToolMessages in between', async () => {
    registry.resetLoadedTools();
    const scripted = [
      new AIMessageChunk({
        content: '',
        tool_calls: [{ id: 'l1', name: 'search_tools', args: { query: 'read the contents of a text file' }, type: 'tool_call' }],
      }),
      new AIMessageChunk({ content: '', tool_calls: [{ id: 'l2', name: 'fs_read_text_file', args: { path: note }, type: 'tool_call' }] }),
      new AIMessage('LangChain is done'),
    ];
    const bound: string[][] = [];
    const messages: BaseMessage[] = [new HumanMessage('what does my note say?')];
    let answer = '';
    for (let turn = 0; turn < 5; turn++) {
      const tools = registry.toLangChainTools({ tool: langchainTool as never, tools: registry.activeTools() }) as Array<{
        name: string;
        invoke(call: unknown): Promise<BaseMessage>;
      }>;
      bound.push(tools.map((t) => t.name));
      const next = scripted[turn]!;
      // The fake model answers from `chunks` when it calls tools and from `responses` for text.
      const model = new FakeStreamingChatModel(next instanceof AIMessageChunk ? { chunks: [next] } : { responses: [next] }).bindTools(tools as never);
      const reply = await model.invoke(messages);
      messages.push(reply);
      if (!reply.tool_calls?.length) {
        answer = String(reply.content);
        break;
      }
      for (const call of reply.tool_calls) {
        const found = tools.find((t) => t.name === call.name);
        assert.ok(found, `${call.name} is bound this turn`);
        messages.push(await found.invoke({ ...call, type: 'tool_call' }));
      }
    }
    assert.equal(answer, 'LangChain is done');
    assert.deepEqual(bound[0], ['search_tools', 'ev_get-sum']);
    assert.ok(bound[1]!.includes('fs_read_text_file'));
    assert.match(JSON.stringify(messages.map((m) => m.content)), /hello from the filesystem server/);
  });
});

function toolCall(id: string, name: string, input: unknown) {
  return {
    content: [{ type: 'tool-call' as const, toolCallId: id, toolName: name, input: JSON.stringify(input) }],
    finishReason: { unified: 'tool-calls' as const, raw: undefined },
    usage: usage(),
    warnings: [],
  };
}

function usage() {
  return { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
}

function chatReply(answer: string | { id: string; name: string; args: unknown }) {
  const message =
    typeof answer === 'string'
      ? { role: 'assistant', content: answer, refusal: null }
      : {
          role: 'assistant',
          content: null,
          refusal: null,
          tool_calls: [{ id: answer.id, type: 'function', function: { name: answer.name, arguments: JSON.stringify(answer.args) } }],
        };
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 0,
    model: 'gpt-test',
    choices: [{ index: 0, message, finish_reason: typeof answer === 'string' ? 'stop' : 'tool_calls', logprobs: null }],
  };
}

function responsesReply(output: unknown[]) {
  return { id: 'resp_1', object: 'response', created_at: 0, status: 'completed', model: 'gpt-test', output, parallel_tool_calls: true, tools: [], error: null };
}

function anthropicReply(content: unknown[], stop: string) {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
}

function lastToolResult(body: Record<string, unknown>): { type: string; content: unknown } {
  const messages = body.messages as Array<{ role: string; content: unknown }>;
  const last = messages[messages.length - 1]!;
  const blocks = last.content as Array<{ type: string; content: unknown }>;
  const result = blocks.find((b) => b.type === 'tool_result');
  assert.ok(result, `a tool_result in the last message: ${JSON.stringify(last)}`);
  return result;
}

function geminiReply(parts: unknown[]) {
  return { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }] };
}
