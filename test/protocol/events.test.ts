// The emitter under every transport and session: delivery order, one subscription per listener,
// a delivery that keeps to the listeners it started with, and a throwing listener that stops nobody.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Emitter } from '../../protocol/index.js';

type Events = { tick: number; other: string };

/** An emitter whose listener errors are collected instead of rethrown later. */
class Collecting extends Emitter<Events> {
  readonly errors: unknown[] = [];
  protected override onListenerError(error: unknown): void {
    this.errors.push(error);
  }
}

test('listeners run in subscription order; a listener subscribed twice runs once and one off removes it', () => {
  const e = new Emitter<Events>();
  const seen: string[] = [];
  const a = (v: number) => seen.push(`a${v}`);
  e.on('tick', a);
  e.on('tick', (v) => seen.push(`b${v}`));
  const offA = e.on('tick', a);
  assert.equal(e.listenerCount('tick'), 2);
  assert.equal(e.emit('tick', 1), true);
  offA();
  offA();
  e.emit('tick', 2);
  assert.deepEqual(seen, ['a1', 'b1', 'b2']);
  assert.equal(e.emit('other', 'x'), false, 'nobody listens to other');
});

test('a delivery keeps to the listeners it started with', () => {
  const e = new Emitter<Events>();
  const seen: string[] = [];
  let offB: () => void = () => {};
  e.on('tick', (v) => {
    seen.push(`a${v}`);
    offB();
    e.on('tick', (w) => seen.push(`late${w}`));
  });
  offB = e.on('tick', (v) => seen.push(`b${v}`));
  e.emit('tick', 1);
  // b was removed and `late` added during the first delivery: b still ran in it, late did not.
  assert.deepEqual(seen, ['a1', 'b1']);
  seen.length = 0;
  e.emit('tick', 2);
  assert.deepEqual(seen, ['a2', 'late2']);
});

test('the only listener subscribing another during its delivery does not run it in that delivery', () => {
  const e = new Emitter<Events>();
  const seen: number[] = [];
  const off = e.on('tick', () => {
    off();
    e.on('tick', (v) => seen.push(v));
  });
  e.emit('tick', 1);
  assert.deepEqual(seen, []);
  e.emit('tick', 2);
  assert.deepEqual(seen, [2]);
});

test('a throwing listener is reported and the others still run; once() runs once', () => {
  const e = new Collecting();
  const seen: number[] = [];
  e.on('tick', () => {
    throw new Error('boom');
  });
  e.on('tick', (v) => seen.push(v));
  e.once('tick', (v) => seen.push(v * 10));
  e.emit('tick', 1);
  e.emit('tick', 2);
  assert.deepEqual(seen, [1, 10, 2]);
  assert.equal(e.errors.length, 2);
  assert.match(String(e.errors[0]), /boom/);
});
