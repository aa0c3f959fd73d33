// The three stdio traps of era probing (modern-era.md 3.2/3.4, VER-3/4), with fake servers since
// no real peer of ours reproduces them on demand: exit on the probe, silence, and a late pin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, createTransport, type TextContent } from '../../src/index.js';
import { fixtureServer } from '../helpers/servers.js';
import { SchemaTap } from '../helpers/spec-schema.js';

const text = (r: { content: unknown[] }) =>
  r.content
    .filter((c: any) => c.type === 'text')
    .map((c) => (c as TextContent).text)
    .join('\n');

async function trap(mode: string, extra: string[] = [], options: ConstructorParameters<typeof Client>[1] = {}) {
  const launch = fixtureServer('era-trap', { args: [mode, ...extra] });
  const params = { command: launch.command, args: launch.args };
  const stderr: string[] = [];
  const spawnOne = async () => {
    const t = await createTransport({ ...params, onStderrLine: (l) => stderr.push(l) });
    new SchemaTap(t);
    return t;
  };
  let spawns = 1;
  const client = new Client(await spawnOne(), {
    name: mode,
    probeTimeoutMs: 300,
    respawn: async () => {
      spawns++;
      return spawnOne();
    },
    ...options,
  });
  const started = performance.now();
  await client.connect();
  return { client, stderr, spawns: () => spawns, ms: performance.now() - started };
}

test('trap 1: a server that exits on the probe is respawned once and initialized directly (rmcp < 3)', async () => {
  const { client, stderr, spawns } = await trap('exit');
  try {
    assert.equal(client.era, 'legacy');
    assert.equal(spawns(), 2);
    assert.match(text(await client.callTool('echo', { text: 'hi' })), /hi \(legacy\)/);
    // Only the first process saw a probe (its stderr may be lost as it exits), the second one started with initialize.
    const got = stderr.filter((l) => l.startsWith('got '));
    assert.ok(got.filter((l) => l === 'got server/discover').length <= 1, got.join(', '));
    assert.equal(got.filter((l) => l !== 'got server/discover')[0], 'got initialize', got.join(', '));
  } finally {
    await client.close();
  }
});

test('trap 2: a silent server: the probe times out, initialize goes out on the same process, no notifications/cancelled', async () => {
  const { client, stderr, spawns } = await trap('silent');
  try {
    assert.equal(client.era, 'legacy');
    assert.equal(spawns(), 1);
    assert.match(text(await client.callTool('echo', { text: 'hi' })), /hi \(legacy\)/);
    assert.ok(!stderr.includes('got notifications/cancelled'), stderr.join('\n'));
  } finally {
    await client.close();
  }
});

test('trap 3: a server pinned modern by the late-answered probe: initialize gets -32022, the late DiscoverResult switches to modern', async () => {
  const { client, stderr, spawns } = await trap('pinned', ['800']);
  try {
    assert.equal(client.era, 'modern');
    assert.equal(client.protocolVersion, '2026-07-28');
    assert.equal(spawns(), 1);
    assert.deepEqual(stderr.filter((l) => l.startsWith('got ')).slice(0, 2), ['got server/discover', 'got initialize']);
    assert.match(text(await client.callTool('echo', { text: 'hi' })), /hi \(modern\)/);
    assert.ok(!stderr.includes('got notifications/cancelled'));
  } finally {
    await client.close();
  }
});

test('trap 3b: a pinned server whose probe answer never comes back in time is re-probed after the -32022', async () => {
  const { client } = await trap('pinned', ['60000'], { probeTimeoutMs: 200 });
  try {
    assert.equal(client.era, 'modern');
    assert.match(text(await client.callTool('echo', { text: 'hi' })), /hi \(modern\)/);
  } finally {
    await client.close();
  }
});
