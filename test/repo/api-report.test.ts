// The public surface is reviewed: api/mcp-bridge.api.md lists every name each published entry
// exports, with its kind, and this test fails while the build's surface differs (run `npm run api`,
// then read the diff). The report's generator also checks declarations against runtime exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../helpers/paths.js';

interface ApiReportModule {
  buildReport(): Promise<string>;
  REPORT: string;
}

test('the public API matches api/mcp-bridge.api.md (npm run api refreshes it)', async () => {
  const { buildReport, REPORT } = (await import(pathToFileURL(join(repoRoot, 'scripts', 'api-report.mjs')).href)) as ApiReportModule;
  const built = await buildReport();
  const committed = readFileSync(REPORT, 'utf8');
  if (built === committed) return;
  const want = new Set(committed.split('\n'));
  const have = new Set(built.split('\n'));
  const diff = [...[...have].filter((l) => !want.has(l)).map((l) => `+ ${l}`), ...[...want].filter((l) => !have.has(l)).map((l) => `- ${l}`)];
  assert.fail(`the public surface differs from api/mcp-bridge.api.md; run \`npm run api\` and review:\n${diff.join('\n')}`);
});

test('the main entry exports no internal formatter or error-code constant', async () => {
  const main = (await import(pathToFileURL(join(repoRoot, 'dist', 'src', 'index.js')).href)) as Record<string, unknown>;
  for (const name of [
    'describeExit',
    'formatCommand',
    'lastLines',
    'summarizeServerExit',
    'describeOrigin',
    'parseDuration',
    'SPAWN_FAILED',
    'TOOL_NOT_FOUND',
    'createLineFramer',
    'encodeLine',
  ]) {
    assert.ok(!(name in main), `${name} is internal but the main entry exports it`);
  }
  for (const name of [
    'connect',
    'Client',
    'Manager',
    'Registry',
    'loadConfig',
    'convertResult',
    'McpBridgeError',
    'McpError',
    'ConfigError',
    'ToolNotFoundError',
  ]) {
    assert.ok(name in main, `${name} is public but the main entry lacks it`);
  }
});
