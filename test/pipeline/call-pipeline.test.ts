// The call pipeline: every call through the registry meets the steps in the documented stage order
// (pins → policy → audit → telemetry → user → budget), a step can refuse with nothing sent, change
// the arguments or the `_meta`, and hide a tool from the specs, the list and search. The registry's
// own tools (search, read_result) reach no server and skip the steps.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Tool } from '../../protocol/index.js';
import { Registry } from '../../src/adapters/registry.js';
import { errorResult } from '../../src/bridge/result.js';
import { McpBridgeError } from '../../protocol/index.js';
import type { Interceptor, InterceptorStage } from '../../src/pipeline/types.js';
import type { CallContext } from '../../src/registry/types.js';

const tools: Tool[] = [
  { name: 'read_file', description: 'Read a file from disk', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
  {
    name: 'delete_file',
    description: 'Delete a file from disk',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
];

function serverWith(registry: Registry) {
  const sent: { tool: string; args: Record<string, unknown>; context: CallContext }[] = [];
  registry.registerServerTools('fs', tools, {
    caller: async (tool, args, context) => {
      sent.push({ tool, args, context });
      return { content: [{ type: 'text', text: `${tool} done` }] };
    },
  });
  return sent;
}

// The order a call meets the stages, written from the pipeline's documented contract (the audit step
// first, so that it sees the calls pins and policy refuse).
const DOCUMENTED_ORDER: InterceptorStage[] = ['audit', 'pins', 'policy', 'telemetry', 'user', 'budget'];

function recorder(log: string[], stage: InterceptorStage, name: string = stage): Interceptor {
  return {
    name,
    stage,
    async intercept(call, next) {
      log.push(`>${name}`);
      const result = await next(call);
      log.push(`<${name}`);
      return result;
    },
  };
}

class Refused extends McpBridgeError {
  constructor() {
    super('MCPB_TEST_REFUSED', 'refused by the test step', {});
  }
}

describe('call pipeline', () => {
  test('steps run in stage order whatever order they were added in, and unwind in reverse', async () => {
    const log: string[] = [];
    const registry = new Registry({ results: false, interceptors: [recorder(log, 'user', 'mine')] });
    // Added out of order on purpose: the manager adds config steps after the user built the registry.
    for (const stage of ['telemetry', 'audit', 'budget', 'policy', 'pins'] as const) registry.use(recorder(log, stage));
    serverWith(registry);
    const result = await registry.execute('read_file', { path: '/tmp/a' });
    assert.equal(result.isError, false);
    const expected = DOCUMENTED_ORDER.map((s) => (s === 'user' ? 'mine' : s));
    assert.deepEqual(log, [...expected.map((n) => `>${n}`), ...[...expected].reverse().map((n) => `<${n}`)]);
    assert.deepEqual(registry.pipelineSteps(), expected);
  });

  test('with the result budget on, it is the last step, nearest the server', () => {
    const registry = new Registry({ interceptors: [recorder([], 'pins')] });
    assert.deepEqual(registry.pipelineSteps(), ['pins', 'result-budget']);
  });

  test('a step that refuses sends nothing, and its error result reaches the caller', async () => {
    const registry = new Registry({
      interceptors: [
        { name: 'no-deletes', stage: 'policy', intercept: async (call, next) => (call.tool === 'delete_file' ? errorResult(new Refused()) : next(call)) },
      ],
    });
    const sent = serverWith(registry);
    const refused = await registry.execute('delete_file', { path: '/etc/passwd' });
    assert.equal(refused.isError, true);
    assert.equal(refused.error?.code, 'MCPB_TEST_REFUSED');
    assert.equal(sent.length, 0);
    const allowed = await registry.execute('read_file', { path: '/tmp/a' });
    assert.equal(allowed.isError, false);
    assert.deepEqual(
      sent.map((s) => s.tool),
      ['read_file'],
    );
  });

  test('a step sees the validated call with its origin, and may change the arguments and the _meta', async () => {
    const seen: unknown[] = [];
    const registry = new Registry({
      interceptors: [
        {
          name: 'rewrite',
          intercept: (call, next) => {
            seen.push({ name: call.name, server: call.server, tool: call.tool, entry: call.entry, args: call.arguments });
            call.arguments = { ...call.arguments, path: '/sandbox/a' };
            call.context = { ...call.context, meta: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } };
            return next(call);
          },
        },
      ],
    });
    const captured: { args: Record<string, unknown>; context: CallContext }[] = [];
    registry.registerServerTools('fs', tools, {
      prefix: 'fs_',
      caller: async (_tool, args, context) => {
        captured.push({ args, context });
        return { content: [] };
      },
    });
    await registry.execute('fs_read_file', { path: '/tmp/a' }, { entry: 'cli' });
    assert.deepEqual(seen, [{ name: 'fs_read_file', server: 'fs', tool: 'read_file', entry: 'cli', args: { path: '/tmp/a' } }]);
    assert.deepEqual(captured[0]?.args, { path: '/sandbox/a' });
    assert.equal(captured[0]?.context.meta?.traceparent, '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
  });

  test('invalid arguments never reach the steps: the call is refused by validation first', async () => {
    const log: string[] = [];
    const registry = new Registry({ interceptors: [recorder(log, 'audit')] });
    serverWith(registry);
    const result = await registry.execute('read_file', { path: 42 });
    assert.equal(result.error?.code, 'MCPB_TOOL_INPUT_INVALID');
    assert.deepEqual(log, []);
  });

  test('a hidden tool leaves the specs, list() and search, and get() still finds it', async () => {
    const registry = new Registry({
      interceptors: [{ name: 'hide-deletes', stage: 'policy', intercept: (c, n) => n(c), hides: (def) => def.originalName === 'delete_file' }],
    });
    serverWith(registry);
    assert.deepEqual(
      registry.list().map((d) => d.name),
      ['read_file'],
    );
    assert.deepEqual(
      registry.toLLMSpecs('openai').specs.map((s) => s.function.name),
      ['read_file'],
    );
    const found = await registry.searchTools('delete a file');
    assert.ok(!found.some((f) => f.name === 'delete_file'));
    assert.equal(registry.get('delete_file')?.originalName, 'delete_file');
  });

  test("the registry's own tools skip the steps: a deny-everything step leaves search working", async () => {
    const registry = new Registry({
      toolSearch: { enabled: true },
      interceptors: [{ name: 'deny-all', stage: 'policy', intercept: async () => errorResult(new Refused()) }],
    });
    serverWith(registry);
    const search = registry.searchToolName!;
    const result = await registry.execute(search, { query: 'read a file' });
    assert.equal(result.isError, false, result.text);
    const denied = await registry.execute('read_file', { path: '/tmp/a' });
    assert.equal(denied.error?.code, 'MCPB_TEST_REFUSED');
  });
});
