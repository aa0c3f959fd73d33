// The manager over real servers: parallel start, prefixes and filters in the registry, calls routed
// to the right server, failure isolation, restart after a kill, list_changed refresh, clean close.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { Manager } from '../../src/manager/manager.js';
import { Registry } from '../../src/adapters/registry.js';
import { fixtureServerScript, officialServer, repoRoot } from '../helpers/servers.js';
import { nodeEntry, stdioEntry, testConfig } from '../helpers/config.js';
import { assertNoProcesses, descendantsOf } from '../helpers/no-orphans.js';

const fixture = (name: string) => join(repoRoot, 'test', 'fixtures', 'manager', name);

async function until(cond: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

test('three real servers fill the registry with exactly the expected names; calls reach the right server', async () => {
  const fs = officialServer('filesystem');
  const memory = officialServer('memory');
  const everything = officialServer('everything');
  writeFileSync(join(fs.dir!, 'note.txt'), 'from the filesystem server');
  const config = testConfig([
    stdioEntry('fs', fs, { prefix: 'fs_' }),
    stdioEntry('memory', memory, { tools: ['read_graph', 'create_entities'] }),
    stdioEntry('everything', everything, { timeout: '20s' }),
  ]);
  const registry = new Registry();
  const manager = new Manager(config, { registry });
  try {
    const summary = await manager.start();
    assert.deepEqual(summary.ready.sort(), ['everything', 'fs', 'memory']);
    const names = registry.list().map((d) => d.name);
    const fsNames = names.filter((n) => n.startsWith('fs_'));
    assert.ok(fsNames.includes('fs_read_text_file') && fsNames.includes('fs_list_directory'));
    assert.equal(fsNames.length, manager.server('fs').currentTools.length, 'every fs tool, prefixed');
    assert.ok(names.includes('read_graph') && names.includes('create_entities'));
    assert.ok(!names.includes('search_nodes'), 'memory tools outside the filter are not exposed');
    assert.ok(names.includes('echo') && names.includes('get-sum'));
    const expectedCount = manager.server('fs').currentTools.length + 2 + manager.server('everything').currentTools.length;
    assert.equal(names.length, expectedCount);

    const read = await registry.execute('fs_read_text_file', { path: join(fs.dir!, 'note.txt') });
    assert.equal(read.isError, false);
    assert.match(read.text, /from the filesystem server/);
    const sum = await registry.execute('get-sum', { a: 1, b: 2 });
    assert.match(sum.text, /3/);
    await registry.execute('create_entities', { entities: [{ name: 'X', entityType: 't', observations: ['o'] }] });
    assert.match((await registry.execute('read_graph', {})).text, /"X"/);

    const status = manager.status();
    for (const s of status) {
      assert.equal(s.state, 'ready');
      assert.ok(s.pid! > 0);
      assert.equal(s.protocolVersion, '2025-11-25');
      assert.ok(s.toolCount > 0);
    }
  } finally {
    const pids = manager
      .status()
      .map((s) => s.pid!)
      .filter(Boolean);
    const tree = pids.flatMap((p) => [p, ...descendantsOf(p)]);
    await manager.close();
    await assertNoProcesses(tree);
    assert.equal(registry.list().length, 0);
    fs.cleanup();
    memory.cleanup();
    everything.cleanup();
  }
});

test('a server with a bad command is reported while the others serve', async () => {
  const memory = officialServer('memory');
  const config = testConfig([
    { name: 'broken', command: '/definitely/not/a/command' },
    stdioEntry('crashing', { command: process.execPath, args: ['-e', "process.stderr.write('missing API key\\n'); process.exit(2)"] }),
    stdioEntry('memory', memory),
  ]);
  const registry = new Registry();
  const manager = new Manager(config, { registry });
  try {
    const summary = await manager.start();
    assert.deepEqual(summary.ready, ['memory']);
    assert.deepEqual(summary.failed.map((f) => f.server).sort(), ['broken', 'crashing']);
    const broken = manager.server('broken').status();
    assert.equal(broken.state, 'failed');
    assert.equal(broken.lastErrorCode, 'MCPB_SPAWN_FAILED');
    assert.match(broken.lastError!, /not\/a\/command/);
    const crashing = manager.server('crashing').status();
    assert.equal(crashing.lastErrorCode, 'MCPB_SERVER_START_FAILED');
    assert.match(crashing.lastError!, /code 2/);
    assert.match(crashing.lastError!, /missing API key/);
    assert.ok(registry.has('read_graph'));
    await assert.rejects(manager.server('broken').callTool('x', {}), (e: any) => e.code === 'MCPB_SERVER_UNAVAILABLE');
  } finally {
    await manager.close();
    memory.cleanup();
  }
});

test('a killed server is restarted with backoff and its tools come back (STDIO-9)', async () => {
  const memory = officialServer('memory');
  const config = testConfig([stdioEntry('memory', memory)]);
  const registry = new Registry();
  const manager = new Manager(config, { registry, restartPolicy: { initialDelayMs: 50, jitter: 0 } });
  try {
    await manager.start();
    const firstPid = manager.status()[0].pid!;
    assert.ok(registry.has('read_graph'));
    process.kill(firstPid, 'SIGKILL');
    await until(() => !registry.has('read_graph'), 'tools withdrawn after the crash');
    const whileDown = await registry.execute('read_graph', {});
    assert.equal(whileDown.isError, true, 'a call while down fails fast as an error result');
    await until(() => manager.status()[0].state === 'ready' && registry.has('read_graph'), 'restart');
    const after = manager.status()[0];
    assert.notEqual(after.pid, firstPid);
    assert.equal(after.restarts, 1);
    const result = await registry.execute('read_graph', {});
    assert.equal(result.isError, false);
  } finally {
    await manager.close();
    memory.cleanup();
  }
});

// Issue 11 item 8: during a restart the LLM used to be told 'No tool named "echo" is registered'.
test('while a server restarts its tools leave the specs, and a call names the server, its state, the next attempt and what to do', async () => {
  const config = testConfig([nodeEntry('echoer', fixtureServerScript('echo-server'))]);
  const registry = new Registry();
  const manager = new Manager(config, { registry, restartPolicy: { initialDelayMs: 3000, jitter: 0 } });
  try {
    await manager.start();
    assert.ok(registry.has('echo'));
    process.kill(manager.status()[0].pid!, 'SIGKILL');
    await until(() => manager.status()[0].state === 'restarting', 'restarting');
    assert.equal(registry.has('echo'), false);
    assert.equal(registry.toLLMSpecs('openai').specs.length, 0, 'withdrawn tools are not offered to the LLM');
    const result = await registry.execute('echo', { text: 'hi' });
    assert.equal(result.isError, true);
    assert.equal(result.error?.code, 'MCPB_SERVER_UNAVAILABLE');
    assert.doesNotMatch(result.text, /No tool named/);
    assert.match(result.text, /tool "echo" of server "echoer" is unavailable: the server is restarting \(next attempt in \d+ ms, restart 1 of 5\)/);
    assert.match(result.text, /nothing was sent; call it again in [1-3] s/);
    await until(() => registry.has('echo'), 'tools back after the restart');
    assert.equal((await registry.execute('echo', { text: 'hi' })).isError, false);
  } finally {
    await manager.close();
  }
  assert.equal((await registry.execute('echo', {})).error?.code, 'MCPB_TOOL_NOT_FOUND', 'after close the tool is gone for good');
});

test('tools/list_changed re-lists and updates the registry (TOOLS-3)', async () => {
  const config = testConfig([nodeEntry('dyn', fixture('list-changing.mjs'), { prefix: 'dyn_' })]);
  const registry = new Registry();
  const manager = new Manager(config, { registry });
  const changes: string[][] = [];
  registry.events.on('changed', (c) => changes.push(c.added));
  try {
    await manager.start();
    assert.deepEqual(
      registry
        .list()
        .map((d) => d.name)
        .sort(),
      ['dyn_echo', 'dyn_grow'],
    );
    await registry.execute('dyn_grow', {});
    await until(() => registry.has('dyn_extra_2'), 'the new tool');
    assert.match((await registry.execute('dyn_extra_2', {})).text, /extra_2 ran/);
    assert.ok(changes.some((added) => added.includes('dyn_extra_2')));
  } finally {
    await manager.close();
  }
});

test('a server that stops answering health pings is restarted (PING-3)', async () => {
  const config = testConfig([nodeEntry('hung', fixture('stops-answering.mjs'), { pingInterval: '150ms' })]);
  const manager = new Manager(config, { restartPolicy: { initialDelayMs: 20, jitter: 0 } });
  try {
    await manager.start();
    const firstPid = manager.status()[0].pid;
    await until(() => manager.status()[0].restarts >= 1 && manager.status()[0].state === 'ready', 'a restart after missed pings');
    assert.notEqual(manager.status()[0].pid, firstPid);
    assert.match(manager.status()[0].lastError ?? '', /health pings/);
  } finally {
    await manager.close();
  }
});
