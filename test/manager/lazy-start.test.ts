// Saved tool lists, lazy start and idle stop, against the official memory and everything servers
// run through a spawn counter (test/faults/servers/spawn-counter.mjs appends a line per start), so
// "zero processes" is counted, not assumed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Manager } from '../../src/manager/manager.js';
import { fileToolListStore, memoryToolListStore, toolListKey } from '../../src/manager/saved-tools.js';
import { Registry } from '../../src/adapters/registry.js';
import { fixtureServerScript, officialServer, officialServerScript, repoRoot, scratchDir } from '../helpers/servers.js';
import { testConfig } from '../helpers/config.js';
import { readProc } from '../helpers/no-orphans.js';

const counter = fixtureServerScript('spawn-counter');

function spawnsIn(log: string): number {
  return existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('spawn ')).length
    : 0;
}

async function until(cond: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A memory-server entry started through the spawn counter. */
function memoryEntry(name: string, log: string, extra: Record<string, unknown> = {}, env: Record<string, string> = {}) {
  const memory = officialServer('memory');
  return {
    entry: { name, command: process.execPath, args: [counter, officialServerScript('memory')], env: { ...memory.env, SPAWN_LOG: log, ...env }, ...extra },
    cleanup: memory.cleanup,
  };
}

/** A server-everything entry (stdio) started through the spawn counter, which logs to `log`. */
function everythingEntry(log: string, extra: Record<string, unknown>) {
  return { name: 'everything', command: process.execPath, args: [counter, officialServerScript('everything'), 'stdio'], env: { SPAWN_LOG: log }, ...extra };
}

async function run<T>(
  servers: Record<string, unknown>[],
  store: ReturnType<typeof memoryToolListStore>,
  body: (m: Manager, r: Registry) => Promise<T>,
): Promise<T> {
  const registry = new Registry();
  const manager = new Manager(testConfig(servers), { registry, toolListStore: store });
  try {
    return await body(manager, registry);
  } finally {
    await manager.close();
  }
}

test('a lazy server with a warm saved list: start() registers all its tools and spawns zero processes; the first call starts it', async () => {
  const log = join(scratchDir('spawns'), 'spawn.log');
  const { entry, cleanup } = memoryEntry('memory', log, { start: 'lazy' });
  const store = fileToolListStore(join(scratchDir('state'), 'tool-lists'));
  try {
    // Cold: no saved list yet, so the server is started once to learn its tools.
    const cold = await run([entry], store, async (manager, registry) => {
      const summary = await manager.start();
      assert.deepEqual(summary.ready, ['memory']);
      return { names: registry.list().map((d) => d.name), specs: JSON.stringify(registry.toLLMSpecs('openai').specs) };
    });
    assert.equal(spawnsIn(log), 1);
    assert.ok(cold.names.includes('create_entities') && cold.names.length >= 9, cold.names.join());

    await run([entry], store, async (manager, registry) => {
      const summary = await manager.start();
      assert.deepEqual(summary.lazy, ['memory']);
      assert.deepEqual(summary.ready, []);
      // Measured: every tool, the same specs byte for byte, and not one process.
      assert.deepEqual(
        registry.list().map((d) => d.name),
        cold.names,
      );
      assert.equal(JSON.stringify(registry.toLLMSpecs('openai').specs), cold.specs);
      assert.equal(spawnsIn(log), 1, 'a warm lazy start spawns nothing');
      const status = manager.status()[0]!;
      assert.equal(status.state, 'idle');
      assert.equal(status.toolsFrom, 'saved');
      assert.equal(status.pid, undefined);

      // Two calls at once: one start, both answered.
      const [created, read] = await Promise.all([
        registry.execute('create_entities', { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] }),
        registry.execute('read_graph', {}),
      ]);
      assert.equal(created.isError, false, created.text);
      assert.equal(read.isError, false, read.text);
      assert.equal(spawnsIn(log), 2, 'the first call started the server, once');
      assert.equal(manager.status()[0]!.state, 'ready');
      assert.equal(manager.status()[0]!.toolsFrom, 'live');
      // The live list replaced the saved one, in the same order.
      assert.deepEqual(
        registry.list().map((d) => d.name),
        cold.names,
      );
      assert.match((await registry.execute('read_graph', {})).text, /Ada/);
    });
  } finally {
    cleanup();
  }
});

test('the saved list holds no configured secret value, and a changed env value is another configuration', async () => {
  const dir = join(scratchDir('state'), 'tool-lists');
  const store = fileToolListStore(dir);
  const log = join(scratchDir('spawns'), 'spawn.log');
  const canaries = { API_TOKEN: 'sk-canary-4e1f9a77c0d2', PLAIN_SETTING: 'canary-plain-value-93b1' };
  const { entry, cleanup } = memoryEntry('memory', log, { start: 'lazy', secrets: ['canary-plain-value-93b1'] }, canaries);
  try {
    await run([entry], store, (m) => m.start());
    const files = readdirSync(dir);
    assert.equal(files.length, 1);
    const text = readFileSync(join(dir, files[0]!), 'utf8');
    assert.match(text, /create_entities/);
    for (const value of Object.values(canaries)) assert.ok(!text.includes(value), `the saved list contains ${value}`);
    assert.ok(!text.includes('API_TOKEN'), 'not even the env names are stored in clear');

    const changed = memoryEntry('memory', log, { start: 'lazy' }, { ...canaries, API_TOKEN: 'sk-canary-rotated-0001' });
    assert.notEqual(toolListKey(testConfig([changed.entry]).servers[0]!), toolListKey(testConfig([entry]).servers[0]!));
    await run([changed.entry], store, async (m) => {
      const summary = await m.start();
      assert.deepEqual(summary.ready, ['memory'], 'a changed configuration does not use the old list');
    });
    changed.cleanup();
    assert.equal(spawnsIn(log), 2);
  } finally {
    cleanup();
  }
});

test('a server that echoes its secrets in its tool list: the saved file has them masked (secrets sweep)', async () => {
  const dir = join(scratchDir('state'), 'tool-lists');
  const canary = 'sk-canary-deep-7c3e0b51a9';
  const entry = {
    name: 'echo',
    command: process.execPath,
    args: [fixtureServerScript('stdio-secret-echo')],
    env: { LEAK_TOKEN: canary, LEAK_IN_TOOLS: '1' },
    start: 'lazy',
  };
  await run([entry], fileToolListStore(dir), async (manager, registry) => {
    await manager.start();
    assert.match(registry.list()[0]!.description ?? '', /sk-canary/, 'the fixture really echoes it in the live list');
  });
  const text = readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8');
  assert.match(text, /echoes secrets/);
  assert.ok(!text.includes(canary), 'the saved list contains the secret');
});

test("a saved list is trusted for toolListMaxAge; a server's ttlMs above 0 shortens it, ttlMs 0 does not (CACHE-2)", async () => {
  const log = join(scratchDir('spawns'), 'spawn.log');
  const startsCold = async (extra: Record<string, unknown>, env: Record<string, string>, waitMs: number): Promise<boolean> => {
    const store = memoryToolListStore();
    const { entry, cleanup } = memoryEntry('memory', log, { start: 'lazy', ...extra }, env);
    try {
      await run([entry], store, (m) => m.start());
      await new Promise((r) => setTimeout(r, waitMs));
      return await run([entry], store, async (m) => (await m.start()).ready.length === 1);
    } finally {
      cleanup();
    }
  };
  assert.equal(await startsCold({ toolListMaxAge: '300ms' }, {}, 500), true, 'older than toolListMaxAge: started again');
  assert.equal(await startsCold({ toolListMaxAge: '1h' }, { TTL_MS: '300' }, 500), true, 'older than the server ttlMs: started again');
  assert.equal(await startsCold({ toolListMaxAge: '1h' }, { TTL_MS: '0' }, 500), false, 'ttlMs 0 leaves the maxAge in charge');
  assert.equal(await startsCold({ toolListMaxAge: '300ms' }, { TTL_MS: '3600000' }, 500), true, 'a long ttlMs never extends the maxAge');
});

test('tools/list_changed replaces the saved list (TOOLS-3)', async () => {
  const store = memoryToolListStore();
  const script = join(repoRoot, 'test', 'fixtures', 'manager', 'list-changing.mjs');
  const entry = { name: 'dyn', command: process.execPath, args: [script], start: 'lazy' };
  const key = toolListKey(testConfig([entry]).servers[0]!);
  await run([entry], store, async (manager, registry) => {
    await manager.start();
    assert.deepEqual(
      store.get(key)!.tools.map((t) => t.name),
      ['echo', 'grow'],
    );
    await registry.execute('grow', {});
    await until(() => registry.has('extra_2'), 'the new tool');
    assert.deepEqual(
      store.get(key)!.tools.map((t) => t.name),
      ['echo', 'grow', 'extra_2'],
    );
  });
});

test('idleStopAfter stops a server nobody calls, keeps its tools registered, and the next call starts it again', async () => {
  const log = join(scratchDir('spawns'), 'spawn.log');
  const everything = officialServer('everything');
  const entry = everythingEntry(log, { idleStopAfter: '400ms' });
  try {
    await run([entry], memoryToolListStore(), async (manager, registry) => {
      await manager.start();
      const names = registry.list().map((d) => d.name);
      const pid = manager.status()[0]!.pid!;
      assert.match((await registry.execute('echo', { message: 'one' })).text, /one/);
      await until(() => manager.status()[0]!.state === 'idle', 'the idle stop');
      await until(() => readProc(pid) === undefined || readProc(pid)!.state === 'Z', 'the process to end');
      assert.deepEqual(
        registry.list().map((d) => d.name),
        names,
        'the tools stay registered',
      );
      assert.equal(registry.toLLMSpecs('openai').specs.length, names.length);
      assert.equal(spawnsIn(log), 1);
      assert.match((await registry.execute('echo', { message: 'two' })).text, /two/);
      assert.equal(spawnsIn(log), 2, 'the call started it again');
      assert.notEqual(manager.status()[0]!.pid, pid);
      assert.equal(manager.status()[0]!.state, 'ready');
    });
  } finally {
    everything.cleanup();
  }
});

test('a call in flight keeps an idle-stopping server up, however long it runs', async () => {
  const log = join(scratchDir('spawns'), 'spawn.log');
  const entry = everythingEntry(log, { idleStopAfter: '200ms' });
  await run([entry], memoryToolListStore(), async (manager, registry) => {
    await manager.start();
    const states: string[] = [];
    manager.events.on('state', ({ state }) => states.push(state));
    // Five times the idle time, in one call.
    const long = await registry.execute('trigger-long-running-operation', { duration: 1, steps: 4 });
    assert.equal(long.isError, false, long.text);
    assert.deepEqual(states, [], 'not stopped during the call');
    await until(() => manager.status()[0]!.state === 'idle', 'the idle stop after the call');
    assert.equal(spawnsIn(log), 1);
  });
});

test('a lazy server with resources and prompts: the synthetic tools come from the saved list too, and start it when called', async () => {
  const log = join(scratchDir('spawns'), 'spawn.log');
  const store = memoryToolListStore();
  const entry = everythingEntry(log, { start: 'lazy', resources: true, prompts: true, prefix: 'ev_' });
  const names = await run([entry], store, async (manager, registry) => {
    await manager.start();
    return registry.list().map((d) => d.name);
  });
  assert.ok(names.includes('ev_list_resources') && names.includes('ev_get_prompt'), names.join());
  await run([entry], store, async (manager, registry) => {
    assert.deepEqual((await manager.start()).lazy, ['everything']);
    assert.deepEqual(
      registry.list().map((d) => d.name),
      names,
    );
    assert.equal(spawnsIn(log), 1);
    const listing = await registry.execute('ev_list_resources', {});
    assert.equal(listing.isError, false, listing.text);
    assert.match(listing.text, /resource/i);
    assert.equal(spawnsIn(log), 2, 'the synthetic tool started the server');
  });
});

test('a lazy server with resources started on its own, before the context tools were loaded: its synthetic tools still come, from the saved list', async () => {
  const log = join(scratchDir('spawns'), 'spawn.log');
  const store = memoryToolListStore();
  const entry = everythingEntry(log, { start: 'lazy', resources: true, prefix: 'ev_' });
  await run([entry], store, async (manager) => {
    await manager.start();
  });
  await run([entry], store, async (manager, registry) => {
    // In the tick the manager was built: the handle publishes its saved tools before the module that
    // defines the context tools has arrived (imported on first use), so they join once it has.
    await manager.server('everything').start();
    await until(() => registry.list().some((d) => d.name === 'ev_list_resources'), 'the context tools of the saved list');
    assert.equal(spawnsIn(log), 1, 'only the first run spawned the server');
  });
});
