#!/usr/bin/env node
// Runs every compiled test file under dist/test with node's test runner. A script rather than a
// glob in package.json because Node 20's --test does not expand globs itself and npm's shell may
// lack globstar. Pass a substring to run only matching files: `node scripts/run-tests.mjs config`.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const roots = ['dist/test'];
const filter = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const passThrough = process.argv.slice(2).filter((a) => a.startsWith('-'));

function collect(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries.sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    // tsc never deletes outputs, so a test file that was moved or renamed leaves its old compiled copy
    // behind: run only compiled files whose source still exists (dist/test/a.test.js <- test/a.test.ts).
    else if (name.endsWith('.test.js') && existsSync(relative('dist', full).replace(/\.js$/, '.ts'))) out.push(full);
  }
  return out;
}

const files = roots.flatMap((r) => collect(r, [])).filter((f) => filter.length === 0 || filter.some((s) => relative('.', f).includes(s)));
if (files.length === 0) {
  console.error('run-tests: no compiled test files found under dist/test (did the build run?)');
  process.exit(1);
}
// The CLI remembers server eras in a per-user state file; tests keep theirs in a scratch directory.
const stateDir = mkdtempSync(join(tmpdir(), 'mcpb-state-'));
const env = { ...process.env, MCP_BRIDGE_STATE_DIR: process.env.MCP_BRIDGE_STATE_DIR ?? stateDir };
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...passThrough, ...files], { stdio: 'inherit', env });
rmSync(stateDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
