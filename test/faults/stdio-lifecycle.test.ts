// Stdio faults around a server's life: stuck at startup, stdout closed while alive, SIGTERM ignored
// with a grandchild in its own session. Outcomes: the typed error at the deadline or at EOF (not
// after the teardown's grace periods), and nothing left running.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Manager } from '../../src/manager/manager.js';
import { assertNoProcesses, isAlive, killAll, procAvailable, processTree } from '../helpers/no-orphans.js';
import { nodeEntry, testConfig } from '../helpers/config.js';
import { fixtureServerScript, scratchDir } from '../helpers/servers.js';
import { fastClose, faultClient, rejectsWith, within } from './harness.js';

async function pidFrom(file: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    try {
      return Number(readFileSync(file, 'utf8'));
    } catch {
      await sleep(25);
    }
  }
  throw new Error(`no pid in ${file}`);
}

describe('stdio faults: startup and shutdown', () => {
  it('connect() rejects at the startup deadline; the deaf server is torn down behind it (issue 11 item 7)', async () => {
    // covers: LIFE-1, STDIO-7
    const stdinGraceMs = 4000;
    const f = faultClient('stuck-startup', {
      client: { name: 'stuck', startupTimeoutMs: 300 },
      transport: { closeTimeouts: { stdinGraceMs, termGraceMs: 1000, killGraceMs: 2000 } },
    });
    const started = Date.now();
    const error = await rejectsWith(15_000, f.client.connect(), 'MCPB_SERVER_START_FAILED', 'connect');
    const elapsed = Date.now() - started;
    assert.match(error.message, /did not answer initialize within 300 ms/);
    const pid = f.transport.pid!;
    // The teardown is still in its stdin grace period: the rejection did not wait for it.
    assert.ok(elapsed < 300 + stdinGraceMs, `connect rejected after ${elapsed} ms`);
    if (procAvailable()) {
      assert.ok(isAlive(pid), 'the server is still being torn down when connect() rejects');
      await assertNoProcesses([pid], { timeoutMs: stdinGraceMs + 5000, message: 'the stuck server was not stopped' });
    }
    await f.client.close();
  });

  it('Manager.start() reports the failure at the startup deadline, and the server is stopped (issue 11 item 7)', async () => {
    const pidFile = join(scratchDir('stuck'), 'pid');
    const entry = nodeEntry('stuck', fixtureServerScript('stuck-startup'), { startupTimeout: '300ms', env: { STUCK_PID_FILE: pidFile } });
    const manager = new Manager(testConfig([entry]));
    try {
      const summary = await manager.start();
      assert.equal(summary.failed.length, 1);
      assert.equal((summary.failed[0]!.error as { code?: string }).code, 'MCPB_SERVER_START_FAILED');
      const pid = await pidFrom(pidFile);
      if (procAvailable()) {
        // Default stdin grace is 2 s and the server ignores EOF: start() did not wait for it.
        assert.ok(isAlive(pid), 'start() returned while the teardown was still running');
        await assertNoProcesses([pid], { timeoutMs: 10_000, message: 'the stuck server was not stopped' });
      }
    } finally {
      await manager.close();
    }
  });

  it('a server that closes stdout while alive fails the pending call at EOF, then is stopped (issue 11 item 7)', async () => {
    // covers: STDIO-8
    const f = faultClient('closes-stdout', {
      client: { name: 'mute-out', requestTimeoutMs: 60_000 },
      transport: { closeTimeouts: { stdinGraceMs: 4000, termGraceMs: 1000, killGraceMs: 2000 } },
    });
    await f.client.connect();
    const pid = f.transport.pid!;
    const error = await rejectsWith(15_000, f.client.callTool('echo', { text: 'x' }), 'MCPB_CONNECTION_CLOSED', 'the call');
    assert.match(error.message, /closed its stdout/);
    assert.match(error.message, /closing stdout, staying alive/, 'the stderr tail says what happened');
    // Failed at EOF: the process is alive, the teardown is still in its 4 s stdin grace period.
    if (procAvailable()) assert.ok(isAlive(pid), 'the call failed before the teardown ended');
    await f.closeAndCheck();
  });

  it('a server that ignores SIGTERM, behind a wrapper with a grandchild in its own session: close() leaves nothing running', {
    skip: !procAvailable(),
  }, async () => {
    // covers: STDIO-7
    const pidsFile = join(scratchDir('sigterm'), 'pids.json');
    const f = faultClient('wrapper-with-grandchild', {
      env: { WRAPPER_PIDS_FILE: pidsFile, WRAPPER_SERVER: 'ignores-sigterm', WRAPPER_ESCAPEE: '1' },
      client: { name: 'stubborn' },
    });
    await f.client.connect();
    const tools = await within(10_000, f.client.listTools(), 'tools/list');
    assert.deepEqual(
      tools.value?.map((t) => t.name),
      ['echo'],
    );
    let pids: { wrapper: number; server: number; lingerer: number; escapee?: number } | undefined;
    for (let i = 0; i < 200 && !pids; i++) {
      try {
        pids = JSON.parse(readFileSync(pidsFile, 'utf8'));
      } catch {
        await sleep(25);
      }
    }
    const tree = processTree(f.transport.pid!);
    try {
      for (const pid of [pids!.wrapper, pids!.server, pids!.lingerer, pids!.escapee!])
        assert.ok(tree.includes(pid), `${pid} is in the tree [${tree.join(', ')}]`);
      await within(fastClose.stdinGraceMs + fastClose.termGraceMs + fastClose.killGraceMs + 5000, f.client.close(), 'close()');
      await assertNoProcesses(tree, { timeoutMs: 5000, message: 'SIGTERM-deaf server tree left behind' });
    } finally {
      killAll(tree);
    }
  });
});
