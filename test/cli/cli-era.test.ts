// The CLI, manager, registry and bridge unchanged on both eras (issue 12): a modern-only v2 server
// beside an SDK 1.x one in one config; the era verdicts persist in the state dir (VER-7), so a
// second `call` pays no probe; doctor shows the era.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { officialServer, repoRoot, scratchDir } from '../helpers/servers.js';
import { stdioEntry, writeConfigFile } from '../helpers/config.js';
import { v2Stdio } from '../helpers/v2-server.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const stateDir = scratchDir('state');
const run = (args: string[]) => {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, MCP_BRIDGE_STATE_DIR: stateDir },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

const everything = officialServer('everything');
const config = writeConfigFile([
  stdioEntry('modern', v2Stdio({ reject: true }), { prefix: 'm_' }),
  stdioEntry('legacy', everything, { prefix: 'l_', tools: ['echo'] }),
]);

test('tools, call and doctor work unchanged across a modern-only and a legacy server; verdicts persisted', () => {
  const tools = run(['--config', config, 'tools', '--json', '-q']);
  assert.equal(tools.code, 0, tools.stderr);
  const names = JSON.parse(tools.stdout).map((t: { name: string }) => t.name);
  assert.ok(names.includes('m_echo') && names.includes('m_weather') && names.includes('l_echo'), names.join(','));
  const cache = JSON.parse(readFileSync(join(stateDir, 'era-cache.json'), 'utf8')) as Record<string, { era: string }>;
  assert.deepEqual(
    Object.values(cache)
      .map((v) => v.era)
      .sort(),
    ['legacy', 'modern'],
  );
  const modern = run(['--config', config, 'call', 'm_echo', JSON.stringify({ text: 'hi' }), '-q']);
  assert.equal(modern.code, 0, modern.stderr);
  assert.match(modern.stdout, /hi/);
  const legacy = run(['--config', config, 'call', 'l_echo', JSON.stringify({ message: 'yo' }), '-q']);
  assert.equal(legacy.code, 0, legacy.stderr);
  assert.match(legacy.stdout, /yo/);
  const doctor = run(['--config', config, 'doctor', '-q']);
  assert.equal(doctor.code, 0, doctor.stdout + doctor.stderr);
  assert.match(doctor.stdout, /protocol 2026-07-28 \(modern era, stateless\)/);
  assert.match(doctor.stdout, /protocol 2025-11-25 \(legacy era, initialize\)/);
});
