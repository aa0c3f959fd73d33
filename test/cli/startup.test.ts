// What the CLI costs before it does anything: `--help` and `--version` stay on the argument parser
// (the commands, the config loader and the transports load only when a command runs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../helpers/paths.js';
import { run } from '../../src/cli/main.js';

const cli = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const counter = pathToFileURL(join(repoRoot, 'test', 'fixtures', 'module-count', 'register.mjs')).href;

/** Runs the CLI with a loader hook that logs every module loaded; returns the modules and the output. */
function modulesLoadedBy(args: string[]): { modules: string[]; stdout: string; code: number | null } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-modules-'));
  const log = join(dir, 'modules.txt');
  try {
    const r = spawnSync(process.execPath, ['--import', counter, cli, ...args], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, MCPB_MODULE_LOG: log },
    });
    let modules: string[] = [];
    try {
      modules = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    } catch {
      /* nothing was logged */
    }
    return { modules, stdout: r.stdout, code: r.status };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('mcp-bridge --help loads at most 10 modules (issue 10)', () => {
  const r = modulesLoadedBy(['--help']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^Usage: mcp-bridge/);
  assert.ok(
    r.modules.some((m) => m.endsWith('/cli/main.js')),
    'the hook saw the CLI itself, so it counts',
  );
  assert.ok(r.modules.length <= 10, `--help loaded ${r.modules.length} modules:\n${r.modules.join('\n')}`);
  assert.ok(!r.modules.some((m) => /\/(config|transports|manager|registry)\//.test(m)), `--help loaded a command's modules:\n${r.modules.join('\n')}`);
});

test('mcp-bridge --version prints the package version and loads no command', () => {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  const r = modulesLoadedBy(['--version']);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, `${pkg.version}\n`);
  assert.ok(r.modules.length <= 10, `--version loaded ${r.modules.length} modules`);
});

test('mcp-bridge conformance: a missing scenario or URL is exit 1 with a reason', async () => {
  const out: string[] = [];
  const io = (env: Record<string, string>) => ({ stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t), env, cwd: repoRoot });
  assert.equal(await run(['conformance', 'http://127.0.0.1:1/mcp'], io({})), 1);
  assert.match(out.pop() ?? '', /MCP_CONFORMANCE_SCENARIO is not set/);
  assert.equal(await run(['conformance', 'not-a-url'], io({ MCP_CONFORMANCE_SCENARIO: 'initialize' })), 1);
  assert.match(out.pop() ?? '', /expected the server URL/);
});
