// No way around the policy: against the real filesystem and everything servers under a Manager
// whose config has a policy, a tool to confirm (fs_write_file, refused by onConfirm) and a denied
// tool (fs_move_file, shown on purpose with showDenied so every adapter offers it) are refused from
// every entry: registry.execute, the OpenAI Chat / Responses / Anthropic / Gemini call helpers, the
// AI SDK, LangChain, Anthropic runnable and Gemini callable tools, the Agents MCP server, and a
// server handle used directly. The server's own files prove nothing was sent. A call is checked
// once, whichever way it comes; the server's elicitation is never asked for consent.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Registry } from '../../src/adapters/registry.js';
import { parseConfig } from '../../src/config/index.js';
import { Manager } from '../../src/manager/manager.js';
import type { ToolCall } from '../../src/pipeline/types.js';
import { hasErrorCode } from '../../src/index.js';
import { officialServer, scratchDir, type ServerLaunch } from '../helpers/servers.js';
import { stdioEntry } from '../helpers/config.js';

const POLICY = {
  default: 'deny',
  showDenied: true,
  rules: [
    { annotations: { readOnlyHint: true }, action: 'allow' },
    { tools: ['fs_write_file', 'ev_trigger-elicitation-request'], action: 'confirm', reason: 'ask first' },
  ],
};

describe('the policy from every entry point', { timeout: 120_000 }, () => {
  const asked: Array<{ tool: string; entry: string }> = [];
  const entries: string[] = [];
  let answer = false;
  let elicited = 0;
  const registry = new Registry({
    // A user step after the policy: it sees each call that passes the policy, once.
    interceptors: [
      {
        name: 'count',
        async intercept(call, next) {
          entries.push(`${call.entry}:${call.tool}`);
          return next(call);
        },
      },
    ],
  });
  let manager: Manager;
  let fs: ServerLaunch;
  let ev: ServerLaunch;
  const target = () => join(fs.dir!, 'written.txt');
  const source = () => join(fs.dir!, 'keep.txt');
  const writeArgs = () => ({ path: target(), content: 'sent' });
  const moveArgs = () => ({ source: source(), destination: join(fs.dir!, 'moved.txt') });

  before(async () => {
    fs = officialServer('filesystem');
    ev = officialServer('everything');
    writeFileSync(source(), 'stay');
    const text = JSON.stringify({
      tools: { mcp: { policy: POLICY, servers: [stdioEntry('fs', fs, { prefix: 'fs_' }), stdioEntry('ev', ev, { prefix: 'ev_' })] } },
    });
    const config = parseConfig(text, { file: join(scratchDir('cfg'), 'mcp-bridge.yaml') });
    manager = new Manager(config, {
      registry,
      onConfirm: (call: ToolCall) => {
        asked.push({ tool: call.tool, entry: call.entry });
        return answer;
      },
      clientOptions: {
        // A server's elicitation is the server asking: it is never taken as the user's consent.
        onElicitation: async () => {
          elicited++;
          return { action: 'accept', content: {} };
        },
      },
    });
    const summary = await manager.start();
    assert.deepEqual(summary.failed, []);
  });
  after(async () => {
    await manager?.close();
    fs?.cleanup();
    ev?.cleanup();
  });

  /** Both refusals left the files as they were: the server got neither call. */
  function nothingSent(label: string) {
    assert.equal(existsSync(target()), false, `${label}: write_file reached the server`);
    assert.equal(readFileSync(source(), 'utf8'), 'stay', `${label}: move_file reached the server`);
  }

  const NOT_CONFIRMED = /needs confirmation \(rules\[1\] of tools\.mcp\.policy in .* \("ask first"\)\) and the confirmation was refused; nothing was sent/;
  const DENIED = /Tool "move_file" of server "fs" \(exposed as "fs_move_file"\) is denied by the default \(default: deny\)/;

  test('registry.execute', async () => {
    const write = await registry.execute('fs_write_file', writeArgs());
    assert.equal(write.error?.code, 'MCPB_NOT_CONFIRMED');
    assert.match(write.text, NOT_CONFIRMED);
    const move = await registry.execute('fs_move_file', moveArgs());
    assert.equal(move.error?.code, 'MCPB_POLICY_DENIED');
    assert.match(move.text, DENIED);
    nothingSent('execute');
  });

  test('OpenAI Chat executeOpenAiToolCall, Responses executeResponsesCall, Anthropic executeAnthropicToolUse, Gemini executeGeminiFunctionCall', async () => {
    const chat = await registry.executeOpenAiToolCall({
      id: 'c1',
      type: 'function',
      function: { name: 'fs_write_file', arguments: JSON.stringify(writeArgs()) },
    });
    assert.match(String(chat.content), NOT_CONFIRMED);
    const chatMove = await registry.executeOpenAiToolCall({
      id: 'c2',
      type: 'function',
      function: { name: 'fs_move_file', arguments: JSON.stringify(moveArgs()) },
    });
    assert.match(String(chatMove.content), DENIED);
    const responses = await registry.executeResponsesCall({
      type: 'function_call',
      call_id: 'r1',
      name: 'fs_write_file',
      arguments: JSON.stringify(writeArgs()),
    });
    assert.match(JSON.stringify(responses.output), /needs confirmation/);
    const anthropic = await registry.executeAnthropicToolUse({ type: 'tool_use', id: 'a1', name: 'fs_move_file', input: moveArgs() });
    assert.equal(anthropic.is_error, true);
    assert.match(JSON.stringify(anthropic.content), /is denied by the default/);
    const gemini = await registry.executeGeminiFunctionCall({ name: 'fs_write_file', args: writeArgs() });
    assert.match(JSON.stringify(gemini), /MCPB_NOT_CONFIRMED|needs confirmation/);
    nothingSent('call helpers');
  });

  test("AI SDK tools' execute, LangChain tools, Anthropic runnable tools, Gemini callable tool", async () => {
    const ai = registry.toAiSdkTools({ tools: ['fs_write_file', 'fs_move_file'] });
    assert.deepEqual(Object.keys(ai).sort(), ['fs_move_file', 'fs_write_file'], 'showDenied: the denied tool is offered, and still refused');
    assert.equal((await ai.fs_write_file!.execute(writeArgs(), { toolCallId: 'x' })).error?.code, 'MCPB_NOT_CONFIRMED');
    assert.equal((await ai.fs_move_file!.execute(moveArgs(), { toolCallId: 'y' })).error?.code, 'MCPB_POLICY_DENIED');

    const { tool } = await import('@langchain/core/tools');
    const lc = registry.toLangChainTools({ tool: tool as never, tools: ['fs_write_file'] }) as Array<{ invoke(input: unknown): Promise<unknown> }>;
    const message = (await lc[0]!.invoke({ id: 'l1', name: 'fs_write_file', args: writeArgs(), type: 'tool_call' })) as {
      content: string;
      artifact: { isError: boolean; errorCode?: string };
    };
    assert.equal(message.artifact.errorCode, 'MCPB_NOT_CONFIRMED');
    assert.match(message.content, NOT_CONFIRMED);

    class ToolError extends Error {
      constructor(readonly content: unknown) {
        super('tool error');
      }
    }
    const runnable = registry.toAnthropicRunnableTools({ ToolError: ToolError as never }).find((t) => t.name === 'fs_move_file')!;
    await assert.rejects(runnable.run(moveArgs()), (e: unknown) => e instanceof ToolError && /is denied by the default/.test(JSON.stringify(e.content)));

    const callable = registry.toGeminiCallableTool({ tools: ['fs_write_file'] });
    const [part] = await callable.callTool([{ name: 'fs_write_file', args: writeArgs() }]);
    assert.match(JSON.stringify(part), /needs confirmation/);
    nothingSent('framework tools');
  });

  test('OpenAI Agents: the MCP server view, callTool and callToolResult', async () => {
    const server = manager.toAgentsMcpServer({ tools: ['fs_write_file', 'fs_move_file'] });
    const write = await server.callToolResult('fs_write_file', writeArgs());
    assert.equal(write.isError, true);
    assert.match(JSON.stringify(write.content), /needs confirmation/);
    const move = await server.callTool('fs_move_file', moveArgs());
    assert.match(JSON.stringify(move), /is denied by the default/);
    nothingSent('agents');
  });

  test('a server handle used directly: manager.server(name).callTool rejects with the policy error, nothing sent', async () => {
    const handle = manager.server('fs');
    await assert.rejects(
      handle.callTool('write_file', writeArgs()),
      (e: unknown) => hasErrorCode(e, 'MCPB_NOT_CONFIRMED') && NOT_CONFIRMED.test((e as Error).message),
    );
    await assert.rejects(handle.callTool('move_file', moveArgs()), (e: unknown) => hasErrorCode(e, 'MCPB_POLICY_DENIED') && DENIED.test((e as Error).message));
    // A tool the server does not even list is judged by the spec's defaults: not read-only, so denied.
    await assert.rejects(handle.callTool('no_such_tool', {}), (e: unknown) => hasErrorCode(e, 'MCPB_POLICY_DENIED'));
    nothingSent('handle');
    // An allowed tool runs and answers as the server's own CallToolResult.
    const read = await handle.callTool('read_text_file', { path: source() });
    assert.match(JSON.stringify(read.content), /stay/);
  });

  test('each call is checked once, whichever way it comes; a confirmed call runs; onConfirm sees where it entered', async () => {
    asked.length = 0;
    entries.length = 0;
    answer = true;
    try {
      const viaRegistry = await registry.execute('fs_write_file', { path: target(), content: 'registry' });
      assert.equal(viaRegistry.isError, false, viaRegistry.text);
      assert.equal(readFileSync(target(), 'utf8'), 'registry');
      const direct = await manager.server('fs').callTool('write_file', { path: target(), content: 'handle' });
      assert.equal(direct.isError, undefined);
      assert.equal(readFileSync(target(), 'utf8'), 'handle');
    } finally {
      answer = false;
    }
    assert.deepEqual(asked, [
      { tool: 'write_file', entry: 'registry' },
      { tool: 'write_file', entry: 'server' },
    ]);
    assert.deepEqual(entries, ['registry:write_file', 'server:write_file']);
  });

  test("approval never comes from the server's elicitation: a refused confirm sends nothing, so the server cannot ask", async () => {
    assert.ok(registry.has('ev_trigger-elicitation-request'), 'the everything server offers its elicitation tool to a client that can answer');
    elicited = 0;
    const refused = await registry.execute('ev_trigger-elicitation-request', {});
    assert.equal(refused.error?.code, 'MCPB_NOT_CONFIRMED');
    assert.equal(elicited, 0, 'the elicitation handler was never reached');
  });

  test('specs: with showDenied the denied tool is offered; without it, it is left out (a fresh registry, same config)', async () => {
    assert.ok(registry.list().some((d) => d.name === 'fs_move_file'));
    const hiding = new Registry();
    const config = parseConfig(
      JSON.stringify({ tools: { mcp: { policy: { ...POLICY, showDenied: false }, servers: [stdioEntry('fs', fs, { prefix: 'fs_' })] } } }),
      { file: join(scratchDir('cfg'), 'mcp-bridge.yaml') },
    );
    const other = new Manager(config, { registry: hiding });
    try {
      await other.start();
      const names = hiding.toLLMSpecs('openai').specs.map((s) => s.function.name);
      assert.ok(names.includes('fs_read_text_file') && names.includes('fs_write_file'), names.join());
      for (const denied of ['fs_move_file', 'fs_edit_file', 'fs_create_directory']) assert.ok(!names.includes(denied), denied);
      assert.equal(
        (await hiding.searchTools('move or rename a file')).some((r) => r.name === 'fs_move_file'),
        false,
      );
      assert.equal((await hiding.execute('fs_move_file', moveArgs())).error?.code, 'MCPB_POLICY_DENIED', 'hidden, and still refused by name');
    } finally {
      await other.close();
    }
  });
});
