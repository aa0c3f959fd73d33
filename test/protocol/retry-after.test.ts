// Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date, anything else ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeRetryAfter, parseRetryAfter } from '../../protocol/http/retry-after.js';

test('parseRetryAfter reads both forms against the given clock', () => {
  const now = Date.parse('Sat, 05 Dec 2026 01:00:00 GMT');
  assert.deepEqual(parseRetryAfter(' 120 ', now), { raw: '120', form: 'seconds', delayMs: 120_000 });
  assert.deepEqual(parseRetryAfter('Sat, 05 Dec 2026 01:00:30 GMT', now), { raw: 'Sat, 05 Dec 2026 01:00:30 GMT', form: 'date', delayMs: 30_000 });
  assert.equal(parseRetryAfter('Sat, 05 Dec 2026 00:59:00 GMT', now)?.delayMs, 0, 'a past date: no wait');
  for (const bad of [undefined, '', '-5', '1.5', 'soon', '2026-12-05T01:00:30Z']) assert.equal(parseRetryAfter(bad, now), undefined, String(bad));
  assert.equal(describeRetryAfter(parseRetryAfter('90', now)!), '90 s (Retry-After: 90)');
});
