// The CLI, manager, registry and bridge unchanged on both eras: a modern-only v2 server beside an
// SDK 1.x one in one config; the era verdicts persist in the state dir (VER-7), so a second `call`
// pays no probe; doctor shows the era and where it came from (this start's probe, or a saved verdict
// and its age), and `doctor --refresh` replaces a verdict that went wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { officialServer, repoRoot, scratchDir } from '../helpers/servers.js';
import { stdioEntry, writeConfigFile } from '../helpers/config.js';
import { v2Stdio } from '../helpers/v2-server.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const stateDir = scratchDir('state');
const run = (args: string[], state = stateDir) => {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, MCP_BRIDGE_STATE_DIR: state },
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

test('VER-7: doctor --refresh probes every server afresh and replaces a remembered verdict that went wrong', () => {
  const state = scratchDir('state-refresh');
  const dual = writeConfigFile([stdioEntry('dual', v2Stdio())]);
  // Its era is modern whether or not its answer beat the 1 s probe wait on a loaded machine.
  const first = run(['--config', dual, 'doctor', '-q'], state);
  assert.equal(first.code, 0, first.stdout + first.stderr);
  // A definite legacy verdict for this dual-era server, fresh: trusted for a day, so used as it is.
  const file = join(state, 'era-cache.json');
  const [key] = Object.keys(JSON.parse(readFileSync(file, 'utf8')));
  const wrong = { era: 'legacy', protocolVersion: '2025-11-25', at: Date.now(), basis: 'answer', server: 'v2-probe@2.4.0' };
  writeFileSync(file, JSON.stringify({ [key!]: wrong }));
  const stuck = run(['--config', dual, 'doctor', '-q'], state);
  assert.match(stuck.stdout, /protocol 2025-11-25 \(legacy era, initialize\)/, 'the remembered verdict is used');
  const refreshed = run(['--config', dual, 'doctor', '--refresh', '-q'], state);
  assert.equal(refreshed.code, 0, refreshed.stdout + refreshed.stderr);
  const after = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { era: string }>;
  assert.equal(after[key!]?.era, 'modern', 'replaced by what the probe found');
  // A server known to answer the probe is waited for, so from now on it is reached in its era.
  assert.match(run(['--config', dual, 'doctor', '-q'], state).stdout, /protocol 2026-07-28 \(modern era, stateless\)/);
});

test('VER-7: doctor says where each era came from: probed, then the saved answer and its age, then probed afresh with --refresh', () => {
  const state = scratchDir('state-source');
  const both = writeConfigFile([stdioEntry('legacy', everything, { tools: ['echo'] }), stdioEntry('dual', v2Stdio())]);
  const sources = (stdout: string) => {
    const report = JSON.parse(stdout) as { servers: { name: string; eraSource?: Record<string, unknown> }[] };
    return Object.fromEntries(report.servers.map((s) => [s.name, s.eraSource]));
  };
  const first = run(['--config', both, 'doctor', '-q'], state);
  assert.equal(first.code, 0, first.stdout + first.stderr);
  assert.equal(first.stdout.match(/era: probed at this start \(the server answered the probe\)/g)?.length, 2, first.stdout);

  // server-everything refused the probe (an answer): its legacy verdict is used as it is, unprobed.
  const second = run(['--config', both, 'doctor', '-q'], state);
  assert.match(second.stdout, /era: saved answer, \d+[sm] old \(not probed; doctor --refresh probes again\)/);
  // A saved modern verdict is no reason to skip the probe, only to wait longer for its answer.
  assert.match(second.stdout, /era: probed at this start \(the server answered the probe\); the saved modern verdict, \d+[sm] old, let it wait longer/);
  const json = sources(run(['--config', both, 'doctor', '--json', '-q'], state).stdout);
  assert.equal(json.legacy?.from, 'saved');
  assert.equal(json.legacy?.basis, 'answer');
  assert.ok(typeof json.legacy?.savedAgeMs === 'number' && json.legacy.savedAgeMs < 10 * 60_000, JSON.stringify(json.legacy));
  assert.equal(json.dual?.from, 'probe');
  assert.equal(typeof json.dual?.savedAt, 'number');

  const refreshed = run(['--config', both, 'doctor', '--refresh', '-q'], state);
  assert.equal(refreshed.stdout.match(/era: probed afresh \(--refresh; the server answered the probe\)/g)?.length, 2, refreshed.stdout);
  const afresh = sources(run(['--config', both, 'doctor', '--refresh', '--json', '-q'], state).stdout);
  assert.deepEqual(afresh.legacy, { from: 'probe', basis: 'answer', refreshed: true });
  assert.deepEqual(afresh.dual, { from: 'probe', basis: 'answer', refreshed: true });
});
