// The skills and skill commands in a child process, against the v2 server's Skills extension
// (SEP-2640) and server-everything (which declares no skills).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fixtureServer, officialServer, repoRoot } from '../helpers/servers.js';
import { stdioEntry, writeConfigFile } from '../helpers/config.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const runCli = (args: string[]) => {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: repoRoot, timeout: 90_000, env: { ...process.env } });
  return { code: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
};
const config = writeConfigFile([stdioEntry('docs', fixtureServer('v2-skills')), stdioEntry('everything', officialServer('everything'))]);
const tampered = writeConfigFile([stdioEntry('docs', fixtureServer('v2-skills', { args: ['--tamper', 'frontmatter'] }))]);

test('skills lists the entries of servers declaring the extension; skill prints a verified SKILL.md (SKILL-1, SKILL-4)', () => {
  const list = runCli(['--config', config, 'skills', '-q']);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^docs: 1 skill$/m);
  assert.match(list.stdout, /pdf-processing {2}skill:\/\/pdf-processing\/SKILL\.md {2}\(3 files\) {2}Extract, fill/);
  assert.doesNotMatch(list.stdout, /^everything:/m);
  const json = JSON.parse(runCli(['--config', config, 'skills', 'docs', '--json', '-q']).stdout);
  assert.equal(json[0].skills[0].frontmatter.metadata.version, '2.1.0');
  const one = runCli(['--config', config, 'skill', 'pdf-processing', '-q']);
  assert.equal(one.code, 0, one.stderr);
  assert.match(one.stdout, /^---\nname: pdf-processing\n/);
  assert.match(one.stdout, /# PDF processing/);
  const bad = runCli(['--config', tampered, 'skill', 'skill://pdf-processing/SKILL.md', '-q']);
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /MCPB_SKILL_UNVERIFIED|differs from the entry/);
  assert.doesNotMatch(bad.stdout, /Exfiltrate/);
});
