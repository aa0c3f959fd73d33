// What the era cache may remember (VER-7, modern-era.md 3.4 step 4): only what the server said.
// A probe that went unanswered in time (a loaded machine, a slow start) is no evidence of the
// legacy era, so it never becomes a lasting verdict; a definite legacy answer stays cached; a
// cached verdict is probed again once it is old or the server behind it changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, createTransport, eraCacheKey, fileEraCache, memoryEraCache, type EraCache } from '../../src/index.js';
import type { ServerParams } from '../../src/transports/create.js';
import { fixtureServer, officialServer, scratchDir } from '../helpers/servers.js';
import { SchemaTap } from '../helpers/spec-schema.js';
import { v2Stdio } from '../helpers/v2-server.js';

const HOUR = 3600_000;

async function open(params: ServerParams, cache: EraCache, options: ConstructorParameters<typeof Client>[1] = {}) {
  const transport = await createTransport(params);
  const tap = new SchemaTap(transport);
  const client = new Client(transport, { name: 'peer', eraCache: cache, eraCacheKey: eraCacheKey(params), ...options });
  await client.connect();
  const probed = tap.sent.some((m) => 'method' in m && m.method === 'server/discover');
  const era = client.era;
  const source = client.eraSource;
  await client.close();
  return { era, probed, source };
}

/** The cached verdict of `params`, made `hours` older (as if it had been found that long ago). */
function age(cache: EraCache, params: ServerParams, hours: number): void {
  const key = eraCacheKey(params);
  const verdict = cache.get(key);
  assert.ok(verdict, 'a verdict to age');
  cache.set(key, { ...verdict, at: verdict.at - hours * HOUR });
}

test('VER-3/VER-7: a dual-era server whose probe answer comes after the probe timeout is not remembered as legacy', async () => {
  const cache = memoryEraCache();
  const d = v2Stdio();
  const params = { command: d.command, args: d.args };
  // A 1 ms probe wait stands for a loaded machine: the real server cannot answer that fast, so
  // initialize goes out on the same process and the connection is legacy (VER-3: no answer in time).
  const slow = await open(params, cache, { probeTimeoutMs: 1 });
  assert.equal(slow.era, 'legacy');
  // Its DiscoverResult came before its initialize answer: that is the verdict, not the fallback.
  const verdict = cache.get(eraCacheKey(params));
  assert.equal(verdict?.era, 'modern', 'a timed-out probe is no legacy verdict');
  assert.equal(verdict?.basis, 'answer');
  // A server known to answer the probe is waited for: the next connect, as loaded, is modern.
  const next = await open(params, cache, { probeTimeoutMs: 1 });
  assert.ok(next.probed, 'probed again');
  assert.equal(next.era, 'modern');
});

test('VER-3/VER-7: a probe nobody answers leaves a guess for an hour, then the server is probed again', async () => {
  const cache = memoryEraCache();
  const s = fixtureServer('era-trap', { args: ['silent'] });
  const params = { command: s.command, args: s.args };
  const first = await open(params, cache, { probeTimeoutMs: 200 });
  assert.equal(first.era, 'legacy');
  assert.deepEqual(first.source, { from: 'probe', basis: 'silence' });
  const guess = cache.get(eraCacheKey(params));
  assert.equal(guess?.era, 'legacy');
  assert.equal(guess?.basis, 'silence');
  // Within the hour the guess saves the probe wait of a spawn-per-run CLI (modern-era.md 3.4 step 4).
  const second = await open(params, cache, { probeTimeoutMs: 200 });
  assert.equal(second.probed, false);
  // Client.eraSource says so: the saved guess, found by the first connect's probe.
  assert.deepEqual(second.source, { from: 'saved', basis: 'silence', savedAt: guess.at });
  assert.equal(cache.get(eraCacheKey(params))?.at, guess.at, 'using a verdict does not renew it');
  age(cache, params, 1.1);
  assert.equal((await open(params, cache, { probeTimeoutMs: 200 })).probed, true, 'an hour-old guess is probed again');
});

test('VER-4/VER-7: a definite legacy answer is cached for a day, counted from its probe; older, it is probed again', async () => {
  const cache = memoryEraCache();
  const l = officialServer('everything');
  const params = { command: l.command, args: l.args, env: l.env };
  try {
    assert.equal((await open(params, cache)).probed, true);
    const verdict = cache.get(eraCacheKey(params));
    assert.equal(verdict?.era, 'legacy');
    assert.equal(verdict?.basis, 'answer');
    assert.match(verdict?.server ?? '', /@/);
    age(cache, params, 23);
    const cachedAt = cache.get(eraCacheKey(params))?.at;
    assert.equal((await open(params, cache)).probed, false, 'a 23-hour-old answer still skips the probe');
    assert.equal(cache.get(eraCacheKey(params))?.at, cachedAt, 'using a verdict does not renew it');
    age(cache, params, 2);
    assert.equal((await open(params, cache)).probed, true, 'a 25-hour-old answer is probed again');
    assert.ok(Date.now() - cache.get(eraCacheKey(params))!.at < HOUR, 'and found afresh');
  } finally {
    l.cleanup();
  }
});

test('VER-7: a cached legacy verdict found with another server version is dropped once initialize names the new one', async () => {
  const cache = memoryEraCache();
  const l = officialServer('everything');
  const params = { command: l.command, args: l.args, env: l.env };
  try {
    await open(params, cache);
    const key = eraCacheKey(params);
    // As an older release of the same command line would have left it.
    cache.set(key, { ...cache.get(key)!, server: 'example-servers@0.0.1' });
    assert.equal((await open(params, cache)).probed, false, 'the verdict is used');
    assert.equal(cache.get(key), undefined, 'and dropped: the server behind it changed');
    assert.equal((await open(params, cache)).probed, true, 'so the next connect probes');
  } finally {
    l.cleanup();
  }
});

test('VER-7: a legacy verdict left in the state file by an older mcp-bridge (no basis) is only a guess', async () => {
  const dir = scratchDir('era-state');
  const file = join(dir, 'era-cache.json');
  const d = v2Stdio();
  const params = { command: d.command, args: d.args };
  // What a timed-out probe used to write, two hours ago: a lasting legacy verdict for a dual-era server.
  const old = { era: 'legacy', protocolVersion: '2025-11-25', at: Date.now() - 2 * HOUR };
  writeFileSync(file, JSON.stringify({ [eraCacheKey(params)]: old }));
  const cache = fileEraCache(file);
  // A probe wait no start outlasts: this test is about whether the probe is sent at all.
  const next = await open(params, cache, { probeTimeoutMs: 10_000 });
  assert.ok(next.probed);
  assert.equal(next.era, 'modern');
  assert.equal(cache.get(eraCacheKey(params))?.era, 'modern');
});
