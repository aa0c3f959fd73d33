// The bench's method: a ratio is the median of alternated pairs with its min–max, the limit in a pair is
// the better of the raw loops, a target is met on the median and says how many pairs met it, and a raw
// loop that loses to mcp-bridge in every pair is flagged. Figures are made up; the arithmetic is checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { limitAt, pairSpread } from '../../bench/report/pairs.js';
import type { Results } from '../../bench/report/results.js';
import { summarize } from '../../bench/report/results.js';
import { limitLosses } from '../../bench/report/table.js';
import { evaluateTargets } from '../../bench/report/targets.js';

const runs = (xs: (number | undefined)[]) =>
  summarize(xs.map((v) => (v === undefined ? { ok: false, error: 'boom', metrics: {} } : { ok: true, metrics: { callsPerSec: v } as Record<string, number> })));

test('the limit of a pair is the better raw loop of that repetition, per direction', () => {
  const results: Results = { 'w6.par.http': { 'mcp-bridge': runs([90, 90]), raw: runs([100, 60]), 'raw-node-http': runs([80, 120]) } };
  assert.equal(limitAt(results, 'w6.par.http', 'callsPerSec', 'higher', 0), 100);
  assert.equal(limitAt(results, 'w6.par.http', 'callsPerSec', 'higher', 1), 120);
  assert.equal(limitAt(results, 'w6.par.http', 'callsPerSec', 'lower', 1), 60);
});

test('a ratio is the median of the pairs with its min and max; a failed repetition drops its pair', () => {
  const results: Results = {
    'w3.par.stdio': { 'mcp-bridge': runs([90, 80, 100, 70, 95, 50]), raw: runs([100, 100, 100, 100, 100, undefined]) },
  };
  const s = pairSpread(results, 'w3.par.stdio', 'callsPerSec', 'higher', 'limit')!;
  assert.equal(s.pairs, 5);
  assert.equal(s.median, 0.9);
  assert.equal(s.min, 0.7);
  assert.equal(s.max, 1);
});

test('a target is met on the median of the pairs, and says how many pairs met it', () => {
  // Pair ratios 0.90, 0.85, 0.80, 0.95, 0.875: two meet W3r ≥ 0.9, their median does not.
  const results: Results = {
    'w3.par.stdio': { 'mcp-bridge': runs([90, 85, 80, 95, 70]), raw: runs([100, 100, 100, 100, 80]) },
  };
  const w3r = evaluateTargets(results, []).find((v) => v.id === 'W3r')!;
  assert.equal(w3r.met, false);
  assert.match(w3r.measured, /^0\.875× \(0\.800–0\.950\), 2\/5 pairs met$/);
});

test('a raw loop losing to mcp-bridge in every pair is flagged, and one losing in some pairs is not', () => {
  const lost: Results = { 'w3.par.stdio': { 'mcp-bridge': runs([110, 120, 105]), raw: runs([100, 100, 100]) } };
  assert.equal(limitLosses(lost).length, 1);
  const noise: Results = { 'w3.par.stdio': { 'mcp-bridge': runs([110, 95, 105]), raw: runs([100, 100, 100]) } };
  assert.deepEqual(limitLosses(noise), []);
});
