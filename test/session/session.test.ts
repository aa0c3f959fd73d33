// Session behaviour over a linked in-memory pair: correlation, dispatch, timeouts, cancellation,
// progress and close, each settling exactly once.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { McpError, type JsonRpcMessage } from '../../protocol/index.js';
import { Session, type RequestHooks } from '../../src/session/session.js';
import type { RequestObserver } from '../../src/session/observer.js';
import { HandlerError } from '../../src/session/dispatcher.js';
import { linkedPair, ManualClock, tick } from '../helpers/pair.js';

function setup(clock?: ManualClock) {
  const [a, b] = linkedPair();
  const client = new Session(a, { serverName: 'srv', clock });
  const server = new Session(b, { serverName: 'client-side' });
  return { a, b, client, server };
}

/** Makes the peer hold these requests forever, so the client side must time out, be aborted, or be answered by the test. */
function silent(server: Session, ...methods: string[]) {
  for (const m of methods) server.handleRequest(m, () => new Promise(() => {}));
}

const requestsOf = (sent: JsonRpcMessage[]) =>
  sent.filter((m) => 'method' in m && 'id' in m) as { id: number; method: string; params?: Record<string, unknown> }[];

test('a request resolves with the peer result; ids only go up (JSONRPC-2, JSONRPC-3)', async () => {
  const { a, client, server } = setup();
  server.handleRequest('echo', (params) => ({ echoed: params?.text }));
  const results = await Promise.all([client.request('echo', { text: 'x' }), client.request('echo', { text: 'y' })]);
  assert.deepEqual(results, [{ echoed: 'x' }, { echoed: 'y' }]);
  await client.request('echo', { text: 'z' });
  const ids = requestsOf(a.sent).map((m) => m.id);
  assert.deepEqual(ids, [1, 2, 3]);
  assert.ok(ids.every((id) => Number.isInteger(id)));
});

test('a JSON-RPC error from the peer becomes McpError with code, message and data', async () => {
  const { client, server } = setup();
  server.handleRequest('fail', () => {
    throw new HandlerError(-32602, 'bad name', { field: 'name' });
  });
  await assert.rejects(client.request('fail'), (e: unknown) => {
    assert.ok(e instanceof McpError);
    assert.equal(e.code, -32602);
    assert.deepEqual(e.data, { field: 'name' });
    assert.equal(e.method, 'fail');
    assert.match(e.message, /bad name/);
    assert.match(e.message, /srv/);
    return true;
  });
});

test('an unknown incoming method gets -32601; ping is answered with {} (PING-1)', async () => {
  const { client, server } = setup();
  await assert.rejects(server.request('nope'), (e: unknown) => e instanceof McpError && e.code === -32601);
  assert.deepEqual(await server.request('ping'), {});
  void client;
});

test('a handler that throws answers InternalError naming the method, without a stack', async () => {
  const { client, server } = setup();
  client.handleRequest('roots/list', () => {
    throw new Error('disk on fire');
  });
  await assert.rejects(server.request('roots/list'), (e: unknown) => {
    assert.ok(e instanceof McpError);
    assert.equal(e.code, -32603);
    assert.match(e.message, /roots\/list: disk on fire/);
    assert.doesNotMatch(e.message, /at .*\.js/);
    return true;
  });
});

test('timeout rejects with RequestTimeoutError and sends notifications/cancelled once (TIME-1, CANCEL-1)', async () => {
  const clock = new ManualClock();
  const { a, client, b, server } = setup(clock);
  silent(server, 'slow');
  const seen: unknown[] = [];
  b.events.on('message', (m) => seen.push(m));
  const p = client.request('slow', {}, { timeoutMs: 1000 });
  await tick();
  clock.advance(999);
  await tick();
  assert.equal(client.pendingCount, 1);
  clock.advance(1);
  await assert.rejects(p, (e: any) => e.code === 'MCPB_REQUEST_TIMEOUT' && e.context.timeoutMs === 1000 && /slow to server "srv" timed out/.test(e.message));
  await tick();
  const cancels = a.sent.filter((m) => 'method' in m && m.method === 'notifications/cancelled');
  assert.equal(cancels.length, 1);
  assert.deepEqual((cancels[0] as any).params.requestId, 1);
  assert.equal(clock.pendingTimers, 0);
  void seen;
});

test('requests with different timeouts each fail at their own deadline; answered ones never; no timer is left (TIME-1)', async () => {
  const clock = new ManualClock();
  const { b, client, server } = setup(clock);
  silent(server, 'slow');
  const outcome = new Map<string, number>();
  const track = (name: string, p: Promise<unknown>) =>
    p.then(
      () => outcome.set(name, -1),
      (e: any) => outcome.set(name, e.context.elapsedMs),
    );
  const long = track('long', client.request('slow', {}, { timeoutMs: 300 }));
  const short = track('short', client.request('slow', {}, { timeoutMs: 100 }));
  const answered = track('answered', client.request('slow', {}, { timeoutMs: 50 }));
  await tick();
  await b.send({ jsonrpc: '2.0', id: 3, result: {} });
  await answered;
  clock.advance(99);
  await tick();
  assert.equal(outcome.has('short'), false);
  clock.advance(1);
  await short;
  assert.equal(outcome.get('short'), 100);
  // Started after the timer was armed for 300: an earlier deadline re-arms it.
  const late = track('late', client.request('slow', {}, { timeoutMs: 50 }));
  clock.advance(50);
  await late;
  assert.equal(outcome.get('late'), 50);
  clock.advance(149);
  await tick();
  assert.equal(outcome.has('long'), false);
  clock.advance(1);
  await long;
  assert.deepEqual([outcome.get('answered'), outcome.get('long')], [-1, 300]);
  assert.equal(client.pendingCount, 0);
  assert.equal(clock.pendingTimers, 0);
});

test('initialize is never cancelled, even on timeout (LIFE-8, CANCEL-3)', async () => {
  const clock = new ManualClock();
  const { a, client } = setup(clock);
  const p = client.request('initialize', {} as never, { timeoutMs: 10, cancellable: false });
  clock.advance(10);
  await assert.rejects(p, /timed out/);
  await tick();
  assert.equal(a.sent.filter((m) => 'method' in m && m.method === 'notifications/cancelled').length, 0);
});

test('abort rejects at once with the reason as cause, cancels once, and a late answer is dropped (CANCEL-4)', async () => {
  const { a, client, server } = setup();
  let release!: () => void;
  server.handleRequest(
    'wait',
    () =>
      new Promise((r) => {
        release = () => r({ late: true });
      }),
  );
  const controller = new AbortController();
  const p = client.request('wait', {}, { signal: controller.signal });
  await tick();
  controller.abort(new Error('user pressed stop'));
  await assert.rejects(p, (e: any) => e.code === 'MCPB_REQUEST_ABORTED' && e.cause.message === 'user pressed stop');
  release();
  await tick();
  await tick();
  assert.equal(client.pendingCount, 0);
  const cancels = a.sent.filter((m) => 'method' in m && m.method === 'notifications/cancelled');
  assert.equal(cancels.length, 1);
  // The reason text of the user's abort is not leaked to the server.
  assert.doesNotMatch(JSON.stringify(cancels[0]), /user pressed stop/);
});

test('an already-aborted signal rejects without sending anything', async () => {
  const { a, client } = setup();
  await assert.rejects(client.request('x', {}, { signal: AbortSignal.abort() }), (e: any) => e.code === 'MCPB_REQUEST_ABORTED');
  assert.equal(a.sent.length, 0);
});

test('progress reaches the callback and restarts the timeout; a token is attached (PROG-1, TIME-3)', async () => {
  const clock = new ManualClock();
  const { a, b, client, server } = setup(clock);
  silent(server, 'long');
  const progress: number[] = [];
  const p = client.request('long', { x: 1 }, { timeoutMs: 100, onProgress: (pr) => progress.push(pr.progress) });
  await tick();
  const sent = requestsOf(a.sent)[0];
  const token = (sent.params!._meta as any).progressToken;
  assert.equal(token, sent.id);
  for (let i = 1; i <= 5; i++) {
    clock.advance(90);
    await b.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: i, total: 5 } });
    await tick();
  }
  assert.equal(client.pendingCount, 1, 'still alive after 450 ms thanks to progress');
  await b.send({ jsonrpc: '2.0', id: sent.id, result: { done: true } });
  assert.deepEqual(await p, { done: true });
  assert.deepEqual(progress, [1, 2, 3, 4, 5]);
});

test('a progressMethods request asks for progress only while someone listens: the timeout or a callback (PROG-1, TIME-3)', async () => {
  const [a, b] = linkedPair();
  const client = new Session(a, { serverName: 'srv', progressMethods: new Set(['tools/call']) });
  const server = new Session(b, { serverName: 'client-side' });
  server.handleRequest('tools/call', () => ({ content: [] }));
  server.handleRequest('tools/list', () => ({ tools: [] }));
  await client.request('tools/call', { name: 't' });
  await client.request('tools/call', { name: 't' }, { resetTimeoutOnProgress: false });
  await client.request('tools/call', { name: 't' }, { resetTimeoutOnProgress: false, onProgress: () => {} });
  await client.request('tools/call', { name: 't' }, { progress: false });
  await client.request('tools/list', {});
  const tokens = requestsOf(a.sent).map((m) => (m.params?._meta as { progressToken?: unknown } | undefined)?.progressToken);
  assert.deepEqual(tokens, [1, undefined, 3, undefined, undefined]);
  // Nobody listens: no `_meta` at all, the line is as short as the call itself.
  assert.equal(requestsOf(a.sent)[1].params?._meta, undefined);
});

test("the options' meta joins params._meta: the params' own keys win, the progress token comes last", async () => {
  const { a, client, server } = setup();
  server.handleRequest('x', () => ({}));
  const params = { a: 1, _meta: { own: 'params', shared: 'params' } };
  await client.request('x', params, { meta: { extra: 'options', shared: 'options' }, progress: true });
  const sent = requestsOf(a.sent)[0];
  assert.deepEqual(sent.params, { a: 1, _meta: { extra: 'options', shared: 'params', own: 'params', progressToken: sent.id } });
  assert.deepEqual(params, { a: 1, _meta: { own: 'params', shared: 'params' } }, 'the caller params are untouched');
  await client.request('x', undefined, { meta: { only: 'options' } });
  assert.deepEqual(requestsOf(a.sent)[1].params, { _meta: { only: 'options' } });
});

test('maxTotalTimeoutMs caps a request whatever progress says (TIME-4)', async () => {
  const clock = new ManualClock();
  const { a, b, client, server } = setup(clock);
  silent(server, 'long');
  const p = client.request('long', {}, { timeoutMs: 100, maxTotalTimeoutMs: 250, progress: true });
  await tick();
  const token = (requestsOf(a.sent)[0].params!._meta as any).progressToken;
  let failed: any;
  p.catch((e) => {
    failed = e;
  });
  for (let i = 1; i <= 3; i++) {
    clock.advance(90);
    await b.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: i } });
    await tick();
  }
  await tick();
  assert.equal(failed?.code, 'MCPB_REQUEST_TIMEOUT');
  assert.equal(failed.context.total, true);
});

test('progress for unknown tokens is dropped (PROG-4)', async () => {
  const { b, client } = setup();
  await b.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 999, progress: 1 } });
  await tick();
  assert.equal(client.pendingCount, 0);
});

test('transport close rejects every pending request at once with exit info (STDIO-8)', async () => {
  const { a, client } = setup();
  const p1 = client.request('a');
  const p2 = client.request('b');
  a.end({ reason: 'exited', message: 'server process exited with code 3', exitCode: 3, stderrTail: 'boom\ncrash' });
  for (const p of [p1, p2]) {
    await assert.rejects(p, (e: any) => {
      assert.equal(e.code, 'MCPB_CONNECTION_CLOSED');
      assert.equal(e.context.exitCode, 3);
      assert.match(e.message, /exited with code 3/);
      assert.match(e.message, /crash/);
      return true;
    });
  }
  await assert.rejects(client.request('c'), (e: any) => e.code === 'MCPB_CONNECTION_CLOSED');
});

test('invalid messages are reported and skipped; the session goes on (JSONRPC-1)', async () => {
  const { a, client, server } = setup();
  server.handleRequest('ok', () => ({ fine: true }));
  const errors: any[] = [];
  client.events.on('error', (e) => errors.push(e));
  a.inject({ hello: 'world' });
  a.inject([1, 2]);
  a.inject({ jsonrpc: '1.0', id: 5, result: {} });
  assert.deepEqual(await client.request('ok'), { fine: true });
  assert.ok(errors.length >= 3);
  assert.ok(errors.every((e) => e.code === 'MCPB_INVALID_MESSAGE'));
});

test('a malformed answer to a pending request fails that request at once', async () => {
  const { a, client, server } = setup();
  silent(server, 'x');
  const p = client.request('x');
  await tick();
  a.inject({ jsonrpc: '2.0', id: 1, result: 'not an object' });
  await assert.rejects(p, (e: any) => e.code === 'MCPB_INVALID_RESULT');
});

test('an error response without id is surfaced as an uncorrelated error (JSONRPC-5)', async () => {
  const { a, client } = setup();
  const errors: any[] = [];
  client.events.on('error', (e) => errors.push(e));
  a.inject({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  assert.equal(errors.length, 1);
  assert.ok(errors[0] instanceof McpError);
  assert.equal(errors[0].code, -32700);
});

test('a batch of responses is accepted (JSONRPC-7, 2025-03-26)', async () => {
  const { a, client, server } = setup();
  silent(server, 'x', 'y');
  const p1 = client.request('x');
  const p2 = client.request('y');
  await tick();
  a.inject([
    { jsonrpc: '2.0', id: 2, result: { n: 2 } },
    { jsonrpc: '2.0', id: 1, result: { n: 1 } },
  ]);
  assert.deepEqual(await Promise.all([p1, p2]), [{ n: 1 }, { n: 2 }]);
});

test('a server-cancelled request aborts its handler and gets no answer (CANCEL-6)', async () => {
  const { a, b, client } = setup();
  let signal!: AbortSignal;
  // The handler finishes only after the cancellation reached it (a timer of its own raced the
  // cancellation on a loaded machine), and finishing then must still send no answer.
  client.handleRequest('sampling/createMessage', (_p, ctx) => {
    signal = ctx.signal;
    return new Promise((r) => ctx.signal.addEventListener('abort', () => setTimeout(() => r({}), 5)));
  });
  void b.send({ jsonrpc: '2.0', id: 'srv-1', method: 'sampling/createMessage', params: {} });
  await tick();
  await b.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'srv-1', reason: 'no longer needed' } });
  await tick();
  assert.equal(signal.aborted, true);
  await new Promise((r) => setTimeout(r, 40));
  assert.equal(a.sent.filter((m) => 'id' in m && m.id === 'srv-1').length, 0);
});

test('notifications reach every listener; disposers unsubscribe', async () => {
  const { b, client } = setup();
  const got: string[] = [];
  const off = client.onNotification('notifications/tools/list_changed', () => got.push('one'));
  client.onNotification('notifications/tools/list_changed', () => got.push('two'));
  await b.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
  await tick();
  off();
  await b.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
  await tick();
  assert.deepEqual(got, ['one', 'two', 'two']);
});

test('an oversized response that names its id fails that request at once', async () => {
  const { a, client, server } = setup();
  silent(server, 'tools/call');
  const p = client.request('tools/call', { name: 'big' });
  await tick();
  const { FramingError } = await import('../../protocol/index.js');
  a.events.emit(
    'error',
    new FramingError('too-large', 'too big', { bytes: 100, limit: 10, excerpt: '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"aaaa' }),
  );
  await assert.rejects(p, (e: any) => e.code === 'MCPB_MESSAGE_TOO_LARGE' && e.context.bytes === 100);
});

test('a response that is not UTF-8 or not JSON fails the request its head names at once, with the framing reason (issue 11 item 5)', async () => {
  const { a, client, server } = setup();
  silent(server, 'tools/call');
  const { FramingError } = await import('../../protocol/index.js');
  const p1 = client.request('tools/call', { name: 'one' });
  const p2 = client.request('tools/call', { name: 'two' });
  await tick();
  a.events.emit(
    'error',
    new FramingError('invalid-utf8', 'not utf-8', { bytes: 80, excerpt: '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"\uFFFD"}]}}' }),
  );
  await assert.rejects(p1, (e: any) => {
    assert.equal(e.code, 'MCPB_RESPONSE_UNREADABLE');
    assert.equal(e.context.reason, 'invalid-utf8');
    assert.equal(e.context.requestId, 1);
    assert.equal(e.cause?.code, 'MCPB_FRAMING');
    assert.match(e.message, /tools\/call .*is not valid UTF-8/);
    assert.doesNotMatch(e.message, /raise the timeout/);
    return true;
  });
  a.events.emit('error', new FramingError('not-json', 'not json', { bytes: 40, excerpt: '{"jsonrpc":"2.0","id":2,"result":{"content":[' }));
  await assert.rejects(p2, (e: any) => e.code === 'MCPB_RESPONSE_UNREADABLE' && e.context.reason === 'not-json');
  // A broken line that names no pending id (or a request of the peer's) fails nothing.
  const p3 = client.request('tools/call', { name: 'three' }, { timeoutMs: 200 });
  await tick();
  a.events.emit('error', new FramingError('not-json', 'banner', { excerpt: 'Server v1 starting' }));
  a.events.emit('error', new FramingError('invalid-utf8', 'peer request', { excerpt: '{"jsonrpc":"2.0","id":3,"method":"roots/list"}' }));
  await assert.rejects(p3, { code: 'MCPB_REQUEST_TIMEOUT' });
});

describe('requestWith: hooks applied as the request settles', () => {
  // One hooks object for every request, as the client's stdio path uses them.
  const hooksLog: string[] = [];
  const hooks: RequestHooks = {
    check: (result, params) => {
      if (result.bad) throw new Error(`bad result for ${String(params?.name)}`);
      return { checked: result.value, name: params?.name };
    },
    rescue: (error, method, params) => {
      hooksLog.push(`${method}:${String(params?.name)}:${(error as { code?: string }).code}`);
      return Promise.resolve({ rescued: (error as { code?: string }).code });
    },
  };
  const both = (observer?: RequestObserver) => {
    const [a, b] = linkedPair();
    const clock = new ManualClock();
    const client = new Session(a, { serverName: 'srv', clock, ...(observer ? { observer } : {}) });
    const server = new Session(b, { serverName: 'client-side' });
    server.handleRequest('ok', () => ({ value: 1 }));
    server.handleRequest('bad', () => ({ bad: true }));
    server.handleRequest('fail', () => {
      throw new HandlerError(-32602, 'no');
    });
    silent(server, 'slow');
    return { client, clock };
  };
  const ended: unknown[] = [];
  const observer: RequestObserver = {
    open: (_id, _method, params) => ({ params, end: (error, result) => ended.push(error === undefined ? result : (error as { code?: unknown }).code) }),
  };

  for (const traced of [false, true]) {
    test(`check, check throw, rescue of an answer, a timeout, an abort and a close${traced ? ' (traced: the span sees the server outcome)' : ''}`, async () => {
      hooksLog.length = 0;
      ended.length = 0;
      const { client, clock } = both(traced ? observer : undefined);
      assert.deepEqual(await client.requestWith('ok', { name: 'a' }, {}, hooks), { checked: 1, name: 'a' });
      await assert.rejects(client.requestWith('bad', { name: 'b' }, {}, hooks), /bad result for b/);
      assert.deepEqual(await client.requestWith('fail', { name: 'c' }, {}, hooks), { rescued: -32602 });
      const slow = client.requestWith('slow', { name: 'd' }, { timeoutMs: 100 }, hooks);
      await tick();
      clock.advance(150);
      assert.deepEqual(await slow, { rescued: 'MCPB_REQUEST_TIMEOUT' });
      const controller = new AbortController();
      const aborted = client.requestWith('slow', { name: 'e' }, { signal: controller.signal }, hooks);
      controller.abort();
      assert.deepEqual(await aborted, { rescued: 'MCPB_REQUEST_ABORTED' });
      const closing = client.requestWith('slow', { name: 'f' }, {}, hooks);
      await client.close();
      assert.deepEqual(await closing, { rescued: 'MCPB_CONNECTION_CLOSED' });
      assert.deepEqual(await client.requestWith('ok', { name: 'g' }, {}, hooks), { rescued: 'MCPB_CONNECTION_CLOSED' }, 'an early failure is rescued too');
      assert.deepEqual(hooksLog, [
        'fail:c:-32602',
        'slow:d:MCPB_REQUEST_TIMEOUT',
        'slow:e:MCPB_REQUEST_ABORTED',
        'slow:f:MCPB_CONNECTION_CLOSED',
        'ok:g:MCPB_CONNECTION_CLOSED',
      ]);
      if (traced) assert.deepEqual(ended, [{ value: 1 }, { bad: true }, -32602, 'MCPB_REQUEST_TIMEOUT', 'MCPB_REQUEST_ABORTED', 'MCPB_CONNECTION_CLOSED']);
    });
  }
});
