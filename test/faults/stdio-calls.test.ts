// Stdio faults during calls: broken responses (not UTF-8, not JSON-RPC, wrong and duplicated ids, a
// line that never ends), floods of notifications, requests we did not offer, results of the wrong
// shape, pagination that never ends, and 5,000 tools. Each: the outcome a user needs, within a
// generous bound, with the connection still usable where it can be, and nothing left running.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { faultClient, peakRssGrowthMiB, rejectsWith, settlesWithin, within } from './harness.js';

describe('stdio faults during calls', () => {
  it('a response that is not valid UTF-8 fails its call at once with the framing reason (issue 11 item 5)', async () => {
    const f = faultClient('invalid-utf8', { client: { requestTimeoutMs: 60_000 } });
    try {
      await f.client.connect();
      const error = await rejectsWith(10_000, f.client.callTool('broken', {}), 'MCPB_RESPONSE_UNREADABLE', 'the broken call');
      assert.equal(error.context.reason, 'invalid-utf8');
      assert.equal(error.cause?.code, 'MCPB_FRAMING');
      assert.doesNotMatch(error.message, /timed out|raise the timeout/);
      const echo = await within(10_000, f.client.callTool('echo', { text: 'still here' }), 'a later call');
      assert.deepEqual(echo.value?.content, [{ type: 'text', text: 'still here' }]);
    } finally {
      await f.closeAndCheck();
    }
  });

  it('JSON that is not JSON-RPC is reported and skipped; a response without "jsonrpc" fails its call at once', async () => {
    // covers: JSONRPC-1
    const f = faultClient('not-jsonrpc', { client: { requestTimeoutMs: 60_000 } });
    const errors: { code: string | number }[] = [];
    f.client.events.on('error', (e) => errors.push(e));
    try {
      await f.client.connect();
      const error = await rejectsWith(10_000, f.client.callTool('bad', {}), 'MCPB_INVALID_RESULT', 'the bad call');
      assert.match(error.message, /jsonrpc/);
      const echo = await within(10_000, f.client.callTool('echo', { text: 'ok' }), 'a later call');
      assert.deepEqual(echo.value?.content, [{ type: 'text', text: 'ok' }]);
      assert.ok(errors.filter((e) => e.code === 'MCPB_INVALID_MESSAGE').length >= 7, `junk reported: ${errors.length}`);
    } finally {
      await f.closeAndCheck();
    }
  });

  it('responses for unknown ids are dropped and a duplicate never reaches a later request', async () => {
    // covers: JSONRPC-3
    const f = faultClient('wrong-ids');
    try {
      await f.client.connect();
      const first = await within(10_000, f.client.callTool('echo', { text: 'one' }), 'first call');
      assert.deepEqual(first.value?.content, [{ type: 'text', text: 'first one' }]);
      const second = await within(10_000, f.client.callTool('echo', { text: 'two' }), 'second call');
      // The server answered id+1 early ("early answer for the next id") before the second call was
      // sent; it was dropped as unknown, so the second call gets its own first answer.
      assert.deepEqual(second.value?.content, [{ type: 'text', text: 'first two' }]);
      assert.equal(f.client.session.pendingCount, 0);
    } finally {
      await f.closeAndCheck();
    }
  });

  it('a response whose id is the string form of ours ("7" for 7) settles its call at once, result or error (JSONRPC-5)', async () => {
    // A 60 s call timeout: before, the answer was dropped and the call waited it out.
    const debug: string[] = [];
    const logger = { debug: (m: string) => void debug.push(m), info() {}, warn() {}, error() {} };
    const f = faultClient('string-ids', { client: { requestTimeoutMs: 60_000, logger } });
    try {
      await f.client.connect();
      const echo = await within(5_000, f.client.callTool('echo', { text: 'by value' }), 'the echo call');
      assert.deepEqual(echo.value?.content, [{ type: 'text', text: 'by value' }]);
      assert.ok(echo.elapsedMs < 5_000);
      const failed = await settlesWithin(5_000, f.client.callTool('fail', {}), 'the failing call');
      assert.ok(!failed.ok, 'the failing call resolved');
      assert.equal((failed.error as { code?: unknown }).code, -32000);
      assert.match((failed.error as Error).message, /failed on purpose/);
      assert.equal(f.client.session.pendingCount, 0);
      assert.ok(
        debug.some((m) => /matched response id "\d+" \(a string\) to request \d+/.test(m)),
        debug.join('\n'),
      );
    } finally {
      await f.closeAndCheck();
    }
  });

  it('a 100 MB line without newline fails the call the moment the cap is crossed, memory bounded (issue 11 item 6)', async () => {
    const capMiB = 16;
    const f = faultClient('endless-line', { client: { requestTimeoutMs: 120_000 }, transport: { maxMessageBytes: capMiB * 1024 * 1024 } });
    try {
      await f.client.connect();
      const { value: error, growthMiB } = await peakRssGrowthMiB(() =>
        rejectsWith(20_000, f.client.callTool('endless', {}), 'MCPB_MESSAGE_TOO_LARGE', 'the endless call'),
      );
      assert.equal(error.context.limit, capMiB * 1024 * 1024);
      assert.ok(error.context.bytes > capMiB * 1024 * 1024 && error.context.bytes < 100 * 1024 * 1024, `reported at ${error.context.bytes} bytes`);
      assert.ok(growthMiB < capMiB * 4 + 64, `RSS grew ${growthMiB.toFixed(0)} MiB for a ${capMiB} MiB cap`);
    } finally {
      await f.closeAndCheck();
    }
  });

  it('10,000 notifications during a call are all delivered, and the call completes', async () => {
    const f = faultClient('notification-flood');
    let logs = 0;
    let progress = 0;
    f.client.events.on('log', () => {
      logs++;
    });
    try {
      await f.client.connect();
      const result = await within(
        30_000,
        f.client.callTool(
          'flood',
          {},
          {
            onProgress: () => {
              progress++;
            },
          },
        ),
        'the flooded call',
      );
      assert.deepEqual(result.value?.content, [{ type: 'text', text: 'after 10000 notifications' }]);
      assert.equal(logs + progress, 10_000);
      assert.equal(logs, 5000);
    } finally {
      await f.closeAndCheck();
    }
  });

  it('server requests the client did not offer are answered -32601, and the call completes', async () => {
    // covers: JSONRPC-4
    const f = faultClient('server-requests');
    try {
      await f.client.connect();
      const result = await within(10_000, f.client.callTool('ask', {}), 'the call that asks back');
      const answers = JSON.parse((result.value!.content[0] as { text: string }).text);
      for (const method of ['sampling/createMessage', 'elicitation/create', 'roots/list', 'vendor/unknownThing']) {
        assert.equal(answers[method]?.code, -32601, `${method}: ${JSON.stringify(answers[method])}`);
      }
    } finally {
      await f.closeAndCheck();
    }
  });

  it('a tool result without "content" is a typed invalid result; structuredContent alone is accepted', async () => {
    // covers: TOOLS-7
    const f = faultClient('bad-results');
    try {
      await f.client.connect();
      const missing = await rejectsWith(10_000, f.client.callTool('nocontent', {}), 'MCPB_INVALID_RESULT', 'nocontent');
      assert.match(missing.message, /"content" of tool "nocontent" is not an array/);
      await rejectsWith(10_000, f.client.callTool('stringcontent', {}), 'MCPB_INVALID_RESULT', 'stringcontent');
      const structured = await within(10_000, f.client.callTool('structured', {}), 'structured');
      assert.deepEqual(structured.value?.content, []);
      assert.deepEqual(structured.value?.structuredContent, { temperature: 21 });
    } finally {
      await f.closeAndCheck();
    }
  });

  for (const mode of ['repeat', 'endless'] as const) {
    it(`tools/list with ${mode} cursors fails with MCPB_PAGINATION_LOOP instead of looping`, async () => {
      // covers: PAGE-7
      const f = faultClient('bad-cursors', { env: { CURSOR_MODE: mode } });
      try {
        await f.client.connect();
        const error = await rejectsWith(60_000, f.client.listTools(), 'MCPB_PAGINATION_LOOP', 'tools/list');
        assert.match(error.message, mode === 'repeat' ? /repeated a cursor after 2 pages/ : /did not end after 1000 pages/);
      } finally {
        await f.closeAndCheck();
      }
    });
  }

  it('5,000 tools over five pages list whole and in order', async () => {
    const f = faultClient('many-tools');
    try {
      await f.client.connect();
      const listed = await within(30_000, f.client.listTools(), 'tools/list');
      const names = listed.value!.map((t) => t.name);
      assert.equal(names.length, 5000);
      assert.equal(new Set(names).size, 5000);
      assert.equal(names[0], 'tool_0000');
      assert.equal(names[4999], 'tool_4999');
    } finally {
      await f.closeAndCheck();
    }
  });
});
