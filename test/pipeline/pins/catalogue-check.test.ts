// `mcp-bridge pin --check` over the whole tool catalogue (the recorded tool lists of 36 real servers,
// 842 tools) must take at most 2 s: the check a CI job runs on every push. The servers are lazy, as a
// user with many servers configures them, so once their lists are saved the check starts none of
// them; the first (cold) pin starts every one to learn them. Both times are printed for the record.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { run } from '../../../src/cli/main.js';
import { fixtureServerScript, repoRoot, scratchDir } from '../../helpers/servers.js';

test('pin --check over the whole tool catalogue (34+ servers, 790+ tools) takes at most 2 s', async () => {
  const dir = scratchDir('pins-catalogue');
  const servers: object[] = [];
  let toolCount = 0;
  for (const folder of ['tool-catalog', 'tools']) {
    const path = join(repoRoot, 'test', 'fixtures', folder);
    for (const file of readdirSync(path).sort()) {
      if (!file.endsWith('.json')) continue;
      toolCount += (JSON.parse(readFileSync(join(path, file), 'utf8')) as { tools: unknown[] }).tools.length;
      const name = `${folder === 'tools' ? 'official' : 'catalog'}-${file.replace(/\.json$/, '')}`;
      servers.push({ name, command: process.execPath, args: [fixtureServerScript('catalog-replay'), join(path, file)], start: 'lazy' });
    }
  }
  // 34 servers and 790 tools when the catalogue was recorded; the Notion and git declarations joined test/fixtures/tools since.
  assert.ok(servers.length >= 34 && toolCount >= 790, `${servers.length} servers, ${toolCount} tools`);
  const configFile = join(dir, 'mcp-bridge.yaml');
  writeFileSync(configFile, JSON.stringify({ tools: { mcp: { servers } } }));
  let out = '';
  const io = {
    stdout: (t: string) => void (out += t),
    stderr: (t: string) => void (out += t),
    env: { ...process.env, MCP_BRIDGE_STATE_DIR: join(dir, 'state') },
    cwd: dir,
  };
  const timed = async (...argv: string[]) => {
    out = '';
    const started = performance.now();
    const code = await run(['--config', configFile, '-q', ...argv], io);
    return { code, ms: performance.now() - started };
  };

  const cold = await timed('pin');
  assert.equal(cold.code, 0, out);
  const lock = JSON.parse(readFileSync(join(dir, 'mcp-bridge.lock'), 'utf8')) as { servers: Record<string, { tools: object }> };
  assert.equal(
    Object.values(lock.servers).reduce((n, s) => n + Object.keys(s.tools).length, 0),
    toolCount,
  );

  const check = await timed('pin', '--check', '--json');
  assert.equal(check.code, 0, out);
  assert.deepEqual(JSON.parse(out), { changes: [] });
  console.log(
    `${servers.length} servers, ${toolCount} tools: pin (cold, every server started): ${Math.round(cold.ms)} ms; pin --check (saved lists): ${Math.round(check.ms)} ms`,
  );
  assert.ok(check.ms <= 2000, `pin --check took ${Math.round(check.ms)} ms`);
});
