// The session's default clock reads Date.now() once per run of synchronous code, so a burst of
// requests shares one reading for its deadlines (TIME-1); anything awaited reads it afresh, whoever
// has replaced the global timer and microtask functions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkpointNow } from '../../src/session/pending.js';

function spin(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy: the real clock moves while this code keeps the thread.
  }
}

test('one reading serves a run of synchronous code, and an await reads the clock afresh (TIME-1)', async () => {
  await null; // Start on a fresh run, with no reading held by earlier code.
  const first = checkpointNow();
  spin(5);
  assert.equal(checkpointNow(), first, 'the same run of code took a second reading');
  await null;
  const later = checkpointNow();
  assert.ok(later >= first + 5, `after an await the reading was ${later - first} ms later, not at least 5`);
  assert.ok(later <= Date.now());
});

test("the reading is forgotten even where a test's fake timers replaced queueMicrotask and the timers", async () => {
  const saved = { queueMicrotask: globalThis.queueMicrotask, setTimeout: globalThis.setTimeout, setImmediate: globalThis.setImmediate };
  // What fake timers do until they are advanced: nothing queued through them runs.
  globalThis.queueMicrotask = () => {};
  globalThis.setTimeout = (() => 0) as unknown as typeof setTimeout;
  globalThis.setImmediate = (() => 0) as unknown as typeof setImmediate;
  try {
    await null;
    const first = checkpointNow();
    spin(5);
    await null;
    assert.ok(checkpointNow() >= first + 5, 'the reading outlived its run of code');
  } finally {
    Object.assign(globalThis, saved);
  }
});
