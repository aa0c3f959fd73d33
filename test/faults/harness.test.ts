// The fault harness's own contract: within() never swallows a rejection, settlesWithin() reports one
// for inspection, and both fail on a promise that stays pending.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rejectsWith, settlesWithin, within } from './harness.js';

test('within() resolves with the value and rethrows a rejection', async () => {
  assert.deepEqual((await within(1000, Promise.resolve(7), 'seven')).value, 7);
  const boom = Object.assign(new Error('boom'), { code: 'X' });
  await assert.rejects(within(1000, Promise.reject(boom), 'boom'), (e) => e === boom);
});

test('settlesWithin() reports a rejection as an outcome to inspect; rejectsWith() asserts its code', async () => {
  const outcome = await settlesWithin(1000, Promise.reject(new Error('no')), 'no');
  assert.equal(outcome.ok, false);
  assert.match(String(!outcome.ok && outcome.error), /no/);
  await assert.rejects(rejectsWith(1000, Promise.resolve(1), 'X', 'one'), /one: resolved instead of failing with X/);
});

test('a promise still pending at the bound fails either helper', async () => {
  const never = new Promise<never>(() => {});
  await assert.rejects(within(50, never, 'the hung one'), /the hung one: still pending after 50 ms/);
  await assert.rejects(settlesWithin(50, never, 'the hung one'), /still pending/);
});
