// Resumable streams of the HTTP gateway's initialize-era sessions (HTTP-26, HTTP-27), on the wire:
// event ids unique in the session, a GET with `Last-Event-ID` replaying the missed events of that
// stream and no other, the replay log's bounds, its end with the session, the GET stream's own
// resumption, and a dropped connection that is not a cancellation (HTTP-25) until nobody comes back.
// The gateway runs in this process (its options and counters are reachable) in front of real servers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useBackends, useGateway } from './in-process.js';
import { waitFor } from './matrix.js';
import { call, message, openRawSession, SseReader, type SseEvent } from './raw-sse.js';

/** Every event of a POST answered as a stream. */
async function streamOf(response: Response): Promise<SseEvent[]> {
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  return new SseReader(response.body!).rest();
}

const withData = (events: SseEvent[]) => events.filter((e) => e.data !== '');

describe('serve --http: resumable streams (HTTP-26)', { timeout: 120_000 }, () => {
  const backends = useBackends();
  const server = useGateway(backends);

  test('every event has an id, unique across the streams of the session; a 2025-11-25 stream starts with a priming event (SERVE-8, SERVE-9)', async () => {
    const s = await openRawSession(server().url);
    const [a, b] = await Promise.all([streamOf(await s.post(call(1, 'dual_progress'))), streamOf(await s.post(call(2, 'dual_progress')))]);
    for (const events of [a, b]) {
      assert.equal(events[0]!.data, '', 'the first event primes: an id, no data');
      assert.ok(events[0]!.id);
      assert.deepEqual(
        withData(events).map((e) => message(e).method ?? 'result'),
        ['notifications/progress', 'notifications/progress', 'result'],
      );
    }
    const ids = [...a, ...b].map((e) => e.id);
    assert.ok(
      ids.every((id) => typeof id === 'string' && id.length > 0),
      'every event has an id',
    );
    assert.equal(new Set(ids).size, ids.length, `ids are unique in the session: ${ids.join(' ')}`);
    await s.end();
  });

  test('GET with Last-Event-ID replays the events after it, of that stream only (SERVE-8)', async () => {
    const s = await openRawSession(server().url);
    const a = await streamOf(await s.post(call(1, 'dual_progress')));
    const b = await streamOf(await s.post(call(2, 'dual_progress')));
    // A notification stream too: its events must not leak into a POST stream's replay either.
    const resumedA = await s.get(a[0]!.id);
    assert.equal(resumedA.status, 200);
    const replay = await new SseReader(resumedA.body!).rest();
    assert.deepEqual(
      withData(replay).map((e) => [e.id, e.data]),
      withData(a.slice(1)).map((e) => [e.id, e.data]),
      'the same events, ids and data, in order, and the stream ends after the answer',
    );
    assert.ok(!replay.some((e) => b.some((x) => x.id === e.id)), 'nothing of the other stream');
    const afterProgress = await new SseReader((await s.get(a[2]!.id)).body!).rest();
    assert.deepEqual(
      afterProgress.map((e) => message(e).id),
      [1],
      'after the second progress only the answer',
    );
    const fromB = await new SseReader((await s.get(b[1]!.id)).body!).rest();
    assert.ok(
      fromB.every((e) => message(e).id === 2 || message(e).params?.progressToken === 'p2'),
      'stream B replays B',
    );
    await s.end();
  });

  test('an id the session never issued is refused with 400; another session cannot resume it (404)', async () => {
    const s = await openRawSession(server().url);
    const other = await openRawSession(server().url);
    const a = await streamOf(await s.post(call(1, 'dual_progress')));
    assert.equal((await s.get('99-1')).status, 400);
    assert.equal((await s.get('not an id')).status, 400);
    // The other session has no stream of that number: its own streams only.
    const foreign = await other.get(a[1]!.id);
    assert.equal(foreign.status, 400);
    await foreign.body?.cancel();
    await s.end();
    assert.equal((await s.get(a[1]!.id)).status, 404, 'the session is over');
    await other.end();
  });

  test('a dropped connection is not a cancellation: the call goes on and its events wait for the client (HTTP-25)', async () => {
    const s = await openRawSession(server().url);
    const controller = new AbortController();
    const response = await s.post(call(1, 'ev_trigger-long-running-operation', { duration: 1, steps: 4 }), controller.signal);
    const reader = new SseReader(response.body!);
    const first = await reader.next();
    const second = await reader.next();
    const seen = [first!, second!];
    controller.abort();
    await new Promise((r) => setTimeout(r, 1500));
    const rest = await new SseReader((await s.get(seen[seen.length - 1]!.id)).body!).rest();
    const all = withData([...seen, ...rest]).map(message);
    const progress = all.filter((m) => m.method === 'notifications/progress').map((m) => m.params.progress);
    assert.deepEqual(progress, [...new Set(progress)], 'no event twice');
    assert.deepEqual(
      progress,
      [...progress].sort((x, y) => x - y),
      'in order',
    );
    assert.equal(progress.length, 4, `every progress step once: ${JSON.stringify(progress)}`);
    const answer = all.find((m) => m.id === 1);
    assert.ok(answer?.result, 'the answer arrives on the resumed stream');
    assert.match(JSON.stringify(answer.result), /Long running operation completed/);
    await s.end();
  });

  test('the GET stream is resumable: a list_changed sent while it was cut is replayed', async () => {
    const s = await openRawSession(server().url);
    const controller = new AbortController();
    const get = new SseReader((await s.get(undefined, controller.signal)).body!);
    const priming = await get.next();
    assert.equal(priming?.data, '');
    await get.cut();
    controller.abort();
    await new Promise((r) => setTimeout(r, 100));
    const answer = (await (await s.post({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'dual_grow', arguments: {} } })).json()) as {
      result: unknown;
    };
    assert.ok(answer.result);
    await new Promise((r) => setTimeout(r, 300));
    const resumed = new SseReader((await s.get(priming!.id)).body!);
    const replayed = await resumed.next();
    assert.equal(message(replayed!).method, 'notifications/tools/list_changed');
    await resumed.cut();
    await s.end();
  });

  test('a 2025-06-18 session gets ids but no empty priming events (its clients may not expect them)', async () => {
    const s = await openRawSession(server().url, '2025-06-18');
    const events = await streamOf(await s.post(call(1, 'dual_progress')));
    assert.ok(events.every((e) => e.data !== '' && e.id));
    await s.end();
  });

  test('a 2026-07-28 request has no resumption: its stream carries no ids (HTTP-14)', async () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const response = await fetch(server().url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'dual_progress',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'dual_progress', arguments: {}, _meta: { ...meta, progressToken: 'm' } },
      }),
    });
    const events = await streamOf(response);
    assert.ok(events.length >= 2);
    assert.ok(events.every((e) => e.id === undefined && e.data !== ''));
  });

  test('the replay log ends with the session', async () => {
    const s = await openRawSession(server().url);
    const before = server().keptEvents;
    await streamOf(await s.post(call(1, 'dual_progress')));
    assert.ok(server().keptEvents >= before + 3, 'the stream is kept for replay');
    await s.end();
    assert.equal(server().keptEvents, before);
  });
});

describe('serve --http: the replay log is bounded', { timeout: 120_000 }, () => {
  const backends = useBackends();
  const small = useGateway(backends, { replay: { maxEvents: 4, maxAgeMs: 400 } });

  test('past the count, the oldest events go, and resuming before them is 410, not a silent gap', async () => {
    const s = await openRawSession(small().url);
    const a = await streamOf(await s.post(call(1, 'dual_progress')));
    await streamOf(await s.post(call(2, 'dual_progress')));
    assert.ok(small().keptEvents <= 4);
    assert.equal((await s.get(a[0]!.id)).status, 410);
    await s.end();
  });

  test('past the age, events go too', async () => {
    const s = await openRawSession(small().url);
    const a = await streamOf(await s.post(call(1, 'dual_progress')));
    const fresh = await s.get(a[0]!.id);
    assert.equal(fresh.status, 200);
    await fresh.body?.cancel();
    await new Promise((r) => setTimeout(r, 600));
    assert.equal((await s.get(a[0]!.id)).status, 410);
    await s.end();
  });
});

describe('serve --http: a stream nobody resumes', { timeout: 120_000 }, () => {
  const backends = useBackends();
  const server = useGateway(backends, { resumeWindowMs: 300 });

  test('its call is cancelled at the backend once the resume window passes', async () => {
    const s = await openRawSession(server().url);
    const counted = async () =>
      Number(
        ((await (await s.post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'dual_cancelled', arguments: {} } })).json()) as any).result
          .content[0].text,
      );
    const base = await counted();
    const controller = new AbortController();
    const reader = new SseReader((await s.post(call(1, 'dual_slow'), controller.signal)).body!);
    let first = await reader.next();
    if (first?.data === '') first = await reader.next();
    assert.equal(message(first!).method, 'notifications/progress', 'the answer streams');
    controller.abort();
    await new Promise((r) => setTimeout(r, 150));
    assert.equal(await counted(), base, 'not yet: the client may come back');
    await waitFor(async () => (await counted()) === base + 1, 'the abandoned call cancelled at the backend');
    await s.end();
  });
});
