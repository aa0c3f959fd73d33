// clonePlain copies plain data by hand and hands everything else to structuredClone, so a caller
// gets what structuredClone would have given, faster for specs and model arguments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clonePlain } from '../../src/util/clone-plain.js';

test('plain data: a deep copy equal to structuredClone, sharing nothing with the original', () => {
  const value = { a: 1, b: 'x', c: null, d: [1, { e: true }, [2, 3]], f: { g: { h: undefined } }, i: -0 };
  const copy = clonePlain(value);
  assert.deepStrictEqual(copy, structuredClone(value));
  assert.notStrictEqual(copy.d, value.d);
  assert.notStrictEqual(copy.d[1], value.d[1]);
  assert.notStrictEqual(copy.f.g, value.f.g);
  assert.ok('h' in copy.f.g);
  assert.ok(Object.is(copy.i, -0));
});

test('a property named __proto__ stays an own property, never the prototype', () => {
  const value = JSON.parse('{"properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"}}}') as {
    properties: Record<string, unknown>;
  };
  const copy = clonePlain(value);
  assert.equal(Object.getPrototypeOf(copy.properties), Object.prototype);
  assert.deepEqual(Object.keys(copy.properties), ['__proto__', 'constructor']);
  assert.deepStrictEqual(Object.getOwnPropertyDescriptor(copy.properties, '__proto__')?.value, { type: 'string' });
});

test('null-prototype objects and sparse arrays come back as structuredClone returns them', () => {
  const sparse: unknown[] = [1];
  sparse[2] = 3;
  const bare = Object.assign(Object.create(null) as Record<string, unknown>, { k: sparse });
  const copy = clonePlain(bare);
  assert.deepStrictEqual(copy, structuredClone(bare));
  assert.equal(Object.getPrototypeOf(copy), Object.prototype);
  assert.equal(1 in (copy.k as unknown[]), false);
});

test('anything not plain goes to structuredClone: dates, maps, cycles, named array properties, functions', () => {
  const when = new Date(0);
  assert.ok(clonePlain({ when }).when instanceof Date);
  assert.ok(clonePlain({ m: new Map([[1, 2]]) }).m instanceof Map);
  const cycle: Record<string, unknown> = { name: 'loop' };
  cycle.self = cycle;
  const copied = clonePlain(cycle);
  assert.equal(copied.self, copied);
  const named = Object.assign([1, 2], { extra: 'x' });
  assert.deepStrictEqual(clonePlain(named), structuredClone(named));
  assert.throws(() => clonePlain({ f: () => 1 }), { name: 'DataCloneError' });
});
