// The pending table's id index: a Map<RequestId, T> in behaviour (exact-type keys, size, order of
// values, `take` as get and delete), whatever it uses underneath for the session's own integer ids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IdTable } from '../../src/session/id-table.js';

type E = { id: number | string; v: string };
const e = (id: number | string, v = String(id)): E => ({ id, v });

test('ids are matched by type and value, as a Map matches them (JSONRPC-3)', () => {
  const t = new IdTable<E>();
  t.add(e(7, 'seven'));
  t.add(e('7', 'string seven'));
  t.add(e('abc'));
  assert.equal(t.get(7)?.v, 'seven');
  assert.equal(t.get('7')?.v, 'string seven');
  assert.equal(t.get('abc')?.v, 'abc');
  assert.equal(t.get(7.5), undefined);
  assert.equal(t.get(-7), undefined);
  assert.equal(t.get('constructor'), undefined);
  assert.equal(t.get('__proto__'), undefined);
  assert.equal(t.size, 3);
  assert.equal(t.take('7')?.v, 'string seven');
  assert.equal(t.get(7)?.v, 'seven');
  assert.equal(t.take('7'), undefined);
  assert.equal(t.size, 2);
});

test('size, replacement and deletion follow Map semantics, long-pending ids included; values come in ascending id order', () => {
  const t = new IdTable<E>();
  const m = new Map<number | string, E>();
  const put = (x: E) => {
    t.add(x);
    m.set(x.id, x);
  };
  // take() is a Map's get() and delete() in one: the entry it removed, or undefined.
  const take = (id: number | string) => {
    const want = m.get(id);
    m.delete(id);
    assert.equal(t.take(id), want);
    return want !== undefined;
  };
  // Ids 1..5000: every third is answered at once, ids 2, 40, 41, 1000 + k·64 and every multiple of 97
  // stay pending (slots taken when later ids wrap around: the ring grows, then the Map takes them).
  const longLived = (id: number) => id === 2 || id === 40 || id === 41 || (id > 1000 && id % 64 === 0) || id % 97 === 0;
  for (let id = 1; id <= 5000; id++) {
    put(e(id));
    const done = id - 1;
    if (done > 0 && !longLived(done) && id % 3 !== 0) take(done);
    if (id % 3 === 0) take(id);
    assert.equal(t.size, m.size);
  }
  put(e(4, 'replaced'));
  put(e(2, 'replaced'));
  put(e('s'));
  assert.equal(take(100000), false);
  assert.equal(t.size, m.size);
  for (const id of m.keys()) assert.equal(t.get(id), m.get(id));
  const ascending = [...m.values()].filter((x) => typeof x.id === 'number').sort((a, b) => (a.id as number) - (b.id as number));
  assert.deepEqual(t.values(), [...ascending, m.get('s')]);
  for (const id of [...m.keys()]) assert.equal(take(id), true);
  assert.equal(t.size, 0);
  assert.deepEqual(t.values(), []);
  t.add(e(Number.MAX_SAFE_INTEGER));
  t.add(e(2 ** 60));
  assert.equal(t.get(Number.MAX_SAFE_INTEGER)?.id, Number.MAX_SAFE_INTEGER);
  assert.equal(t.get(2 ** 60)?.id, 2 ** 60);
  assert.equal(t.size, 2);
});
