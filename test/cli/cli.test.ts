// The CLI end to end, in a child process: tools, call, doctor, demo, and every exit code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureServerScript, officialServer, repoRoot, scratchDir } from '../helpers/servers.js';
import { stdioEntry, writeConfigFile } from '../helpers/config.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const json = (v: unknown) => JSON.stringify(v);

function runCli(args: string[], cwd = repoRoot) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 60_000, env: { ...process.env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const fs = officialServer('filesystem');
writeFileSync(join(fs.dir!, 'a.txt'), 'alpha file');
const good = writeConfigFile([stdioEntry('fs', fs, { prefix: 'fs_' })]);

test('tools --json lists every tool with server, original name and schema', () => {
  const r = runCli(['--config', good, 'tools', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const tools = JSON.parse(r.stdout);
  const read = tools.find((t: any) => t.name === 'fs_read_text_file');
  assert.deepEqual(Object.keys(read).sort(), ['description', 'inputSchema', 'name', 'originalName', 'server']);
  assert.equal(read.server, 'fs');
  assert.equal(read.originalName, 'read_text_file');
  assert.equal(read.inputSchema.type, 'object');
  assert.match(r.stderr, /starting 1 server/);
  assert.match(r.stderr, /fs: ready/);
});

test('tools --format openai|anthropic|gemini print provider specs', () => {
  const openai = JSON.parse(runCli(['--config', good, 'tools', '--format', 'openai', '-q']).stdout);
  assert.equal(openai[0].type, 'function');
  assert.ok(openai.every((s: any) => /^[a-zA-Z0-9_-]{1,64}$/.test(s.function.name)));
  const anthropic = JSON.parse(runCli(['--config', good, 'tools', '--format', 'anthropic', '-q']).stdout);
  assert.ok(anthropic[0].input_schema);
  const gemini = JSON.parse(runCli(['--config', good, 'tools', '--format', 'gemini', '-q']).stdout);
  assert.ok(!JSON.stringify(gemini).includes('additionalProperties'));
});

test('call prints the text; --json prints the result object; exit 0', () => {
  const r = runCli(['--config', good, 'call', 'fs_read_text_file', json({ path: join(fs.dir!, 'a.txt') })]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'alpha file');
  const j = runCli(['--config', good, 'call', 'fs_read_text_file', json({ path: join(fs.dir!, 'a.txt') }), '--json', '-q']);
  const result = JSON.parse(j.stdout);
  assert.equal(result.isError, false);
  assert.equal(result.text, 'alpha file');
});

test('call exit 1 when the tool returns an error; invalid arguments are refused before sending with exit 5', () => {
  const r = runCli(['--config', good, 'call', 'fs_read_text_file', json({ path: '/etc/passwd' }), '-q']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /denied|outside/i);
  // Refused before sending is not "the tool returned an error": its own exit code, said on stderr.
  const bad = runCli(['--config', good, 'call', 'fs_read_text_file', json({ path: 42 }), '-q']);
  assert.equal(bad.code, 5);
  assert.equal(bad.stdout, '');
  assert.match(bad.stderr, /path: must be string.*\n[\s\S]*nothing was sent|nothing was sent[\s\S]*path: must be string/);
  const asJson = runCli(['--config', good, 'call', 'fs_read_text_file', json({ path: 42 }), '-q', '--json']);
  assert.equal(asJson.code, 5);
  assert.equal(JSON.parse(asJson.stdout).error.code, 'MCPB_TOOL_INPUT_INVALID');
});

// Issue 11 item 16: an unknown tool exited 1 ("the tool returned an error") and printed its
// suggestions twice. No tool ran: it is bad usage, exit 2, said once on stderr.
test('call of an unknown tool: exit 2, the close matches said once on stderr', () => {
  const unknown = runCli(['--config', good, 'call', 'fs_read_txt_file', '{}', '-q']);
  assert.equal(unknown.code, 2);
  assert.equal(unknown.stdout, '');
  assert.match(unknown.stderr, /No tool named "fs_read_txt_file".*did you mean "fs_read_text_file"/);
  assert.equal(unknown.stderr.match(/fs_read_text_file/g)?.length, 1, unknown.stderr);
  const asJson = runCli(['--config', good, 'call', 'fs_read_txt_file', '{}', '--json', '-q']);
  assert.equal(asJson.code, 2);
  assert.equal(JSON.parse(asJson.stdout).error.code, 'MCPB_TOOL_NOT_FOUND');
});

test('exit 2 for bad usage and invalid config, with the path and line of the problem', () => {
  assert.equal(runCli([]).code, 2);
  assert.equal(runCli(['frobnicate']).code, 2);
  assert.equal(runCli(['--config', good, 'call']).code, 2);
  assert.equal(runCli(['--config', good, 'call', 'x', '{not json']).code, 2);
  const broken = writeConfigFile('tools:\n  mcp:\n    servers:\n      - name: a\n        comand: node\n');
  const r = runCli(['--config', broken, 'tools']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /tools\.mcp\.servers\[0\]/);
  assert.match(r.stderr, /command/);
  assert.match(r.stderr, /:5:/);
  const missing = runCli(['--config', join(scratchDir('none'), 'nope.yaml'), 'tools']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /nope\.yaml/);
});

test('exit 3 when a server cannot be started; doctor names the problem and what to do', () => {
  const bad = writeConfigFile([stdioEntry('fs', fs), { name: 'ghost', command: '/no/such/binary' }]);
  const call = runCli(['--config', bad, 'call', 'ghost_tool', '{}', '-q']);
  assert.equal(call.code, 3);
  const doctor = runCli(['--config', bad, 'doctor', '-q']);
  assert.equal(doctor.code, 3);
  assert.match(doctor.stdout, /✓ fs: ready/);
  assert.match(doctor.stdout, /protocol 2025-11-25/);
  assert.match(doctor.stdout, /ping \d+(\.\d+)? ms/);
  assert.match(doctor.stdout, /✗ ghost: failed/);
  assert.match(doctor.stdout, /\/no\/such\/binary/);
  assert.match(doctor.stdout, /installed and on PATH/);
});

test('doctor exit 0 when every server is healthy', () => {
  const r = runCli(['--config', good, 'doctor', '-q']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /no problems found/);
});

// Issue 11 items 11 and 12: doctor said "no problems found" while a collision had dropped a tool,
// and `call a_b` ran `a.b`.
test('doctor lists every renamed and dropped tool as a problem with a fix, in text and --json; call a_b runs a_b', () => {
  const dotted = { command: process.execPath, args: [fixtureServerScript('dotted-names')] };
  const config = writeConfigFile([stdioEntry('one', dotted), stdioEntry('two', dotted)]);
  assert.equal(runCli(['--config', config, 'call', 'a_b', '{}', '-q']).stdout.trim(), 'ran a_b');
  const r = runCli(['--config', config, 'doctor', '-q']);
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /no problems found/);
  assert.match(r.stdout, /3 problem\(s\)/);
  assert.match(
    r.stdout,
    /one: tool "a\.b" is exposed as "a_b_[0-9a-f]{4}" \(characters outside .*suffix "_[0-9a-f]{4}" added: "a_b" is the exact name of tool "a_b" of server "one"\)\n\s+→ the LLM must call it "a_b_[0-9a-f]{4}"/,
  );
  assert.match(
    r.stdout,
    /two: Tool name "a_b" is already taken by tool "a_b" of server "one"; tool "a_b" of server "two" was not registered\n\s+→ give server "two" a prefix such as "two_" to keep both/,
  );
  const j = runCli(['--config', config, 'doctor', '--json', '-q']);
  // stdout is the JSON document alone.
  const report = JSON.parse(j.stdout);
  assert.equal(report.problems.length, 3);
  assert.deepEqual(
    report.naming.renamed.map((x: any) => `${x.server}:${x.tool}`),
    ['one:a.b', 'two:a.b'],
  );
  assert.deepEqual(
    report.naming.dropped.map((x: any) => `${x.server}:${x.tool}`),
    ['two:a_b'],
  );
});

test('without --config, ./mcp-bridge.yaml in the working directory is used', () => {
  const dir = join(good, '..');
  const r = runCli(['tools', '-q'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /fs_read_text_file/);
});

test('the README main job (npm start equivalent) runs on the embedded example config', () => {
  const r = runCli(['--config', 'examples/mcp-bridge.yaml', 'demo', 'fs_read_text_file', json({ path: 'welcome.md' })]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Welcome to mcp-bridge/);
  assert.match(r.stdout, /fs_read_text_file/);
  assert.match(r.stdout, /read_graph/);
});
