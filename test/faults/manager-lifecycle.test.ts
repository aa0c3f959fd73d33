// Manager faults around a server's life: every failed start or restart closes what it spawned
// (checked through /proc while the manager is still open), and a server without `ping` (-32601)
// is alive, not unresponsive (PING-3: only a missing answer is a miss).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Manager } from '../../src/manager/manager.js';
import { nodeEntry, testConfig, writeConfigFile } from '../helpers/config.js';
import { assertNoProcesses, isAlive, killAll, procAvailable } from '../helpers/no-orphans.js';
import { fixtureServerScript, repoRoot, scratchDir } from '../helpers/servers.js';

const script = fixtureServerScript('startup-faults');

function entry(name: string, mode: string, extra: Record<string, unknown> = {}) {
  const log = join(scratchDir('spawns'), 'spawns.log');
  const e = nodeEntry(name, script, extra);
  (e.args as string[]).push(mode);
  e.env = { SPAWN_LOG: log };
  return { entry: e, spawned: () => pidsIn(log) };
}

function pidsIn(log: string): number[] {
  try {
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('spawn '))
      .map((l) => Number(l.slice(6)));
  } catch {
    return [];
  }
}

async function until(cond: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('manager faults: failed starts and restarts leave no process behind', { skip: !procAvailable() && 'needs /proc' }, () => {
  it('a server that crashes, then hangs on every restart: failed, and no attempt outlives its failure (before close)', async () => {
    const s = entry('flaky', 'crash-then-hang', { startupTimeout: '700ms', timeout: '700ms' });
    const manager = new Manager(testConfig([s.entry]), { restartPolicy: { maxRestarts: 2, initialDelayMs: 20, jitter: 0 } });
    try {
      await manager.start();
      await until(() => manager.status()[0]!.state === 'failed', 'the restarts to give up');
      const pids = s.spawned();
      assert.equal(pids.length, 3, `one start and two restarts: ${pids.join(', ')}`);
      await assertNoProcesses(pids, { timeoutMs: 8000, message: 'failed restart attempts left processes behind while the manager is open' });
    } finally {
      await manager.close();
      killAll(s.spawned().filter(isAlive));
    }
  });

  it('a server that answers initialize but never tools/list: failed at start, its process closed (before close)', async () => {
    const s = entry('mute', 'no-tools-list', { startupTimeout: '700ms', timeout: '700ms' });
    const manager = new Manager(testConfig([s.entry]), { restartPolicy: { maxRestarts: 0 } });
    try {
      const summary = await manager.start();
      assert.deepEqual(
        summary.failed.map((f) => f.server),
        ['mute'],
      );
      const pids = s.spawned();
      assert.equal(pids.length, 1);
      await assertNoProcesses(pids, { timeoutMs: 8000, message: 'a failed start left its process behind while the manager is open' });
    } finally {
      await manager.close();
      killAll(s.spawned().filter(isAlive));
    }
  });
});

describe('manager faults: a server without ping (-32601) is alive', () => {
  it('health pings answered with -32601 never restart it (PING-3)', async () => {
    const s = entry('noping', 'no-ping', { pingInterval: '100ms' });
    const manager = new Manager(testConfig([s.entry]), { restartPolicy: { initialDelayMs: 20, jitter: 0 } });
    try {
      await manager.start();
      const pid = manager.status()[0]!.pid;
      // Ten intervals: two misses in a row would have restarted it several times over.
      await new Promise((r) => setTimeout(r, 1000));
      const status = manager.status()[0]!;
      assert.equal(status.state, 'ready');
      assert.equal(status.restarts, 0, status.lastError);
      assert.equal(status.pid, pid);
      assert.equal(s.spawned().length, 1);
    } finally {
      await manager.close();
    }
  });

  it('doctor does not report "ping failed" for a -32601 answer', () => {
    const s = entry('noping', 'no-ping');
    const config = writeConfigFile([s.entry]);
    const r = spawnSync(process.execPath, [join(repoRoot, 'dist', 'src', 'cli', 'main.js'), '--config', config, 'doctor'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.doesNotMatch(r.stdout + r.stderr, /ping failed/);
    assert.match(r.stdout, /✓ noping: ready/);
    assert.match(r.stdout, /ping \d+\.\d ms/);
  });
});
