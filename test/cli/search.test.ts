// `mcp-bridge search` and `tools --tool-search` end to end in a child process, against the official
// everything, filesystem and memory servers, with tools.mcp.toolSearch and maxResultTokens from the
// config. The expected tools come from the servers' own descriptions of them; the spec shapes from
// each provider's function-calling docs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { officialServer, repoRoot } from '../helpers/servers.js';
import { configText, stdioEntry, writeConfigFile } from '../helpers/config.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');

function runCli(args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: repoRoot, timeout: 90_000, env: { ...process.env } });
  return { code: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
}

const fs = officialServer('filesystem');
const servers = [
  stdioEntry('everything', officialServer('everything')),
  stdioEntry('fs', fs, { prefix: 'fs_' }),
  stdioEntry('memory', officialServer('memory'), { prefix: 'memory_' }),
];
const TOTAL = 13 + 14 + 9; // the tools the three servers offer
/** The same servers, with `tools.mcp` keys besides the list. */
function configWith(shared: Record<string, unknown>): string {
  const text = JSON.parse(configText(servers)) as { tools: { mcp: Record<string, unknown> } };
  Object.assign(text.tools.mcp, shared);
  return writeConfigFile(JSON.stringify(text, null, 2));
}
const plain = writeConfigFile(servers);

test('search --json prints exactly a JSON array of { name, server, score }, best first, at most --limit', () => {
  const r = runCli(['--config', plain, 'search', 'move or rename a file', '--json', '--limit', '4']);
  assert.equal(r.code, 0, r.stderr);
  // Progress went to stderr; stdout is the array and nothing else.
  assert.match(r.stderr, /starting 3 servers/);
  const hits = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
  assert.ok(Array.isArray(hits));
  assert.equal(hits.length, 4);
  for (const h of hits) {
    assert.deepEqual(Object.keys(h).sort(), ['name', 'score', 'server']);
    assert.equal(typeof h.name, 'string');
    assert.equal(typeof h.score, 'number');
  }
  assert.deepEqual([hits[0]!.name, hits[0]!.server], ['fs_move_file', 'fs']);
  const scores = hits.map((h) => h.score as number);
  assert.deepEqual(
    scores,
    [...scores].sort((a, b) => b - a),
    'best first',
  );
  // A query per server: the tool whose own description says it.
  const top = (query: string) =>
    (JSON.parse(runCli(['--config', plain, 'search', query, '--json', '-q', '--limit', '1']).stdout) as Array<{ name: string; server: string }>)[0];
  const entities = top('create entities in the knowledge graph')!;
  assert.deepEqual([entities.name, entities.server], ['memory_create_entities', 'memory']);
  assert.equal(top('returns the sum of two numbers')!.server, 'everything');
});

test('search prints a ranked list: rank, name, server, score, then the first line of the description', () => {
  const r = runCli(['--config', plain, 'search', 'list', 'the', 'files', 'in', 'a', 'directory', '--limit', '3', '-q']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 6, r.stdout);
  assert.match(lines[0]!, /^1\. fs_list_directory +\[fs\] +\d+\.\d\d$/);
  assert.match(lines[1]!, /^ {3}Get a detailed listing of all files and directories/);
  assert.match(lines[2]!, /^2\. \S+ +\[fs\] +\d+\.\d\d$/);
  // A server given on the command line works as with the other commands.
  const memory = officialServer('memory');
  const env = Object.entries(memory.env ?? {}).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  const adHoc = runCli(['search', 'read the entire knowledge graph', '--json', '-q', ...env, '--', process.execPath, ...memory.args]);
  assert.equal(adHoc.code, 0, adHoc.stderr);
  assert.equal((JSON.parse(adHoc.stdout) as Array<{ name: string }>)[0]!.name, 'read_graph');
});

test('search refuses a missing query and a bad --limit before starting anything (exit 2)', () => {
  for (const args of [['search'], ['search', 'x', '--limit', '0'], ['search', 'x', '--limit', 'ten']]) {
    const r = runCli(['--config', plain, ...args]);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /starting/);
    assert.match(r.stderr, /query|--limit must be a whole number/);
  }
});

// The function-spec shape of each provider, and how to read a spec's name there.
const PROVIDERS: Record<string, (spec: Record<string, any>) => string> = {
  openai: (s) => {
    assert.equal(s.type, 'function');
    assert.equal(s.function.parameters.type, 'object');
    return s.function.name;
  },
  'openai-responses': (s) => {
    assert.equal(s.type, 'function');
    assert.equal(s.parameters.type, 'object');
    return s.name;
  },
  anthropic: (s) => {
    assert.equal(s.input_schema.type, 'object');
    return s.name;
  },
  gemini: (s) => {
    assert.ok(s.parameters === undefined || typeof s.parameters === 'object');
    return s.name;
  },
};

test("tools --format P --tool-search prints the first request's tools for every provider: the search tool and toolSearch.alwaysLoaded", () => {
  const config = configWith({ toolSearch: { alwaysLoaded: ['memory_read_*', 'get-sum'], limit: 7 } });
  for (const [format, nameOf] of Object.entries(PROVIDERS)) {
    const r = runCli(['--config', config, 'tools', '--format', format, '--tool-search', '-q']);
    assert.equal(r.code, 0, `${format}: ${r.stderr}`);
    const specs = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    // The search tool first, then the always-loaded ones in config order.
    assert.deepEqual(specs.map(nameOf), ['search_tools', 'get-sum', 'memory_read_graph'], format);
    assert.match(r.stdout, /default 7/, `${format}: the configured limit reaches the search tool`);
  }
  // Without the flag (and the config not enabling it): every tool.
  const all = JSON.parse(runCli(['--config', config, 'tools', '--format', 'openai', '-q']).stdout) as unknown[];
  assert.equal(all.length, TOTAL);
});

test('toolSearch.enabled in the config defers for tools as well; --tool-search=false lists every tool', () => {
  const config = configWith({ toolSearch: { enabled: true, alwaysLoaded: ['fs_read_text_file'] } });
  const first = runCli(['--config', config, 'tools']);
  assert.equal(first.code, 0, first.stderr);
  assert.deepEqual(
    first.stdout
      .split('\n')
      .filter((l) => /^\S/.test(l))
      .map((l) => l.split('(')[0]),
    ['search_tools', 'fs_read_text_file'],
  );
  assert.match(first.stderr, /tool search on: the first request holds 2 tools, the other 35 are found by searching/);
  const every = JSON.parse(runCli(['--config', config, 'tools', '--format', 'anthropic', '--tool-search=false', '-q']).stdout) as unknown[];
  assert.equal(every.length, TOTAL);
});

test('tools.mcp.maxResultTokens: a long result is cut to the budget with a handle for read_result; a bad value is a located config error', () => {
  const big = join(fs.dir!, 'big.txt');
  writeFileSync(big, Array.from({ length: 3000 }, (_, i) => `line ${i + 1}`).join('\n'));
  const config = configWith({ maxResultTokens: 100 });
  const cut = runCli(['--config', config, '-s', 'fs', 'call', 'fs_read_text_file', `path=${big}`, '-q']);
  assert.equal(cut.code, 0, cut.stderr);
  assert.ok(cut.stdout.length < 100 * 4 + 300, `${cut.stdout.length} characters`);
  assert.match(cut.stdout, /^line 1\n/);
  assert.match(cut.stdout, /"result-1".*read_result/);
  const whole = runCli(['--config', plain, '-s', 'fs', 'call', 'fs_read_text_file', `path=${big}`, '-q']);
  assert.match(whole.stdout, /line 3000/);
  const bad = runCli(['--config', configWith({ maxResultTokens: 'lots', toolSearch: { limit: 50 } }), 'tools']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /tools\.mcp\.maxResultTokens\n\s+maxResultTokens must be a whole number above zero/);
  assert.match(bad.stderr, /:\d+:\d+ tools\.mcp\.toolSearch\.limit\n\s+limit must be at most 20, got 50/);
});
