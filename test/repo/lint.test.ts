// The import rules in biome.jsonc encode the layers ARCHITECTURE.md draws (issue 10). This file
// proves they bite: probe files with forbidden imports, written where each rule applies in a copy
// of the config, must be reported with the layer's message, and allowed neighbours must not be.
// It also runs the import rules over the real tree, so a layer violation fails `npm test` and not
// only CI's `npm run lint` (which adds Biome's correctness rules).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

const BIOME = join(repoRoot, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
const IMPORT_RULES = ['style/noRestrictedImports', 'correctness/noUndeclaredDependencies', 'suspicious/noImportCycles'];

interface Finding {
  rule: string;
  file: string;
  message: string;
}

/** Runs `biome lint` in `cwd` and parses its GitHub reporter lines (`::error title=RULE,file=F,...::MESSAGE`). */
function lint(cwd: string, extra: string[] = []): { status: number | null; findings: Finding[]; output: string } {
  const run = spawnSync(process.execPath, [BIOME, 'lint', '--reporter=github', '--max-diagnostics=none', ...extra], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const findings: Finding[] = [];
  for (const line of run.stdout.split('\n')) {
    const m = /^::(?:error|warning) title=([^,]+),file=([^,]+),[^:]*::(.*)$/.exec(line);
    if (m) findings.push({ rule: m[1]!, file: relative(cwd, m[2]!), message: m[3]! });
  }
  return { status: run.status, findings, output: `${run.stdout}\n${run.stderr}` };
}

// [where the probe lives, its source, a fragment of the expected message, or null when allowed]
const PROBES: Array<[string, string, string | null]> = [
  ['protocol/mcp/probe-src.ts', "export * from '../../src/log.js';", 'imports nothing of ours outside protocol/'],
  ['protocol/probe-fs.ts', "import { readFileSync } from 'node:fs';\nexport { readFileSync };", 'no Node modules'],
  ['protocol/probe-net.ts', "import net from 'net';\nexport { net };", 'no Node modules'],
  ['protocol/probe-dep.ts', "export const load = () => import('undici');", 'imports no package'],
  ['protocol/probe-ok.ts', "export * from './jsonrpc/messages.js';", null],
  ['src/transports/stdio/probe.ts', "export * from '../../session/session.js';", 'src/transports/ sits under'],
  ['src/transports/probe-client.ts', "import type { Client } from '../client/client.js';\nexport type { Client };", 'src/transports/ sits under'],
  ['src/transports/probe-config.ts', "export * from '../config/types.js';", 'src/transports/ sits under'],
  ['src/transports/probe-ok.ts', "export * from '../../protocol/index.js';\nexport * from '../errors/transport-errors.js';", null],
  ['src/session/probe.ts', "export * from '../client/client.js';", 'src/session/ sits under the client'],
  ['src/session/probe-ok.ts', "export * from '../transports/transport.js';", null],
  ['src/client/probe.ts', "export * from '../manager/manager.js';", 'src/client/ sits under the manager'],
  ['src/client/probe-registry.ts', "export * from '../registry/registry.js';", 'src/client/ sits under the manager'],
  ['src/client/probe-ok.ts', "export * from '../session/session.js';", null],
  ['src/bridge/probe.ts', "export * from '../session/session.js';", 'src/bridge/ is pure conversion'],
  ['src/errors/probe.ts', "export * from '../session/session.js';", 'src/errors/ sits under every layer'],
  ['src/errors/session-errors.ts', "export * from '../client/client.js';", 'src/errors/ sits under every layer'],
  ['src/cli/probe-sdk.ts', "export { Client } from '@modelcontextprotocol/sdk/client/index.js';", 'no MCP SDK'],
  ['src/manager/probe-test.ts', "export * from '../../test/helpers/paths.js';", 'never imports the harness'],
  ['src/cli/probe-bench.ts', "export const run = () => import('../../bench/run.js');", 'never imports the harness'],
  ['src/manager/probe-undici.ts', "export { request } from 'undici';", 'doorway file, src/transports/http/pool.ts'],
  ['src/config/probe-ajv.ts', "export type { Ajv } from 'ajv';", 'doorway file, src/bridge/validate.ts'],
  ['src/transports/http/pool.ts', "export { request } from 'undici';", null],
  ['src/transports/http/http-client.ts', "export { request } from 'undici';", 'doorway file, src/transports/http/pool.ts'],
  ['src/transports/http/probe-treekill.ts', "import treeKill from 'tree-kill';\nexport { treeKill };", 'doorway file, src/transports/stdio/terminate.ts'],
  ['src/trace/probe.ts', "export * from '../client/client.js';", 'src/trace/ works on raw JSON-RPC lines'],
  ['src/transports/probe-trace.ts', "export * from '../trace/recorder.js';", 'src/transports/ sits under'],
  ['src/adapters/probe.ts', "export * from '../manager/manager.js';", 'src/adapters/ convert registry tools'],
  ['src/session/probe-adapters.ts', "export * from '../adapters/index.js';", 'src/session/ sits under the client'],
  ['src/registry/probe-adapters.ts', "export * from '../adapters/registry.js';", 'the adapters build on the registry, never the reverse'],
  ['src/pipeline/probe-manager.ts', "export * from '../manager/manager.js';", 'src/pipeline/ sits under the registry'],
  ['src/pipeline/probe-registry.ts', "export * from '../registry/registry.js';", 'src/pipeline/ sits under the registry'],
  ['src/bridge/probe-pipeline.ts', "export * from '../pipeline/chain.js';", 'src/bridge/ is pure conversion'],
  ['src/new-folder/probe.ts', "export * from '../../conformance/suite.js';", 'never imports the harness'],
  ['src/manager/probe-otel.ts', "export const load = () => import('@opentelemetry/api');", 'doorway file, src/telemetry/spans.ts'],
  ['src/client/probe-otel.ts', "import type { Tracer } from '@opentelemetry/api';\nexport type { Tracer };", 'doorway file, src/telemetry/spans.ts'],
  ['src/telemetry/spans.ts', "export { trace } from '@opentelemetry/api';", null],
  ['src/telemetry/probe-client.ts', "export * from '../client/client.js';", 'src/telemetry/ observes sessions'],
  ['src/telemetry/probe-ok.ts', "export type * from '../session/observer.js';", null],
  ['src/cli/probe-devdep.ts', "import fc from 'fast-check';\nexport { fc };", "isn't specified"],
];

test('the layer rules catch each kind of forbidden import, and leave the allowed ones alone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-lint-'));
  try {
    copyFileSync(join(repoRoot, 'biome.jsonc'), join(dir, 'biome.jsonc'));
    copyFileSync(join(repoRoot, 'package.json'), join(dir, 'package.json'));
    for (const [file, source] of PROBES) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), `${source}\n`);
    }
    const { findings, output } = lint(dir, ['--vcs-enabled=false']);
    const problems: string[] = [];
    for (const [file, source, expected] of PROBES) {
      const got = findings.filter((f) => f.file === file);
      if (expected === null && got.length > 0) problems.push(`${file} (${source}) should pass, got: ${got.map((f) => f.message).join('; ')}`);
      if (expected !== null && !got.some((f) => f.message.includes(expected))) {
        problems.push(`${file} (${source}) should be reported with "${expected}", got: ${got.map((f) => f.message).join('; ') || 'nothing'}`);
      }
    }
    assert.deepEqual(problems, [], `${problems.join('\n')}\n--- biome output:\n${output}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the tree keeps the layer rules (imports, doorways, no cycles)', () => {
  const { status, findings, output } = lint(
    repoRoot,
    IMPORT_RULES.map((rule) => `--only=${rule}`),
  );
  assert.deepEqual(
    findings.map((f) => `${f.file}: ${f.rule}: ${f.message}`),
    [],
  );
  assert.equal(status, 0, output);
});
