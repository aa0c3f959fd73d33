// URL-mode elicitation (2025-11-25) against server-everything's trigger-url-elicitation: the request
// path (elicitation/create with mode "url") reaches the elicitation hook; the error path (-32042)
// becomes a typed error carrying the elicitations, or, with onUrlElicitationRequired, is completed
// and retried. Covers ELICIT-1, ELICIT-10, ELICIT-11.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpError, UrlElicitationRequiredError, type ElicitParams } from '../../src/index.js';
import { openOfficial } from '../helpers/official-client.js';

const text = (r: { content: unknown[] }) => r.content.map((c: any) => c.text ?? '').join('\n');

test('URL mode declared: the request path reaches onElicitation with the URL; the answer is consent only (ELICIT-1, ELICIT-10)', async () => {
  const asked: ElicitParams[] = [];
  const { client, tap, done } = await openOfficial('everything', {
    elicitationModes: ['form', 'url'],
    onElicitation: async (params) => {
      asked.push(params);
      return { action: 'accept' };
    },
  });
  try {
    const init = tap.sent.find((m) => 'method' in m && m.method === 'initialize') as any;
    assert.deepEqual(init.params.capabilities.elicitation, { form: {}, url: {} });
    const result = await client.callTool('trigger-url-elicitation', { url: 'https://example.com/consent', elicitationId: 'e-1' });
    assert.equal(asked[0]!.mode, 'url');
    assert.equal(asked[0]!.url, 'https://example.com/consent');
    assert.match(text(result), /completed the URL elicitation/);
    const problems = tap.problems(client.protocolVersion!);
    assert.deepEqual(problems, [], problems.join('\n'));
  } finally {
    await done();
  }
});

test('-32042 without a hook: a typed UrlElicitationRequiredError carrying the elicitations, the server error as cause (ELICIT-11)', async () => {
  const { client, tap, done } = await openOfficial('everything', { elicitationModes: ['url'], onElicitation: async () => ({ action: 'decline' }) });
  try {
    await assert.rejects(client.callTool('trigger-url-elicitation', { url: 'https://example.com/a', errorPath: true }), (e: unknown) => {
      assert.ok(e instanceof UrlElicitationRequiredError, String(e));
      assert.equal(e.code, 'MCPB_URL_ELICITATION_REQUIRED');
      assert.equal(e.elicitations.length, 1);
      assert.equal(e.elicitations[0]!.mode, 'url');
      assert.match(e.elicitations[0]!.url, /^https:\/\//);
      assert.equal(typeof e.elicitations[0]!.elicitationId, 'string');
      assert.ok(e.cause instanceof McpError && e.cause.code === -32042);
      return true;
    });
    const problems = tap.problems(client.protocolVersion!);
    assert.deepEqual(problems, [], problems.join('\n'));
  } finally {
    await done();
  }
});

test('-32042 with onUrlElicitationRequired: the hook sees the elicitations, the request is retried and succeeds', async () => {
  const completed: string[] = [];
  const { client, tap, done } = await openOfficial('everything', {
    elicitationModes: ['url'],
    onElicitation: async () => ({ action: 'accept' }),
    onUrlElicitationRequired: async (elicitations, ctx) => {
      assert.equal(ctx.method, 'tools/call');
      completed.push(...elicitations.map((e) => new URL(e.url).host));
      return true;
    },
  });
  try {
    const result = await client.callTool('trigger-url-elicitation', { url: 'https://example.com/b', errorPath: true });
    assert.deepEqual(completed, ['modelcontextprotocol.io']);
    assert.match(text(result), /completed the URL elicitation/);
    const calls = tap.sent.filter((m) => 'method' in m && m.method === 'tools/call') as { id: number; params: { _meta?: { progressToken?: unknown } } }[];
    assert.equal(calls.length, 2, 'one retry');
    // The retry sends the same params with its own progress token, the request's own id (PROG-1, PROG-2):
    // the first request's token, written into its params, does not ride along.
    assert.deepEqual(
      calls.map((m) => m.params._meta?.progressToken),
      calls.map((m) => m.id),
    );
    assert.notEqual(calls[0]!.id, calls[1]!.id);
    const problems = tap.problems(client.protocolVersion!);
    assert.deepEqual(problems, [], problems.join('\n'));
  } finally {
    await done();
  }
});
