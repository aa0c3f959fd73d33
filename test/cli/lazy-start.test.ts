// `mcp-bridge tools --json` and `doctor` with a lazy server: the first run starts it once and saves
// its tool list under MCP_BRIDGE_STATE_DIR; later runs list every tool from that list and spawn
// nothing (counted by the spawn counter around the official memory server).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureServerScript, officialServer, officialServerScript, repoRoot, scratchDir } from '../helpers/servers.js';
import { writeConfigFile } from '../helpers/config.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const spawnsIn = (log: string) =>
  existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('spawn ')).length
    : 0;

test('with a warm saved list, tools --json lists every tool of a lazy server and spawns zero processes; doctor says where the list came from and its age', () => {
  const stateDir = scratchDir('state');
  const log = join(scratchDir('spawns'), 'spawn.log');
  const memory = officialServer('memory');
  const config = writeConfigFile([
    {
      name: 'memory',
      command: process.execPath,
      args: [fixtureServerScript('spawn-counter'), officialServerScript('memory')],
      env: { ...memory.env, SPAWN_LOG: log },
      start: 'lazy',
      toolListMaxAge: '1d',
    },
  ]);
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [cli, '--config', config, ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, MCP_BRIDGE_STATE_DIR: stateDir },
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  try {
    const first = run('doctor');
    assert.match(first.stdout, /lazy: its tool list is saved for the next runs/);
    assert.equal(spawnsIn(log), 1, 'no saved list yet: started once to learn its tools');
    const cold = run('tools', '--json');
    assert.equal(cold.code, 0, cold.stderr);
    assert.equal(spawnsIn(log), 1, 'the doctor run saved the list');
    assert.ok(existsSync(join(stateDir, 'tool-lists')), 'saved next to the era cache');

    const warm = run('tools', '--json');
    assert.equal(warm.code, 0, warm.stderr);
    assert.equal(spawnsIn(log), 1, 'a warm run spawns nothing');
    assert.deepEqual(JSON.parse(warm.stdout), JSON.parse(cold.stdout), 'the same tools, schemas and order');
    assert.ok(JSON.parse(warm.stdout).length >= 9);
    assert.match(warm.stderr, /memory: lazy, \d+ tools from the saved list \(\d+s old\)/);

    const doctor = run('doctor');
    assert.equal(doctor.code, 0, doctor.stdout + doctor.stderr);
    assert.equal(spawnsIn(log), 1, 'doctor does not start a lazy server either');
    assert.match(doctor.stdout, /memory: idle \(lazy\)/);
    assert.match(doctor.stdout, /not running; \d+ tools from the saved tool list \(\d+s old\); starts at its first call/);
    assert.match(doctor.stdout, /no problems found/);
    const report = JSON.parse(run('doctor', '--json').stdout);
    assert.equal(report.servers[0].toolsFrom, 'saved');
    assert.equal(typeof report.servers[0].toolsAgeMs, 'number');

    const refreshed = run('doctor', '--refresh');
    assert.equal(refreshed.code, 0, refreshed.stdout + refreshed.stderr);
    assert.equal(spawnsIn(log), 2, 'doctor --refresh forgets the saved list: the lazy server starts to list its tools');
    assert.match(refreshed.stdout, /lazy: its tool list is saved for the next runs \(listed \d+s ago\)/);

    const call = run('call', 'read_graph', '-q');
    assert.equal(call.code, 0, call.stderr);
    assert.equal(spawnsIn(log), 3, 'a call starts it');
  } finally {
    memory.cleanup();
  }
});

test('resources and prompts commands start a lazy server that has not run yet: only a running server can list them', () => {
  const stateDir = scratchDir('state');
  const log = join(scratchDir('spawns'), 'spawn.log');
  const config = writeConfigFile([
    {
      name: 'everything',
      command: process.execPath,
      args: [fixtureServerScript('spawn-counter'), officialServerScript('everything'), 'stdio'],
      env: { SPAWN_LOG: log },
      start: 'lazy',
    },
  ]);
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [cli, '--config', config, ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, MCP_BRIDGE_STATE_DIR: stateDir },
    });
  assert.equal(run('tools', '-q').status, 0);
  assert.equal(spawnsIn(log), 1);
  const resources = run('resources');
  assert.equal(resources.status, 0, resources.stderr);
  assert.match(resources.stdout, /everything/);
  assert.equal(spawnsIn(log), 2);
  const prompts = run('prompts', 'everything');
  assert.equal(prompts.status, 0, prompts.stderr);
  assert.match(prompts.stdout, /simple|prompt/i);
});
