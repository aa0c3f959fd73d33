// TTL caching of list results across connections (2026-07-28, SEP-2549) against the TS SDK v2
// server with cache hints: a second connection to the same server is answered from a fresh entry;
// ttlMs 0 is never reused; a private entry never crosses to another authorization context; a
// list_changed seen by one connection drops the entry for all (CACHE-2, CACHE-4, CACHE-6, CACHE-7, CACHE-9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, ResultCache, type Client } from '../../src/index.js';
import { startV2Http, v2Stdio } from '../helpers/v2-server.js';

const count = async (client: Client) => Number((await client.callTool('list-count', {})).content.map((c: any) => c.text).join(''));

test('a second connection reuses a fresh tools/list; ttlMs 0 means no reuse across connections (CACHE-2, CACHE-9)', async () => {
  for (const [ttlMs, expected] of [
    [60_000, 1],
    [0, 2],
  ] as const) {
    const http = await startV2Http({ reject: true, ttlMs });
    const resultCache = new ResultCache();
    try {
      const a = await connect({ url: http.url, name: 'a', listen: false, resultCache });
      await a.listTools();
      await a.close();
      const b = await connect({ url: http.url, name: 'b', listen: false, resultCache });
      const tools = await b.listTools();
      assert.ok(tools.some((t) => t.name === 'echo'));
      assert.equal(await count(b), expected, `ttl ${ttlMs}`);
      await b.close();
    } finally {
      await http.close();
    }
  }
});

test('a private entry is reused only under the same credentials (CACHE-6)', async () => {
  const http = await startV2Http({ reject: true, ttlMs: 60_000 });
  const resultCache = new ResultCache();
  const open = (token: string) => connect({ url: http.url, name: token, listen: false, resultCache, headers: { authorization: `Bearer ${token}` } });
  try {
    const alice = await open('alice');
    await alice.listTools();
    const bob = await open('bob');
    await bob.listTools();
    assert.equal(await count(bob), 2, "bob's listing was fetched, not alice's reused");
    const alice2 = await open('alice');
    await alice2.listTools();
    assert.equal(await count(alice2), 2, "alice's second connection reused her entry");
    await Promise.all([alice.close(), bob.close(), alice2.close()]);
  } finally {
    await http.close();
  }
});

test("a list_changed seen by one connection drops the server's cached listing for every connection (CACHE-7)", async () => {
  const l = v2Stdio({ reject: true, ttlMs: 60_000 });
  const resultCache = new ResultCache();
  const a = await connect({ command: l.command, args: l.args, name: 'a', listen: false, resultCache });
  const b = await connect({ command: l.command, args: l.args, name: 'b', resultCache });
  try {
    await a.listTools();
    await b.listTools();
    assert.equal(await count(b), 0, "b's first listing came from a's entry (same configuration)");
    const changed = new Promise<void>((resolve) => b.events.on('toolsListChanged', () => resolve()));
    await b.callTool('grow', {});
    await changed;
    await a.listTools();
    assert.equal(await count(a), 2, "a listed again: b's notification dropped the shared entry");
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

test('ResultCache: keyed by server, identity, method and shape; public entries serve every identity; bounded', () => {
  let now = 1000;
  const cache = new ResultCache(() => now, 3);
  const alice = { server: 's', identity: 'alice' };
  const bob = { server: 's', identity: 'bob' };
  const key = JSON.stringify(['tools/list', null, null]);
  cache.set(alice, 'tools/list', key, { tools: [], ttlMs: 500, cacheScope: 'private' });
  assert.deepEqual(cache.get(alice, 'tools/list', key), { tools: [], ttlMs: 500, cacheScope: 'private' });
  assert.equal(cache.get(bob, 'tools/list', key), undefined);
  assert.equal(cache.get({ server: 't', identity: 'alice' }, 'tools/list', key), undefined);
  cache.set(alice, 'prompts/list', 'p', { prompts: [], ttlMs: 500, cacheScope: 'public' });
  assert.ok(cache.get(bob, 'prompts/list', 'p'), 'public: shared across identities');
  now = 1500;
  assert.equal(cache.get(alice, 'tools/list', key), undefined, 'stale at ttlMs');
  cache.set(alice, 'tools/list', key, { tools: [], ttlMs: 0 });
  assert.equal(cache.get(alice, 'tools/list', key), undefined, 'ttlMs 0 is never stored');
  for (const k of ['a', 'b', 'c', 'd']) cache.set(alice, 'resources/read', k, { contents: [], ttlMs: 1000 });
  assert.equal(cache.get(alice, 'resources/read', 'a'), undefined, 'the oldest entry went past the bound');
  cache.invalidate('s', 'resources/read');
  assert.equal(cache.get(alice, 'resources/read', 'd'), undefined);
});
