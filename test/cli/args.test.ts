// The argument parser in-process: node:util parseArgs over the option table, checked per command.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseArgs, suggestCommand } from '../../src/cli/args.js';
import { COMMANDS, OPTIONS } from '../../src/cli/command-table.js';
import { markdownReference } from '../../src/cli/help.js';

test('flags take =true/=false, short string options take -c=FILE and -cFILE, repeats collect, -- ends the options', () => {
  assert.equal(parseArgs(['tools', '--json=false']).json, false);
  assert.equal(parseArgs(['tools', '--json=true']).json, true);
  assert.equal(parseArgs(['tools', '--json', '--json=false']).json, false, 'the last one wins');
  assert.equal(parseArgs(['-c=a.yaml', 'tools']).config, 'a.yaml');
  assert.equal(parseArgs(['-ca.yaml', 'tools']).config, 'a.yaml');
  assert.equal(parseArgs(['--config=a=b.yaml', 'tools']).config, 'a=b.yaml');
  const r = parseArgs(['-qv', 'call', 't', '-s', 'a,b', '--server', 'c', '-e', 'A=1', '--env=B=2', '--', 'node', 's.js', '--json']);
  assert.deepEqual([r.quiet, r.verbose, r.json], [true, true, false]);
  assert.deepEqual(r.servers, ['a', 'b', 'c']);
  assert.deepEqual(r.envs, ['A=1', 'B=2']);
  assert.deepEqual(r.rest, ['node', 's.js', '--json']);
  assert.deepEqual(r.positionals, ['t']);
});

test('negative numbers are values, not options; a value that is an option is refused', () => {
  const r = parseArgs(['call', 'set', '-5', 'n=-2', '-e', 'K=-1']);
  assert.deepEqual(r.positionals, ['set', '-5', 'n=-2']);
  assert.throws(() => parseArgs(['tools', '--format', '--json']), /--format needs a value \(FORMAT\), got the option --json/);
  assert.throws(() => parseArgs(['tools', '--format']), /--format needs a value/);
});

test('unknown options get a did-you-mean; options of another command are refused with their owners', () => {
  assert.throws(() => parseArgs(['tools', '--fromat', 'openai']), /unknown option --fromat; did you mean --format\?/);
  assert.throws(() => parseArgs(['doctor', '--timeout', '5s']), /doctor does not take --timeout \(call does\)/);
  assert.throws(() => parseArgs(['auth', 'login', 'x', '-e', 'A=1']), /auth does not take -e/);
  assert.throws(() => parseArgs(['tools', '--json=maybe']), /--json is a flag/);
  assert.throws(() => parseArgs(['tools', '--pass-env', '--no-pass-env']), /not both/);
  assert.equal(parseArgs(['tools']).passEnv, true);
  assert.equal(parseArgs(['tools', '--no-pass-env']).passEnv, false);
});

test('misspelt commands: plural slips, prefixes and edit distance', () => {
  assert.equal(suggestCommand('tool'), 'tools');
  assert.equal(suggestCommand('resource'), 'resources');
  assert.equal(suggestCommand('docter'), 'doctor');
  assert.equal(suggestCommand('zzzzzz'), undefined);
});

test('the command table is consistent, and the Markdown reference names every command, option and exit code', () => {
  const names = new Set(OPTIONS.map((o) => o.name));
  for (const c of COMMANDS) for (const o of c.options) assert.ok(names.has(o), `${c.name}: option ${o} is in the option table`);
  const md = markdownReference();
  for (const c of COMMANDS) assert.match(md, new RegExp(`^## ${c.name}$`, 'm'));
  for (const o of OPTIONS) assert.ok(md.includes(`--${o.name}`), o.name);
  assert.match(md, /^\| 5 \| the arguments do not match/m);
});
