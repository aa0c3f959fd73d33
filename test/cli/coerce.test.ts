// key=value conversion by schema, in-process: the cases a child-process test would make slow.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toArguments, type ArgumentWord } from '../../src/cli/call-arguments.js';

const words = (...pairs: string[]): { words: ArgumentWord[] } => ({
  words: pairs.map((p) => ({ key: p.slice(0, p.indexOf('=')), raw: p.slice(p.indexOf('=') + 1), json: false })),
});

test('properties declared in root anyOf/allOf branches (through $ref) are converted too', () => {
  const schema = {
    type: 'object',
    anyOf: [{ properties: { n: { type: 'integer' } } }, { $ref: '#/$defs/b' }],
    $defs: { b: { properties: { on: { type: 'boolean' } } } },
  };
  assert.deepEqual(toArguments(words('n=3', 'on=true'), schema), { n: 3, on: true });
});

test('union order: null, boolean, number, JSON, then text; type arrays and const count', () => {
  const schema = {
    type: 'object',
    properties: {
      u: { type: ['string', 'number', 'boolean', 'null'] },
      j: { anyOf: [{ type: 'array' }, { type: 'string' }] },
      c: { const: 5 },
    },
  };
  assert.deepEqual(toArguments(words('u=null'), schema), { u: null });
  assert.deepEqual(toArguments(words('u=true'), schema), { u: true });
  assert.deepEqual(toArguments(words('u=1e3'), schema), { u: 1000 });
  assert.deepEqual(toArguments(words('u=hello'), schema), { u: 'hello' });
  assert.deepEqual(toArguments(words('j=[1]'), schema), { j: [1] });
  assert.deepEqual(toArguments(words('j=[not json'), schema), { j: '[not json' }, 'a union with string keeps text that is not JSON');
  assert.deepEqual(toArguments(words('c=5'), schema), { c: 5 });
});

test('a key named like an Object.prototype member is an own property, never the prototype', () => {
  const out = toArguments(words('__proto__=x', 'constructor=1'), { type: 'object', properties: { constructor: { type: 'number' } } });
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepEqual(Object.keys(out), ['__proto__', 'constructor']);
  assert.equal(out.constructor, 1);
});
