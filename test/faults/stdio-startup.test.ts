// Stdio faults before the handshake: banners and logs on stdout instead of JSON-RPC (issue 11 item
// 15). The start error, and `doctor` without --verbose, quote the first skipped lines, bounded.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SKIPPED_LINE_CHARS, SKIPPED_LINES_KEPT } from '../../src/client/client.js';
import { nodeEntry, writeConfigFile } from '../helpers/config.js';
import { fixtureServerScript, repoRoot } from '../helpers/servers.js';
import { faultClient, rejectsWith } from './harness.js';

function assertQuotesFirstLines(error: any): void {
  const skipped: string[] = error.context.skippedLines;
  assert.equal(skipped.length, SKIPPED_LINES_KEPT, 'bounded to the first lines');
  assert.ok(
    skipped.every((l) => l.length <= SKIPPED_LINE_CHARS + 1),
    'each line bounded',
  );
  assert.equal(skipped[0], 'weather-server v2.1 starting');
  assert.match(error.message, /first lines on stdout that are not JSON-RPC:\n {2}weather-server v2\.1 starting\n/);
  assert.match(error.message, /Error: WEATHER_API_KEY is not set/);
  assert.match(error.message, /a JSON log line is not JSON-RPC either/);
  assert.doesNotMatch(error.message, /line six/);
  assert.doesNotMatch(error.message, /x{300}/);
  assert.match(error.message, /log to stderr/);
}

describe('stdio faults: stdout carries banners instead of JSON-RPC', () => {
  it('a server that never answers: the startup timeout error quotes the first skipped lines', async () => {
    // covers: STDIO-6, LIFE-1
    const f = faultClient('stdout-banner', { client: { name: 'weather', startupTimeoutMs: 800 } });
    const error = await rejectsWith(15_000, f.client.connect(), 'MCPB_SERVER_START_FAILED', 'connect');
    assert.match(error.message, /did not answer initialize within 800 ms/);
    assertQuotesFirstLines(error);
    await f.closeAndCheck();
  });

  it('a server that exits: the error quotes the skipped lines beside the exit code', async () => {
    const f = faultClient('stdout-banner', { env: { BANNER_EXIT: '1' }, client: { name: 'weather' } });
    const error = await rejectsWith(15_000, f.client.connect(), 'MCPB_SERVER_START_FAILED', 'connect');
    assert.equal(error.context.exitCode, 1);
    assertQuotesFirstLines(error);
    await f.closeAndCheck();
  });

  it('doctor shows the skipped lines without --verbose', () => {
    const config = writeConfigFile([nodeEntry('weather', fixtureServerScript('stdout-banner'), { startupTimeout: '800ms' })]);
    const r = spawnSync(process.execPath, [join(repoRoot, 'dist', 'src', 'cli', 'main.js'), '--config', config, 'doctor', '-q'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.status, 3, r.stdout + r.stderr);
    assert.match(r.stdout, /✗ weather: failed/);
    assert.match(r.stdout, /Error: WEATHER_API_KEY is not set/);
    assert.match(r.stdout, /pass --stdio to speak MCP/);
  });
});
