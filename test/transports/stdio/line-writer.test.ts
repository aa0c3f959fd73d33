// The stdio line writer: the lines of one event-loop turn leave in one write, in order; fire() costs no promise and
// reports a failed write with the messages it carried; lines wait for 'drain' behind each other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { JsonRpcMessage } from '../../../protocol/index.js';
import { LineWriter } from '../../../src/transports/stdio/line-writer.js';

const msg = (id: number): JsonRpcMessage => ({ jsonrpc: '2.0', id, method: 'tools/call' });
const line = (id: number) => `${JSON.stringify(msg(id))}\n`;

/** A writable that records each write, can fail them, and can claim to need 'drain'. */
function sink(options: { fail?: Error; highWaterMark?: number } = {}) {
  const writes: string[] = [];
  const stream = new Writable({
    highWaterMark: options.highWaterMark ?? 16 * 1024,
    write(chunk, _encoding, done) {
      writes.push(String(chunk));
      if (options.fail) done(options.fail);
      else setImmediate(done);
    },
  });
  stream.on('error', () => {});
  return { stream, writes };
}

/** A writer on `stream`, or on whatever `writable` returns at each write. */
function writerFor(stream: Writable | undefined, writable: () => Writable | undefined = () => stream) {
  const undelivered: { error: unknown; messages: readonly JsonRpcMessage[] }[] = [];
  const writer = new LineWriter({
    writable,
    closedError: () => new Error('closed'),
    writeError: (cause) => new Error(`write failed: ${(cause as Error).message}`),
    undelivered: (error, messages) => undelivered.push({ error, messages }),
  });
  return { writer, undelivered };
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

test('lines fired and written together leave in one write, in call order (STDIO-2, STDIO-3)', async () => {
  const { stream, writes } = sink();
  const { writer, undelivered } = writerFor(stream);
  writer.fire(line(1), msg(1));
  const written = writer.write(line(2));
  writer.fire(line(3), msg(3));
  await nextTick();
  assert.equal(writes.length, 0, 'nothing is written before the turn of the event loop ends');
  await written;
  assert.deepEqual(writes, [line(1) + line(2) + line(3)]);
  assert.equal(undelivered.length, 0);
});

test('lines sent from separate callbacks of one event-loop turn still leave in one write', async () => {
  // As answers from several servers arrive as separate 'data' events of one turn, each starting the
  // next requests: the second line is sent from a tick queued after the first line's, where a flush
  // on the next tick would already have written the first alone.
  const { stream, writes } = sink();
  const { writer, undelivered } = writerFor(stream);
  await new Promise<void>((resolve) => {
    process.nextTick(() => {
      writer.fire(line(1), msg(1));
      process.nextTick(() => {
        writer.fire(line(2), msg(2));
        resolve();
      });
    });
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(writes, [line(1) + line(2)]);
  assert.equal(undelivered.length, 0);
});

test('a failed write reports the fired messages it carried and rejects the written ones', async () => {
  const { stream } = sink({ fail: new Error('EPIPE') });
  const { writer, undelivered } = writerFor(stream);
  writer.fire(line(1), msg(1));
  const written = writer.write(line(2));
  writer.fire(line(3), msg(3));
  await assert.rejects(written, /write failed: EPIPE/);
  assert.equal(undelivered.length, 1);
  assert.match(String(undelivered[0]!.error), /write failed: EPIPE/);
  assert.deepEqual(
    undelivered[0]!.messages.map((m) => (m as { id: number }).id),
    [1, 3],
  );
});

test('fire() on a writer with no stream throws the closed error at once', () => {
  const { writer } = writerFor(undefined);
  assert.throws(() => writer.fire(line(1), msg(1)), /closed/);
});

test('while the pipe needs drain, fired lines wait in order behind the others and leave on drain', async () => {
  const { stream, writes } = sink({ highWaterMark: 1 });
  const { writer, undelivered } = writerFor(stream);
  await writer.write(line(1)); // fills the 1-byte buffer: the stream now needs 'drain'
  const before = writes.length;
  writer.fire(line(2), msg(2));
  const third = writer.write(line(3));
  writer.fire(line(4), msg(4));
  await third;
  await nextTick();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(writes.slice(before).join(''), line(2) + line(3) + line(4));
  assert.equal(undelivered.length, 0);
});

test('a fired line waiting for drain is withdrawn when its signal aborts: never written, never reported', async () => {
  const { stream, writes } = sink({ highWaterMark: 1 });
  const { writer, undelivered } = writerFor(stream);
  // Corked: the first line stays buffered, so the stream needs 'drain' and later lines queue.
  stream.cork();
  const first = writer.write(line(1));
  await new Promise((resolve) => setImmediate(resolve)); // the batch is written into the corked stream
  assert.ok(stream.writableNeedDrain);
  const controller = new AbortController();
  writer.fire(line(2), msg(2), false, controller.signal);
  const kept = new AbortController();
  writer.fire(line(3), msg(3), false, kept.signal);
  controller.abort(new Error('caller gave up'));
  stream.uncork();
  await first;
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(writes.join(''), line(1) + line(3));
  assert.equal(undelivered.length, 0);
  // Written lines let go of their signal: a later abort changes nothing.
  kept.abort();
});

test('lines still queued when the stream ends are reported (fired) or rejected (written)', async () => {
  const { stream } = sink({ highWaterMark: 1 });
  const { writer, undelivered } = writerFor(stream);
  // Corked: the first line stays buffered, so the stream needs 'drain' and later lines queue.
  stream.cork();
  const first = writer.write(line(1));
  await nextTick();
  writer.fire(line(2), msg(2));
  const third = writer.write(line(3));
  stream.destroy();
  await assert.rejects(third, /closed/);
  await first.catch(() => {});
  assert.equal(undelivered.length, 1);
  assert.deepEqual(
    undelivered[0]!.messages.map((m) => (m as { id: number }).id),
    [2],
  );
});

test('a lone request (now) is written at once when nothing is queued; otherwise it joins the batch', async () => {
  const { stream, writes } = sink();
  const { writer } = writerFor(stream);
  writer.fire(line(1), msg(1), true);
  assert.deepEqual(writes, [line(1)], 'written before the tick ends');
  writer.fire(line(2), msg(2));
  writer.fire(line(3), msg(3), true); // a batch is open: joining it keeps the order
  assert.equal(writes.length, 1);
  // The sink completes each write on setImmediate; the batch reaches it after the first completes.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(writes, [line(1), line(2) + line(3)]);
});

test('a failed lone write is reported with its message', async () => {
  const { stream } = sink({ fail: new Error('EPIPE') });
  const { writer, undelivered } = writerFor(stream);
  writer.fire(line(7), msg(7), true);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(undelivered.length, 1);
  assert.match(String(undelivered[0]!.error), /write failed: EPIPE/);
  assert.deepEqual(undelivered[0]!.messages, [msg(7)]);
});

test("a batch leaves even while a test's fake timers hold setImmediate", async (t) => {
  const { stream, writes } = sink();
  const { writer } = writerFor(stream);
  // The real one, taken before the mock: queued after the writer's flush, it runs after it.
  const realImmediate = setImmediate;
  t.mock.timers.enable({ apis: ['setImmediate'] });
  try {
    writer.fire(line(1), msg(1));
    writer.fire(line(2), msg(2));
    await new Promise((resolve) => realImmediate(resolve));
    assert.deepEqual(writes, [line(1) + line(2)]);
  } finally {
    t.mock.timers.reset();
  }
});

test('a line fired after the stream changed in the same turn goes to the new stream, not the old batch', async () => {
  // A respawned server has a new stdin: the batch opened on the old one must not take the new line.
  const first = sink();
  const second = sink();
  let current: Writable = first.stream;
  const { writer, undelivered } = writerFor(undefined, () => current);
  writer.fire(line(1), msg(1));
  current = second.stream;
  writer.fire(line(2), msg(2));
  await new Promise<void>((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => setImmediate(resolve));
  assert.deepEqual(second.writes, [line(2)]);
  assert.deepEqual(first.writes, [], 'the old stream is no longer the writable one when the batch leaves');
  assert.deepEqual(
    undelivered.map((u) => u.messages.map((m) => (m as { id: number }).id)),
    [[1]],
    'the old batch is reported undelivered',
  );
});
