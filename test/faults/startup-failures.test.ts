// Servers that fail at start: every output names the exit code (or signal) and the server's last
// stderr lines, masked, every time (a loop, so the race of a write to a process that already exited
// cannot hide: it used to surface as a bare EPIPE); a failing server is spawned once, not respawned
// for the era probe; and an initialize-era server that ignores the probe still connects at once
// (VER-3/VER-4, modern-era.md 3.4).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, createTransport } from '../../src/index.js';
import { Manager } from '../../src/manager/manager.js';
import { nodeEntry, stdioEntry, testConfig, writeConfigFile } from '../helpers/config.js';
import { fixtureServer, fixtureServerScript, repoRoot, scratchDir } from '../helpers/servers.js';

const script = fixtureServerScript('startup-faults');
const SECRET = 'sk-test-9f8e7d6c5b4a';
const ROUNDS = 10;
const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');

function faultEntry(name: string, mode: string, env: Record<string, string> = {}) {
  const log = join(scratchDir('spawns'), 'spawns.log');
  const e = nodeEntry(name, script);
  (e.args as string[]).push(mode);
  e.env = { SPAWN_LOG: log, ...env };
  return {
    entry: e,
    spawns: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('spawn ')).length,
  };
}

/** One start through the manager (era auto, respawn wired, as an agent runs it): the start error and the time it took. */
async function failedStart(entry: Record<string, unknown>): Promise<{ error: any; ms: number }> {
  const manager = new Manager(testConfig([entry]));
  const started = performance.now();
  try {
    const summary = await manager.start();
    const ms = performance.now() - started;
    assert.equal(summary.failed.length, 1, 'the server failed to start');
    return { error: summary.failed[0]!.error, ms };
  } finally {
    await manager.close();
  }
}

const firstLine = (text: string) => text.split('\n')[0]!;

describe('stdio faults: a server that exits at start is explained, every time', () => {
  it(`exit 1 with a reason on stderr: ${ROUNDS}/${ROUNDS} start errors name the exit code and the stderr line, masked, in their first line`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const s = faultEntry('needs-key', 'exit-stderr', { FOO_TOKEN: SECRET });
      const { error } = await failedStart(s.entry);
      const where = `round ${round}: ${error.message}`;
      assert.equal(error.code, 'MCPB_SERVER_START_FAILED', where);
      assert.equal(error.context.exitCode, 1, where);
      assert.match(error.context.stderrTail, /FOO_KEY is required/, where);
      assert.match(firstLine(error.message), /exited with code 1.*last stderr: .*Error: FOO_KEY is required/, where);
      assert.ok(!error.message.includes(SECRET) && !error.context.stderrTail.includes(SECRET), `round ${round}: the secret leaked`);
      assert.match(error.message, /FOO_TOKEN=\*\*\*/, where);
      assert.equal(s.spawns(), 1, `round ${round}: spawned ${s.spawns()} times`);
    }
  });

  // These two exit before our first write lands, most rounds: the write fails with EPIPE, and the
  // error must still be the exit, not the broken pipe.
  it(`/bin/false: ${ROUNDS}/${ROUNDS} start errors name the exit code and that stderr was empty`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const { error } = await failedStart(stdioEntry('false', { command: '/bin/false', args: [] }));
      const where = `round ${round}: ${error.message}`;
      assert.equal(error.code, 'MCPB_SERVER_START_FAILED', where);
      assert.equal(error.context.exitCode, 1, where);
      assert.match(firstLine(error.message), /exited with code 1; it wrote nothing to stderr/, where);
    }
  });

  it(`sh -c 'echo "Error: FOO_KEY is required" >&2; exit 1': ${ROUNDS}/${ROUNDS} name the exit code and the stderr line`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const { error } = await failedStart(stdioEntry('sh', { command: 'sh', args: ['-c', 'echo "Error: FOO_KEY is required" >&2; exit 1'] }));
      const where = `round ${round}: ${error.message}`;
      assert.equal(error.code, 'MCPB_SERVER_START_FAILED', where);
      assert.equal(error.context.exitCode, 1, where);
      assert.match(firstLine(error.message), /exited with code 1; last stderr: Error: FOO_KEY is required/, where);
    }
  });

  it(`a misspelled npx package (npm's 404): ${ROUNDS}/${ROUNDS} name the exit code and npm's last lines, one spawn each`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const s = faultEntry('wether', 'npm-404');
      const { error } = await failedStart(s.entry);
      const where = `round ${round}: ${error.message}`;
      assert.equal(error.context.exitCode, 1, where);
      assert.match(firstLine(error.message), /exited with code 1; last stderr: .*npm error 404/, where);
      assert.equal(s.spawns(), 1, `round ${round}: spawned ${s.spawns()} times`);
    }
  });

  it('a process killed by a signal at start: the error names the signal', async () => {
    const { error } = await failedStart(stdioEntry('killed', { command: 'sh', args: ['-c', 'echo "about to die" >&2; kill -9 $$'] }));
    assert.equal(error.context.signal, 'SIGKILL', error.message);
    assert.match(firstLine(error.message), /was killed by SIGKILL; last stderr: about to die/);
  });

  it('the CLI: the one-line error of tools and call, doctor, and doctor --json all carry the exit code and the stderr line, masked', () => {
    const s = faultEntry('needs-key', 'exit-stderr', { FOO_TOKEN: SECRET });
    const config = writeConfigFile([s.entry]);
    const run = (...args: string[]) => spawnSync(process.execPath, [cli, '--config', config, ...args], { encoding: 'utf8', timeout: 60_000 });
    for (let round = 1; round <= 3; round++) {
      for (const command of [['tools'], ['call', 'echo', 'text=hi']]) {
        const r = run(...command);
        const out = r.stdout + r.stderr;
        assert.equal(r.status, 3, `${command[0]}: ${out}`);
        const line = out.split('\n').find((l) => l.includes('✗ needs-key'));
        assert.ok(line, `${command[0]} printed no one-line error: ${out}`);
        assert.match(line, /exited with code 1; last stderr: .*Error: FOO_KEY is required/);
        assert.ok(!out.includes(SECRET), `${command[0]}: the secret leaked`);
      }
    }
    const doctor = run('doctor');
    assert.match(doctor.stdout, /exited with code 1; last stderr: .*Error: FOO_KEY is required/);
    const json = run('doctor', '--json', '-q');
    const lastError = JSON.stringify(json.stdout.slice(json.stdout.indexOf('{')));
    assert.match(lastError, /exited with code 1; last stderr: .*Error: FOO_KEY is required/);
    assert.ok(!(doctor.stdout + json.stdout).includes(SECRET));
    assert.equal(s.spawns(), 8, 'one spawn per run');
  });
});

describe('era probe: a server that exits on the probe is still respawned once (rmcp < 3)', () => {
  for (const [code, how] of [
    ['0', 'exit 0 without a word'],
    ['1', "exit 1 saying it expected initialize (rmcp's complaint)"],
  ] as const) {
    it(`${how}: respawned once, initialized directly (VER-3, VER-4)`, async () => {
      const s = faultEntry('rmcp-like', 'refuses-probe', { EXIT_CODE: code });
      // A different command line per case: the in-process era cache (VER-7) would skip the probe.
      (s.entry.args as string[]).push(`case-${code}`);
      const manager = new Manager(testConfig([s.entry]));
      try {
        const summary = await manager.start();
        assert.deepEqual(summary.ready, ['rmcp-like'], JSON.stringify(summary.failed.map((f) => String(f.error))));
        assert.equal(manager.status()[0]!.era, 'legacy');
        assert.equal(s.spawns(), 2);
      } finally {
        await manager.close();
      }
    });
  }
});

describe('era probe: an initialize-era server that ignores server/discover (fastmcp)', () => {
  it('connects well before the startup timeout, on the same process, with initialize (VER-3, VER-4)', async () => {
    const launch = fixtureServer('era-trap', { args: ['silent'] });
    let spawns = 1;
    const stderr: string[] = [];
    const open = () => createTransport({ command: launch.command, args: launch.args, onStderrLine: (l) => stderr.push(l) });
    // No probeTimeoutMs: the defaults decide.
    const client = new Client(await open(), {
      name: 'fastmcp-like',
      startupTimeoutMs: 4000,
      respawn: async () => {
        spawns++;
        return open();
      },
    });
    const started = performance.now();
    try {
      await client.connect();
      const ms = performance.now() - started;
      assert.equal(client.era, 'legacy');
      assert.equal(spawns, 1);
      assert.ok(ms < 3000, `connected after ${Math.round(ms)} ms of a 4000 ms startup budget`);
      assert.ok(stderr.includes('got initialize'), stderr.join('\n'));
      assert.ok(!stderr.includes('got notifications/cancelled'));
    } finally {
      await client.close();
    }
  });

  it('with a short startup budget the probe takes at most half of it, and initialize still goes out in time', async () => {
    const launch = fixtureServer('era-trap', { args: ['silent'] });
    const client = new Client(await createTransport({ command: launch.command, args: launch.args }), {
      name: 'fastmcp-like',
      startupTimeoutMs: 1200,
      probeTimeoutMs: 5000,
    });
    try {
      await client.connect();
      assert.equal(client.era, 'legacy');
    } finally {
      await client.close();
    }
  });
});
