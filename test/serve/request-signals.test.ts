// Each request the gateway serves gets an AbortSignal that the host's notifications/cancelled fires
// (CANCEL-6). Node 20 makes a new AbortSignal slowly, so a connection hands the controller of a
// request that ended unaborted, and that nobody listens to any more, to a later request. These tests
// hold that reuse to its rule: a reused signal is as good as new, an aborted one or one still
// listened to is never handed on. The tool is a native one of a real registry, so the test sees the
// very signal the call pipeline passes down.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonRpcMessage } from '../../protocol/index.js';
import { Registry } from '../../src/adapters/registry.js';
import { Manager } from '../../src/manager/manager.js';
import { ServeConnection, type Channel } from '../../src/serve/connection.js';
import { Gateway } from '../../src/serve/gateway.js';

interface Setup {
  connection: ServeConnection;
  sent: JsonRpcMessage[];
  channel: Channel;
  /** The signal each call of `hold` was given, in call order. */
  signals: AbortSignal[];
  /** Ids of calls whose lingering abort listener fired. */
  fired: number[];
  /** Resolves the calls of `hold` made with `wait: true`, in order. */
  release: (() => void)[];
  call(id: number, args?: Record<string, unknown>): Promise<void>;
}

async function setup(): Promise<Setup> {
  const registry = new Registry({});
  const signals: AbortSignal[] = [];
  const fired: number[] = [];
  const release: (() => void)[] = [];
  registry.register({
    name: 'hold',
    description: 'Records its signal; `keep` leaves an abort listener behind, `wait` answers only when released.',
    inputSchema: { type: 'object', properties: { id: { type: 'number' }, keep: { type: 'boolean' }, wait: { type: 'boolean' } } },
    handler: (args, { signal }) => {
      signals.push(signal);
      if (args.keep) signal.addEventListener('abort', () => fired.push(args.id as number));
      if (args.wait) return new Promise<string>((resolve) => release.push(() => resolve('released')));
      return 'done';
    },
  });
  const gateway = new Gateway({ manager: new Manager([], { registry }), registry });
  const sent: JsonRpcMessage[] = [];
  const channel: Channel = { send: (message) => sent.push(message) };
  const connection = new ServeConnection({ gateway });
  await connection.receive(
    { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
    channel,
  );
  const call = (id: number, args: Record<string, unknown> = {}) =>
    connection.receive({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'hold', arguments: { id, ...args } } }, channel);
  return { connection, sent, channel, signals, fired, release, call };
}

const answered = (sent: JsonRpcMessage[], id: number) => sent.some((m) => 'id' in m && m.id === id && ('result' in m || 'error' in m));

describe('serve: the signal of each request (CANCEL-6)', () => {
  test('a finished request’s signal serves the next request as new; a cancel aborts that request alone, and an aborted signal is not handed on', async () => {
    const s = await setup();
    await s.call(1);
    await s.call(2);
    assert.equal(s.signals[1], s.signals[0], 'the signal of the finished call is reused');
    assert.equal(s.signals[1]!.aborted, false);
    const third = s.call(3, { wait: true });
    await new Promise((resolve) => setImmediate(resolve));
    await s.connection.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, reason: 'host gave up' } }, s.channel);
    assert.equal(s.signals[2]!.aborted, true);
    s.release[0]!();
    await third;
    assert.equal(answered(s.sent, 3), false, 'a cancelled request gets no answer');
    await s.call(4);
    assert.notEqual(s.signals[3], s.signals[2], 'an aborted signal is never reused');
    assert.equal(s.signals[3]!.aborted, false);
    assert.ok(answered(s.sent, 4));
  });

  test('a signal still listened to after its request ended is never handed to another request', async () => {
    const s = await setup();
    await s.call(1, { keep: true });
    const second = s.call(2, { wait: true });
    await new Promise((resolve) => setImmediate(resolve));
    assert.notEqual(s.signals[1], s.signals[0]);
    await s.connection.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } }, s.channel);
    s.release[0]!();
    await second;
    assert.equal(s.signals[0]!.aborted, false, 'cancelling a later request leaves the earlier call’s signal alone');
    assert.deepEqual(s.fired, []);
  });
});
