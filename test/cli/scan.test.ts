// `mcp-bridge scan` end to end in a child process: a config with a server whose list holds a
// poisoned tool (a fixture: no real server ships one) and the official everything and memory
// servers. --json prints exactly { findings: [{ server, tool, rule, severity, excerpt }] }; the exit
// code is 1 on a high finding, 0 on a clean config, 3 when a server cannot start, 2 on bad usage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fixtureServerScript, officialServer, repoRoot } from '../helpers/servers.js';
import { nodeEntry, stdioEntry, writeConfigFile } from '../helpers/config.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');

function runCli(args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: repoRoot, timeout: 90_000, env: { ...process.env } });
  return { code: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
}

const clean = [stdioEntry('everything', officialServer('everything')), stdioEntry('memory', officialServer('memory'), { prefix: 'memory_' })];
const poisoned = [nodeEntry('calc', fixtureServerScript('poisoned-tools')), ...clean];

test('scan --json: exactly { findings: [...] } with the five fields, the poisoned tool found, exit 1 on a high finding', () => {
  const r = runCli(['--config', writeConfigFile(poisoned), 'scan', '--json', '-q']);
  assert.equal(r.code, 1, r.stderr);
  const doc = JSON.parse(r.stdout) as { findings: Array<Record<string, unknown>> };
  assert.deepEqual(Object.keys(doc), ['findings']);
  assert.ok(doc.findings.length >= 2);
  for (const f of doc.findings) {
    assert.deepEqual(Object.keys(f), ['server', 'tool', 'rule', 'severity', 'excerpt']);
    assert.ok(['high', 'medium', 'low'].includes(f.severity as string));
  }
  const rules = doc.findings.filter((f) => f.server === 'calc' && f.tool === 'add').map((f) => f.rule);
  assert.ok(rules.includes('hidden-instructions') && rules.includes('credential-access'), rules.join(', '));
  assert.ok(
    doc.findings.every((f) => f.server === 'calc' && f.tool === 'add'),
    'only the poisoned tool',
  );
});

test('scan: findings grouped per server in text; a clean config exits 0', () => {
  const r = runCli(['--config', writeConfigFile(poisoned), 'scan', '-q']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /^calc: 3 tools, \d+ findings\n {2}HIGH {3}add {2}hidden-instructions\n/m);
  assert.match(r.stdout, /^everything: \d+ tools, no findings$/m);
  assert.match(r.stdout, /^memory: 9 tools, no findings$/m);
  assert.match(r.stdout, /\d+ findings \(\d+ high, \d+ medium, \d+ low\) in 1 of \d+ tools on 3 servers/);
  const ok = runCli(['--config', writeConfigFile(clean), 'scan', '--json', '-q']);
  assert.equal(ok.code, 0, ok.stderr);
  assert.deepEqual(JSON.parse(ok.stdout), { findings: [] });
});

test('scan: exit 3 when a server cannot start (nothing high in the rest), 2 on an unexpected argument', () => {
  const broken = [...clean, stdioEntry('gone', { command: join(repoRoot, 'no-such-server'), args: [] })];
  const r = runCli(['--config', writeConfigFile(broken), 'scan', '--json', '-q']);
  assert.equal(r.code, 3, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { findings: [] });
  assert.equal(runCli(['--config', writeConfigFile(clean), 'scan', 'extra']).code, 2);
});
