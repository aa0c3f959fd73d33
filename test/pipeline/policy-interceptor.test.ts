// The policy as a pipeline step, driven through CallPipeline with a terminal that counts what would
// have been sent: deny refuses with MCPB_POLICY_DENIED naming tool, server, rule and the fix, and
// hides the tool unless showDenied; confirm asks onConfirm (true runs, false, a throw, an abort or
// no handler refuse with MCPB_NOT_CONFIRMED); allow passes through; refusals send nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Tool } from '../../protocol/index.js';
import { toolDefFromMcp } from '../../src/bridge/tool-def.js';
import type { ToolResult } from '../../src/bridge/types.js';
import { CallPipeline, type CallContext, type ToolCall } from '../../src/pipeline/index.js';
import { createPolicy, type PolicyOptions } from '../../src/pipeline/policy/index.js';
import { hasErrorCode } from '../../src/index.js';

const writeFile: Tool = {
  name: 'write_file',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
};
const readFile: Tool = { name: 'read_text_file', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };

function call(tool: Tool, context: CallContext = {}, server = 'fs', prefix = 'fs_'): ToolCall {
  const definition = toolDefFromMcp(server, tool, prefix);
  return { name: definition.name, server, tool: tool.name, definition, arguments: { path: 'a.txt' }, context, entry: 'registry', startedAt: performance.now() };
}

/** A pipeline with only the policy, and the calls that reached the server. */
function run(options: PolicyOptions, c: ToolCall): { result: Promise<ToolResult>; sent: ToolCall[] } {
  const sent: ToolCall[] = [];
  const pipeline = new CallPipeline([createPolicy(options)]);
  const result = pipeline.run(c, async (reached) => {
    sent.push(reached);
    return { text: 'done', parts: [{ type: 'text', text: 'done' }], isError: false, raw: { content: [{ type: 'text', text: 'done' }] } };
  });
  return { result, sent };
}

const rules: PolicyOptions['rules'] = [
  { annotations: { readOnlyHint: true }, action: 'allow' },
  { tools: ['fs_write_*'], action: 'deny', reason: 'the agent only reads' },
];

test('deny: an error result with MCPB_POLICY_DENIED naming tool, server, rule and reason, and how to change it; nothing sent', async () => {
  const { result, sent } = run({ rules, source: 'tools.mcp.policy in /x/mcp-bridge.yaml' }, call(writeFile));
  const r = await result;
  assert.equal(sent.length, 0);
  assert.equal(r.isError, true);
  assert.equal(r.error?.code, 'MCPB_POLICY_DENIED');
  assert.match(
    r.text,
    /Tool "write_file" of server "fs" \(exposed as "fs_write_file"\) is denied by rules\[1\] of tools\.mcp\.policy in \/x\/mcp-bridge\.yaml \("the agent only reads"\)/,
  );
  assert.match(r.text, /nothing was sent/);
  assert.match(r.text, /change rules\[1\] of tools\.mcp\.policy in \/x\/mcp-bridge\.yaml/);
  assert.deepEqual(r.raw, { content: [{ type: 'text', text: r.text }], isError: true });
});

test('deny by the default names the default and says to add a rule', async () => {
  const { result, sent } = run({ default: 'deny' }, call(readFile));
  const r = await result;
  assert.equal(sent.length, 0);
  assert.equal(r.error?.code, 'MCPB_POLICY_DENIED');
  assert.match(r.text, /denied by the default \(default: deny\) of the policy/);
  assert.match(r.text, /add a rule with action allow \(or confirm\) that matches it to the rules of the policy/);
});

test('hides: a denied tool leaves the specs unless showDenied; confirm and allow tools stay', () => {
  const policy = createPolicy({ rules: [...rules!, { servers: ['fs'], action: 'confirm' }] });
  assert.equal(policy.hides!(call(writeFile).definition), true);
  assert.equal(policy.hides!(call(readFile).definition), false);
  assert.equal(policy.hides!(call({ ...writeFile, name: 'move_file' }).definition), false, 'confirm is not hidden');
  const shown = createPolicy({ rules, showDenied: true });
  assert.equal(shown.hides!(call(writeFile).definition), false);
  assert.equal(new CallPipeline([policy]).hides(call(writeFile).definition), true);
});

test('allow passes the call on untouched', async () => {
  const c = call(readFile);
  const { result, sent } = run({ rules, default: 'deny' }, c);
  assert.equal((await result).text, 'done');
  assert.deepEqual(sent, [c]);
});

test('confirm: true runs the call; onConfirm sees the call (validated arguments) and the rule that asked', async () => {
  const seen: unknown[] = [];
  const { result, sent } = run(
    {
      rules: [{ servers: ['fs'], action: 'confirm', reason: 'ask first' }],
      onConfirm: async (c, decision) => {
        seen.push({ tool: c.tool, server: c.server, args: c.arguments, decision });
        return true;
      },
    },
    call(writeFile),
  );
  assert.equal((await result).text, 'done');
  assert.equal(sent.length, 1);
  assert.deepEqual(seen, [{ tool: 'write_file', server: 'fs', args: { path: 'a.txt' }, decision: { action: 'confirm', rule: 0, reason: 'ask first' } }]);
});

for (const [label, answer] of [
  ['false', false],
  ['a truthy non-boolean ("yes")', 'yes'],
  ['undefined', undefined],
] as const) {
  test(`confirm: onConfirm answering ${label} refuses with MCPB_NOT_CONFIRMED; nothing sent`, async () => {
    const { result, sent } = run({ default: 'confirm', onConfirm: () => answer as never }, call(writeFile));
    const r = await result;
    assert.equal(sent.length, 0);
    assert.equal(r.error?.code, 'MCPB_NOT_CONFIRMED');
    assert.match(r.text, /needs confirmation \(the default \(default: confirm\) of the policy\) and the confirmation was refused; nothing was sent/);
  });
}

test('confirm: onConfirm throwing (or rejecting) refuses, with the reason in the message', async () => {
  for (const onConfirm of [
    () => {
      throw new Error('dialog crashed');
    },
    () => Promise.reject(new Error('dialog crashed')),
  ]) {
    const { result, sent } = run({ default: 'confirm', onConfirm }, call(writeFile));
    const r = await result;
    assert.equal(sent.length, 0);
    assert.equal(r.error?.code, 'MCPB_NOT_CONFIRMED');
    assert.match(r.text, /asking for confirmation failed \(dialog crashed\), so it was refused/);
  }
});

test('confirm with no onConfirm anywhere fails closed and says how to give one', async () => {
  const { result, sent } = run({ default: 'confirm' }, call(writeFile));
  const r = await result;
  assert.equal(sent.length, 0);
  assert.equal(r.error?.code, 'MCPB_NOT_CONFIRMED');
  assert.match(r.text, /there is no onConfirm handler to ask, so it was refused/);
  assert.match(r.text, /pass onConfirm to the Manager, the Registry or createPolicy/);
});

test("confirm: the call's own onConfirm (the Registry's, the CLI's) is asked when the policy has none; the policy's wins", async () => {
  const asked: string[] = [];
  const answer = (who: string, yes: boolean) => () => {
    asked.push(who);
    return yes;
  };
  const viaCall = run({ default: 'confirm' }, call(writeFile, { onConfirm: answer('call', true) }));
  assert.equal((await viaCall.result).text, 'done');
  const both = run({ default: 'confirm', onConfirm: answer('policy', false) }, call(writeFile, { onConfirm: answer('call', true) }));
  assert.equal((await both.result).error?.code, 'MCPB_NOT_CONFIRMED');
  assert.deepEqual(asked, ['call', 'policy']);
});

test('confirm, slow: an abort while waiting refuses at once (nothing sent), and the late answer is ignored', async () => {
  const controller = new AbortController();
  let answer!: (value: boolean) => void;
  let signalSeen: AbortSignal | undefined;
  const { result, sent } = run(
    {
      default: 'confirm',
      onConfirm: (c) => {
        signalSeen = c.context.signal;
        return new Promise<boolean>((resolve) => (answer = resolve));
      },
    },
    call(writeFile, { signal: controller.signal }),
  );
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(signalSeen, controller.signal, 'onConfirm can see the signal to close its prompt');
  const started = performance.now();
  controller.abort(new Error('user went away'));
  const r = await result;
  assert.ok(performance.now() - started < 1000);
  assert.equal(r.error?.code, 'MCPB_NOT_CONFIRMED');
  assert.match(r.text, /aborted while waiting for confirmation/);
  answer(true);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(sent.length, 0);
});

test('confirm: a call already aborted is refused without asking', async () => {
  let asked = false;
  const { result, sent } = run(
    {
      default: 'confirm',
      onConfirm: () => {
        asked = true;
        return true;
      },
    },
    call(writeFile, { signal: AbortSignal.abort() }),
  );
  assert.equal((await result).error?.code, 'MCPB_NOT_CONFIRMED');
  assert.equal(asked, false);
  assert.equal(sent.length, 0);
});

test('confirm, slow but answered: the call waits for the answer, then runs', async () => {
  const { result, sent } = run({ default: 'confirm', onConfirm: () => new Promise((r) => setTimeout(() => r(true), 50)) }, call(writeFile));
  assert.equal((await result).text, 'done');
  assert.equal(sent.length, 1);
});

test('createPolicy rejects malformed options with MCPB_INVALID_OPTIONS naming the option', () => {
  const bad: Array<[unknown, RegExp]> = [
    [{ default: 'block' }, /option default must be allow, deny or confirm/],
    [{ rules: [{ action: 'maybe' }] }, /rules\[0\]\.action must be allow, deny or confirm/],
    [{ rules: [{ action: 'deny', tool: ['x'] }] }, /rules\[0\]\.tool is not a rule key/],
    [{ rules: [{ action: 'deny', tools: 'x' }] }, /rules\[0\]\.tools must be an array of name globs/],
    [{ rules: [{ action: 'deny', annotations: { readonlyHint: true } }] }, /rules\[0\]\.annotations\.readonlyHint is not a hint/],
    [{ rules: [{ action: 'deny', annotations: { readOnlyHint: 'yes' } }] }, /rules\[0\]\.annotations\.readOnlyHint must be true or false/],
    [{ onConfirm: true }, /option onConfirm must be a function/],
  ];
  for (const [options, message] of bad)
    assert.throws(
      () => createPolicy(options as PolicyOptions),
      (e: unknown) => hasErrorCode(e, 'MCPB_INVALID_OPTIONS') && message.test((e as Error).message),
      JSON.stringify(options),
    );
});

test("the Registry's onConfirm answers for a policy without its own; a call's own onConfirm wins over it", async () => {
  const { Registry } = await import('../../src/adapters/registry.js');
  const asked: string[] = [];
  const registry = new Registry({
    onConfirm: (c) => {
      asked.push(`registry:${c.tool}`);
      return true;
    },
  });
  registry.use(createPolicy({ default: 'confirm' }));
  const sent: string[] = [];
  registry.registerServerTools('fs', [writeFile], {
    prefix: 'fs_',
    caller: async (tool) => {
      sent.push(tool);
      return { content: [{ type: 'text', text: 'written' }] };
    },
  });
  assert.equal((await registry.execute('fs_write_file', {})).text, 'written');
  const refused = await registry.execute('fs_write_file', {}, { onConfirm: () => false });
  assert.equal(refused.error?.code, 'MCPB_NOT_CONFIRMED');
  assert.deepEqual(asked, ['registry:write_file']);
  assert.deepEqual(sent, ['write_file']);
});
