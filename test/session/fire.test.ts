// The promise-free send (Transport.fire): the session uses it for requests without headers (with
// their signal), fails a request whose delivery the transport reports as undelivered, and keeps `send`
// for everything that needs its promise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonRpcMessage } from '../../protocol/index.js';
import { Session } from '../../src/session/session.js';
import { linkedPair, MemoryTransport } from '../helpers/pair.js';

/** A memory transport that also has `fire`, recording which way each message left. */
class FiringTransport extends MemoryTransport {
  readonly fired: JsonRpcMessage[] = [];
  failFire?: unknown;
  fire(message: JsonRpcMessage): void {
    if (this.failFire !== undefined) throw this.failFire;
    this.fired.push(message);
    void this.send(message);
  }
}

function setup() {
  const a = new FiringTransport();
  const [, b] = linkedPair();
  a.peer = b;
  b.peer = a;
  const client = new Session(a, { serverName: 'srv' });
  const server = new Session(b, { serverName: 'client-side' });
  server.handleRequest('echo', (params) => ({ echoed: params?.text }));
  return { a, client, server };
}

test('a request without signal or headers leaves through fire() and resolves with the answer', async () => {
  const { a, client } = setup();
  assert.deepEqual(await client.request('echo', { text: 'x' }), { echoed: 'x' });
  assert.equal(a.fired.length, 1);
  assert.equal((a.fired[0] as { method: string }).method, 'echo');
});

test('a request with a signal leaves through fire() with that signal; one with headers keeps send()', async () => {
  const { a, client } = setup();
  const signals: (AbortSignal | undefined)[] = [];
  const fire = a.fire.bind(a);
  a.fire = (message: JsonRpcMessage, _alone?: boolean, signal?: AbortSignal) => {
    signals.push(signal);
    fire(message);
  };
  const controller = new AbortController();
  assert.deepEqual(await client.request('echo', { text: 'x' }, { signal: controller.signal }), { echoed: 'x' });
  // The transport gets the caller's signal, so a line still waiting for the pipe can be withdrawn.
  assert.deepEqual(signals, [controller.signal]);
  await client.request('echo', { text: 'y' }, { headers: { 'x-test': '1' } });
  assert.equal(a.fired.length, 1);
  assert.equal(a.sent.length, 2, 'the fired request and the one with headers');
});

test('an undelivered event fails exactly the requests it names, at once (no timeout wait)', async () => {
  const a = new FiringTransport();
  // No peer: nothing answers, so only the undelivered event can settle the requests.
  const client = new Session(a, { serverName: 'srv', defaultTimeoutMs: 60_000 });
  const first = client.request('slow', {});
  const second = client.request('slow', {});
  const boom = new Error('EPIPE: the server closed its stdin');
  a.events.emit('undelivered', { error: boom, messages: [a.fired[0]!] });
  await assert.rejects(first, (error) => error === boom);
  assert.equal(client.pendingCount, 1, 'the other request is still pending');
  // A notification among the undelivered messages is ignored (nothing waits for it).
  a.events.emit('undelivered', { error: boom, messages: [{ jsonrpc: '2.0', method: 'notifications/initialized' }, a.fired[1]!] });
  await assert.rejects(second, (error) => error === boom);
  assert.equal(client.pendingCount, 0);
});

test('a fire() that throws (closed, not encodable) fails the request at once and leaves nothing pending', async () => {
  const { a, client } = setup();
  const closed = new Error('the transport is closed');
  a.failFire = closed;
  await assert.rejects(client.request('echo', { text: 'x' }), (error) => error === closed);
  assert.equal(client.pendingCount, 0);
});

test('a send() that throws synchronously fails the request at once too', async () => {
  const [a] = linkedPair();
  a.send = () => {
    throw new TypeError('Do not know how to serialize a BigInt');
  };
  const client = new Session(a, { serverName: 'srv' });
  await assert.rejects(client.request('echo', { big: 1 }), TypeError);
  assert.equal(client.pendingCount, 0);
});

test('fire() is told when a request is alone (nothing else awaits an answer), so a transport may skip batching', async () => {
  const a = new FiringTransport();
  const alone: boolean[] = [];
  const fire = a.fire.bind(a);
  a.fire = (message: JsonRpcMessage, isAlone?: boolean) => {
    alone.push(isAlone === true);
    fire(message);
  };
  const client = new Session(a, { serverName: 'srv' });
  void client.request('slow', {}).catch(() => {});
  void client.request('slow', {}).catch(() => {});
  assert.deepEqual(alone, [true, false]);
  await client.close();
});
