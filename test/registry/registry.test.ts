// The registry: native tools and per-server MCP tools (real fixture lists, fake callers), collisions
// that never overwrite, allow-lists, validated execute, refresh with stable order, events.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CallToolResult, Tool } from '../../protocol/index.js';
import type { ToolNameCollisionError } from '../../src/errors/bridge-errors.js';
import { Registry } from '../../src/adapters/registry.js';
import type { CallContext, RegistryChange } from '../../src/registry/types.js';
import { fixtureTool, fixtureTools } from '../bridge/fixtures.js';

interface Call {
  name: string;
  args: Record<string, unknown>;
  context: CallContext;
}

function fakeCaller(
  reply: (name: string, args: Record<string, unknown>) => CallToolResult = (name) => ({ content: [{ type: 'text', text: `called ${name}` }] }),
) {
  const calls: Call[] = [];
  const caller = async (name: string, args: Record<string, unknown>, context: CallContext) => {
    calls.push({ name, args, context });
    return reply(name, args);
  };
  return { calls, caller };
}

const echoTool = (name = 'echo') => ({
  name,
  description: 'Echo the text back',
  inputSchema: { type: 'object' as const, properties: { text: { type: 'string' } }, required: ['text'] },
  handler: (args: Record<string, unknown>) => `echo: ${String(args.text)}`,
});

describe('native tools', () => {
  test('register, list, execute: the handler result becomes the tool result', async () => {
    const registry = new Registry();
    const report = registry.register(echoTool());
    assert.deepEqual(report.added, ['echo']);
    assert.equal(registry.get('echo')?.server, undefined);
    const result = await registry.execute('echo', { text: 'hi' });
    assert.equal(result.text, 'echo: hi');
    assert.equal(result.isError, false);
  });

  test('invalid arguments never reach the handler; the error names the field', async () => {
    const registry = new Registry();
    let called = 0;
    registry.register({
      ...echoTool(),
      handler: () => {
        called++;
        return 'x';
      },
    });
    const result = await registry.execute('echo', { text: 42 });
    assert.equal(called, 0);
    assert.equal(result.isError, true);
    assert.equal(result.error?.code, 'MCPB_TOOL_INPUT_INVALID');
    assert.deepEqual(
      result.error?.issues?.map((i) => [i.field, i.expected]),
      [['text', 'string']],
    );
    assert.match(result.text, /- text: must be string \(expected string, got number 42\)/);
    const notObject = await registry.execute('echo', [1, 2]);
    assert.equal(notObject.error?.issues?.[0].field, '(root)');
  });

  test('a throwing handler becomes an error result, and a bad return value is refused', async () => {
    const registry = new Registry();
    registry.register({
      name: 'boom',
      handler: () => {
        throw new Error('disk full');
      },
    });
    registry.register({ name: 'odd', handler: () => 42 as never });
    const boom = await registry.execute('boom', {});
    assert.equal(boom.isError, true);
    assert.equal(boom.error?.code, 'MCPB_TOOL_CALL_FAILED');
    assert.match(boom.text, /Tool "boom" failed: disk full/);
    const odd = await registry.execute('odd', {});
    assert.match(odd.text, /expected a string or a CallToolResult/);
    assert.equal(odd.error?.code, 'MCPB_TOOL_RESULT_INVALID');
  });

  test('unknown tool: error result naming close matches', async () => {
    const registry = new Registry();
    registry.registerServerTools('fs', fixtureTools('filesystem'), { prefix: 'fs_', caller: fakeCaller().caller });
    const typo = await registry.execute('fs_read_fle', {});
    assert.equal(typo.error?.code, 'MCPB_TOOL_NOT_FOUND');
    assert.match(typo.text, /did you mean "fs_read_file"/);
    assert.equal(typo.text.match(/fs_read_file"/g)?.length, 1, `the suggestions are given once: ${typo.text}`);
    const unprefixed = await registry.execute('list_directory', {});
    assert.match(unprefixed.text, /fs_list_directory/);
    assert.equal((await registry.execute('zzzzzzzzz', {})).text, 'No tool named "zzzzzzzzz" is registered (list the tools to see what is available).');
  });
});

describe('server tools', () => {
  test('registered under prefix + name, called by the original name with the server timeout', async () => {
    const registry = new Registry();
    const { calls, caller } = fakeCaller();
    const report = registry.registerServerTools('fs', fixtureTools('filesystem'), { prefix: 'fs_', caller, timeoutMs: 1234 });
    assert.equal(report.added.length, 14);
    assert.deepEqual(report.skipped, []);
    assert.deepEqual(report.problems, []);
    const def = registry.get('fs_read_text_file')!;
    assert.equal(def.server, 'fs');
    assert.equal(def.originalName, 'read_text_file');
    assert.equal(registry.findByOrigin('fs', 'read_text_file'), def);
    const result = await registry.execute('fs_read_text_file', { path: '/tmp/x', head: 2 });
    assert.equal(result.text, 'called read_text_file');
    assert.deepEqual(calls[0].args, { path: '/tmp/x', head: 2 });
    assert.equal(calls[0].context.timeoutMs, 1234);
    await registry.execute('fs_read_text_file', { path: '/tmp/x' }, { timeoutMs: 5 });
    assert.equal(calls[1].context.timeoutMs, 5, 'a per-call timeout wins');
  });

  test('the call context reaches the server caller as the same object: no copy per layer', async () => {
    const registry = new Registry();
    const { calls, caller } = fakeCaller();
    registry.registerServerTools('fs', fixtureTools('filesystem'), { prefix: 'fs_', caller });
    const context = { timeoutMs: 50, maxTotalTimeoutMs: 90, resetTimeoutOnProgress: false, meta: { trace: 't' } };
    await registry.execute('fs_read_text_file', { path: '/tmp/x' }, context);
    assert.equal(calls[0].context, context, 'passed on, not re-spread');
    // With a server timeout, only a call that does not set its own gets a copy (to carry it).
    const timed = new Registry();
    const second = fakeCaller();
    timed.registerServerTools('fs', fixtureTools('filesystem'), { prefix: 'fs_', caller: second.caller, timeoutMs: 1234 });
    await timed.execute('fs_read_text_file', { path: '/tmp/x' }, context);
    assert.equal(second.calls[0].context, context);
    const bare = { meta: { trace: 'u' } };
    await timed.execute('fs_read_text_file', { path: '/tmp/x' }, bare);
    assert.deepEqual(second.calls[1].context, { meta: { trace: 'u' }, timeoutMs: 1234 });
    assert.deepEqual(bare, { meta: { trace: 'u' } }, "the caller's context is untouched");
  });

  test('allow-list with wildcards; entries matching nothing are reported', () => {
    const registry = new Registry();
    const report = registry.registerServerTools('fs', fixtureTools('filesystem'), { caller: fakeCaller().caller, allow: ['read_*', 'list_directory', 'nope'] });
    assert.deepEqual(report.added, ['read_file', 'read_text_file', 'read_media_file', 'read_multiple_files', 'list_directory']);
    assert.equal(report.skipped.filter((s) => s.reason === 'not-allowed').length, 9);
    assert.deepEqual(report.unmatchedAllow, ['nope']);
  });

  test('names that need sanitising or shortening are reported as renamed; the reverse map still works', async () => {
    const registry = new Registry();
    const { calls, caller } = fakeCaller();
    const long = `${'very_long_tool_name_'.repeat(4)}end`;
    const report = registry.registerServerTools(
      'x',
      [
        { name: 'ns.tool', inputSchema: { type: 'object' } },
        { name: long, inputSchema: { type: 'object' } },
      ],
      { prefix: 'srv.', caller },
    );
    assert.equal(report.renamed.length, 2);
    assert.equal(report.added[0], 'srv_ns_tool');
    assert.equal(report.added[1].length, 64);
    await registry.execute(report.added[1], {});
    assert.equal(calls[0].name, long);
  });

  test('an inputSchema that does not compile still registers, reported, and runs unvalidated', async () => {
    const registry = new Registry();
    const problems: string[] = [];
    registry.events.on('problem', (p) => problems.push(p.code));
    const { calls, caller } = fakeCaller();
    const report = registry.registerServerTools('s', [{ name: 'weird', inputSchema: { type: 'object', properties: { a: { type: 'strnig' } } } }], { caller });
    assert.deepEqual(report.added, ['weird']);
    assert.equal(report.problems[0].code, 'MCPB_TOOL_SCHEMA_INVALID');
    assert.match(report.problems[0].message, /inputSchema of tool "weird" of server "s" cannot be used for validation/);
    assert.deepEqual(problems, ['MCPB_TOOL_SCHEMA_INVALID']);
    const result = await registry.execute('weird', { a: 1 });
    assert.equal(result.isError, false);
    assert.equal(calls.length, 1);
  });

  test('structuredContent is checked against the real outputSchema; isError results are not', async () => {
    const tool = fixtureTool('everything', 'get-structured-content');
    let reply: CallToolResult = { content: [], structuredContent: { temperature: 'warm' } };
    const registry = new Registry();
    registry.registerServerTools('ev', [tool], { caller: async () => reply });
    const args = { location: 'New York' };
    const bad = await registry.execute('get-structured-content', args);
    assert.equal(bad.isError, false);
    assert.ok(bad.warnings?.some((w) => /does not match the outputSchema/.test(w)));
    reply = { content: [{ type: 'text', text: 'weather service down' }], isError: true };
    const failed = await registry.execute('get-structured-content', args);
    assert.equal(failed.text, 'weather service down');
    assert.equal(failed.warnings, undefined);

    const strict = new Registry({ strictOutput: true });
    reply = { content: [], structuredContent: { temperature: 'warm' } };
    strict.registerServerTools('ev', [tool], { caller: async () => reply });
    assert.equal((await strict.execute('get-structured-content', args)).isError, true);
  });

  test('the per-server text budget trims long results', async () => {
    const registry = new Registry();
    registry.registerServerTools('s', [{ name: 't', inputSchema: { type: 'object' } }], {
      textBudget: 10,
      caller: async () => ({ content: [{ type: 'text', text: 'z'.repeat(50) }] }),
    });
    const result = await registry.execute('t', {});
    assert.equal(result.truncated?.originalChars, 50);
  });

  test('a caller answering with something that is not a CallToolResult gives MCPB_TOOL_RESULT_INVALID', async () => {
    const registry = new Registry();
    registry.registerServerTools('s', [{ name: 't', inputSchema: { type: 'object' } }], { caller: async () => ({ result: 'x' }) as never });
    const result = await registry.execute('t', {});
    assert.equal(result.isError, true);
    assert.equal(result.error?.code, 'MCPB_TOOL_RESULT_INVALID');
  });

  test('a failed or aborted call is an error result; an already-aborted call is never sent', async () => {
    const registry = new Registry();
    const failing = Object.assign(new Error('Request timed out after 5 ms'), { code: 'MCPB_REQUEST_TIMEOUT' });
    let sent = 0;
    registry.registerServerTools('s', [{ name: 't', inputSchema: { type: 'object' } }], {
      caller: async () => {
        sent++;
        throw failing;
      },
    });
    const timedOut = await registry.execute('t', {});
    assert.equal(timedOut.error?.code, 'MCPB_TOOL_CALL_FAILED');
    assert.match(timedOut.text, /timed out/);
    const controller = new AbortController();
    controller.abort();
    const aborted = await registry.execute('t', {}, { signal: controller.signal });
    assert.match(aborted.text, /aborted before it was sent/);
    assert.equal(sent, 1);
  });
});

describe('collisions never overwrite', () => {
  // covers: TOOLS-12
  test('two servers: the first stays, the second is reported with both sources and a suggested prefix', async () => {
    const registry = new Registry();
    const collisions: ToolNameCollisionError[] = [];
    registry.events.on('collision', (c) => collisions.push(c));
    const first = fakeCaller();
    const second = fakeCaller();
    registry.registerServerTools('memory', fixtureTools('memory'), { caller: first.caller });
    const report = registry.registerServerTools('memory-b', fixtureTools('memory'), { caller: second.caller });
    assert.deepEqual(report.added, []);
    assert.equal(report.skipped.length, 9);
    const skip = report.skipped[0];
    assert.equal(skip.reason, 'collision');
    assert.equal(skip.error?.code, 'MCPB_TOOL_NAME_COLLISION');
    assert.deepEqual(skip.error?.kept, { server: 'memory', tool: 'create_entities' });
    assert.deepEqual(skip.error?.rejected, { server: 'memory-b', tool: 'create_entities' });
    assert.equal(skip.error?.suggestedPrefix, 'memory-b_');
    assert.match(skip.message, /already taken by tool "create_entities" of server "memory"; tool "create_entities" of server "memory-b" was not registered/);
    assert.match(skip.error!.message, /give server "memory-b" a prefix such as "memory-b_"/);
    assert.equal(collisions.length, 9);
    await registry.execute('read_graph', {});
    assert.equal(first.calls.length, 1);
    assert.equal(second.calls.length, 0);
  });

  test('with a native tool, in either order', () => {
    const registry = new Registry();
    registry.register(echoTool());
    const report = registry.registerServerTools('everything', fixtureTools('everything'), { caller: fakeCaller().caller });
    const skip = report.skipped.find((s) => s.tool === 'echo')!;
    assert.deepEqual(skip.error?.kept, { tool: 'echo' });
    assert.match(skip.message, /already taken by native tool "echo"/);
    assert.equal(registry.get('echo')?.server, undefined, 'the native tool stays');

    const late = registry.register(echoTool('get-sum'));
    assert.deepEqual(late.added, []);
    assert.equal(late.skipped[0].error?.suggestedPrefix, undefined);
    assert.match(late.skipped[0].error!.message, /rename the native tool/);
    assert.equal(registry.get('get-sum')?.server, 'everything');
  });

  // Issue 11 item 11: this used to expose `a.b` as `a_b`, drop the real `a_b`, and run `a.b` for `call a_b`.
  test('an exact name wins over a sanitised one, in either order; the rewritten one takes a stable suffix, reported', async () => {
    for (const order of [
      ['a.b', 'a_b'],
      ['a_b', 'a.b'],
    ]) {
      const registry = new Registry();
      const renamedEvents: string[] = [];
      registry.events.on('renamed', (r) => renamedEvents.push(`${r.tool}->${r.exposed}`));
      const { calls, caller } = fakeCaller();
      const report = registry.registerServerTools(
        's',
        order.map((name) => ({ name, inputSchema: { type: 'object' as const } })),
        { caller },
      );
      assert.deepEqual(report.skipped, [], 'nothing is dropped');
      assert.equal(registry.get('a_b')?.originalName, 'a_b', `order ${order}`);
      const rewritten = registry.findByOrigin('s', 'a.b')!;
      assert.match(rewritten.name, /^a_b_[0-9a-f]{4}$/);
      await registry.execute('a_b', {});
      await registry.execute(rewritten.name, {});
      assert.deepEqual(
        calls.map((c) => c.name),
        ['a_b', 'a.b'],
      );
      const renamed = report.renamed.find((r) => r.tool === 'a.b')!;
      assert.equal(renamed.exposed, rewritten.name);
      assert.match(renamed.changes.join('; '), /suffix "_[0-9a-f]{4}" added: "a_b" is the exact name of tool "a_b" of server "s"/);
      assert.deepEqual(
        registry.namingProblems().renamed.map((r) => r.tool),
        ['a.b'],
      );
      // The same names on every run and refresh, whatever the order.
      const again = registry.replaceServerTools(
        's',
        [...order].reverse().map((name) => ({ name, inputSchema: { type: 'object' as const } })),
      );
      assert.deepEqual(again.removed, []);
      assert.equal(registry.findByOrigin('s', 'a.b')!.name, rewritten.name);
      void renamedEvents;
    }
  });

  test('across servers: an exact name displaces a rewritten one, which keeps its place under a suffixed name', async () => {
    const registry = new Registry();
    const changes: RegistryChange[] = [];
    registry.events.on('changed', (c) => changes.push(c));
    const first = fakeCaller();
    const second = fakeCaller();
    registry.registerServerTools(
      'one',
      [
        { name: 'x.y', inputSchema: { type: 'object' } },
        { name: 'z', inputSchema: { type: 'object' } },
      ],
      { caller: first.caller },
    );
    const report = registry.registerServerTools('two', [{ name: 'x_y', inputSchema: { type: 'object' } }], { caller: second.caller });
    assert.deepEqual(report.added, ['x_y']);
    const moved = registry.findByOrigin('one', 'x.y')!.name;
    assert.match(moved, /^x_y_[0-9a-f]{4}$/);
    assert.deepEqual(
      registry.list().map((d) => d.name),
      [moved, 'z', 'x_y'],
    );
    assert.ok(changes.some((c) => c.server === 'one' && c.removed.includes('x_y') && c.added.includes(moved)));
    await registry.execute('x_y', {});
    assert.equal(second.calls.length, 1);
    assert.equal(first.calls.length, 0);
  });

  test('two exact names of one server: the first stays and the drop is a naming problem', () => {
    const registry = new Registry();
    const report = registry.registerServerTools(
      's',
      [
        { name: 'dup', inputSchema: { type: 'object' } },
        { name: 'dup', description: 'again', inputSchema: { type: 'object' } },
      ],
      { caller: fakeCaller().caller },
    );
    assert.deepEqual(report.added, ['dup']);
    assert.equal(report.skipped[0].error?.suggestedPrefix, undefined);
    assert.equal(registry.namingProblems().dropped.length, 1);
    assert.match(registry.namingProblems().dropped[0].message, /already taken by tool "dup" of server "s"/);
  });
});

describe('refresh and removal', () => {
  const tool = (name: string, props: Record<string, unknown> = {}): Tool => ({ name, inputSchema: { type: 'object', properties: props as never } });

  test('replaceServerTools diffs: removed, updated in place, unchanged, new at the end; one changed event', async () => {
    // covers: TOOLS-3
    const registry = new Registry();
    const changes: RegistryChange[] = [];
    const { caller } = fakeCaller();
    registry.registerServerTools('s', [tool('a'), tool('b'), tool('c')], { prefix: 's_', caller });
    registry.register(echoTool());
    registry.events.on('changed', (c) => changes.push(c));
    const report = registry.replaceServerTools('s', [tool('d'), tool('c', { n: { type: 'integer' } }), tool('a')]);
    assert.deepEqual(report.removed, ['s_b']);
    assert.deepEqual(report.updated, ['s_c']);
    assert.deepEqual(report.unchanged, ['s_a']);
    assert.deepEqual(report.added, ['s_d']);
    assert.deepEqual(
      registry.list().map((d) => d.name),
      ['s_a', 's_c', 'echo', 's_d'],
      'existing positions are kept',
    );
    assert.deepEqual(changes, [{ server: 's', added: ['s_d'], removed: ['s_b'], updated: ['s_c'] }]);
    const invalid = await registry.execute('s_c', { n: 'x' });
    assert.equal(invalid.error?.code, 'MCPB_TOOL_INPUT_INVALID', 'the updated schema is enforced (validator recompiled)');
    assert.equal(registry.replaceServerTools('s', [tool('d'), tool('c', { n: { type: 'integer' } }), tool('a')]).updated.length, 0);
    assert.equal(changes.length, 1, 'no event when nothing changed');
  });

  test('registerServerTools twice for one server refreshes instead of colliding with itself', () => {
    const registry = new Registry();
    const { caller } = fakeCaller();
    registry.registerServerTools('mem', fixtureTools('memory'), { caller });
    const again = registry.registerServerTools('mem', fixtureTools('memory'), { caller });
    assert.deepEqual(again.skipped, []);
    assert.equal(registry.list().length, 9);
  });

  test('removeServer removes only that server; unregister removes one tool', () => {
    const registry = new Registry();
    const { caller } = fakeCaller();
    registry.registerServerTools('mem', fixtureTools('memory'), { caller });
    registry.registerServerTools('brave', fixtureTools('brave-search'), { caller });
    registry.register(echoTool());
    assert.equal(registry.removeServer('mem').length, 9);
    assert.deepEqual(
      registry.list().map((d) => d.name),
      ['brave_web_search', 'brave_local_search', 'echo'],
    );
    assert.equal(registry.unregister('echo'), true);
    assert.equal(registry.unregister('echo'), false);
    assert.deepEqual(registry.namesOf('brave'), ['brave_web_search', 'brave_local_search']);
    assert.throws(() => registry.replaceServerTools('never', []), /never registered/);
  });
});
