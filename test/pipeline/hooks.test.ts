// SEP-2624-shaped interceptors as pipeline steps: a validator refuses (nothing sent) or, in audit
// mode, is only heard; a mutator replaces arguments or the result; a failing hook refuses the call
// unless failOpen. The oracle is the proposal's semantics: audit never blocks, fail closed by default.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Registry } from '../../src/adapters/registry.js';
import { createInterceptor } from '../../src/pipeline/hooks.js';

function setup() {
  const sent: Record<string, unknown>[] = [];
  const registry = new Registry({ results: false });
  registry.registerServerTools('fs', [{ name: 'read_file', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }], {
    caller: async (_tool, args) => {
      sent.push(args);
      return { content: [{ type: 'text', text: `contents of ${String(args.path)}` }] };
    },
  });
  return { registry, sent };
}

const noEtc = {
  name: 'no-etc',
  type: 'validation' as const,
  handler: ({ call }: { call: { arguments: Record<string, unknown> } }) => ({
    valid: !String(call.arguments.path).startsWith('/etc'),
    messages: ['paths under /etc are off limits'],
  }),
};

describe('SEP-2624 interceptors', () => {
  test('an active validator refuses the request: nothing sent, a stable code and its message', async () => {
    const { registry, sent } = setup();
    registry.use(createInterceptor(noEtc));
    const refused = await registry.execute('read_file', { path: '/etc/shadow' });
    assert.equal(refused.error?.code, 'MCPB_INTERCEPTOR_REJECTED');
    assert.match(refused.text, /no-etc.*nothing was sent.*off limits/s);
    assert.equal(sent.length, 0);
    assert.equal((await registry.execute('read_file', { path: '/tmp/a' })).isError, false);
    assert.equal(sent.length, 1);
  });

  test('audit mode never blocks: the verdict goes to onAudit and the call goes on', async () => {
    const { registry, sent } = setup();
    const heard: unknown[] = [];
    registry.use(createInterceptor({ ...noEtc, mode: 'audit', onAudit: (r) => heard.push(r.verdict) }));
    const result = await registry.execute('read_file', { path: '/etc/shadow' });
    assert.equal(result.isError, false);
    assert.equal(sent.length, 1);
    assert.deepEqual(heard, [{ valid: false, messages: ['paths under /etc are off limits'] }]);
  });

  test('a hook that throws fails closed, unless failOpen', async () => {
    const broken = {
      name: 'broken',
      type: 'validation' as const,
      handler: () => {
        throw new Error('rules file missing');
      },
    };
    const closed = setup();
    closed.registry.use(createInterceptor(broken));
    const refused = await closed.registry.execute('read_file', { path: '/tmp/a' });
    assert.equal(refused.error?.code, 'MCPB_INTERCEPTOR_FAILED');
    assert.match(refused.text, /rules file missing/);
    assert.equal(closed.sent.length, 0);
    const open = setup();
    open.registry.use(createInterceptor({ ...broken, failOpen: true }));
    assert.equal((await open.registry.execute('read_file', { path: '/tmp/a' })).isError, false);
    assert.equal(open.sent.length, 1);
  });

  test('a mutator rewrites the arguments on the request and the result on the response', async () => {
    const { registry, sent } = setup();
    registry.use(
      createInterceptor({
        name: 'sandbox',
        type: 'mutation',
        handler: ({ call }) => ({ modified: true, arguments: { path: `/sandbox${String(call.arguments.path)}` } }),
      }),
    );
    registry.use(
      createInterceptor({
        name: 'shout',
        type: 'mutation',
        phase: 'response',
        handler: (event) =>
          event.phase === 'response' ? { modified: true, result: { ...event.result, text: event.result.text.toUpperCase() } } : { modified: false },
      }),
    );
    const result = await registry.execute('read_file', { path: '/a' });
    assert.deepEqual(sent, [{ path: '/sandbox/a' }]);
    assert.equal(result.text, 'CONTENTS OF /SANDBOX/A');
  });

  test('a response validator turns a result it rejects into an error after the server answered', async () => {
    const { registry, sent } = setup();
    registry.use(
      createInterceptor({
        name: 'no-secrets-out',
        type: 'validation',
        phase: 'response',
        handler: (event) => ({ valid: event.phase !== 'response' || !event.result.text.includes('shadow'), messages: ['the result names a secret file'] }),
      }),
    );
    const result = await registry.execute('read_file', { path: '/shadow' });
    assert.equal(sent.length, 1);
    assert.equal(result.error?.code, 'MCPB_INTERCEPTOR_REJECTED');
    assert.match(result.text, /after the server answered/);
  });
});
