// The audit log end to end: a config file turns it on, the Manager adds it to the Registry's
// pipeline, and calls to a real server (server-everything) come out as lines beside the config:
// a success, a call from the CLI entry, a call that timed out, with a digest of the arguments as
// sent (an oracle computed here from RFC 8785's canonical form, written out by hand).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, Manager, Registry } from '../../../src/index.js';
import { run } from '../../../src/cli/main.js';
import { officialServer, scratchDir } from '../../helpers/servers.js';
import { readLines } from './helpers.js';

const everything = officialServer('everything');
after(() => everything.cleanup());

async function linesOf(file: string, count: number): Promise<Record<string, unknown>[]> {
  // The lines are written after the calls returned, off the call path: wait for them.
  for (let i = 0; i < 200; i++) {
    if (existsSync(file) && readLines(file).length >= count) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  return readLines(file);
}

describe('audit log through Manager and Registry', () => {
  it('a config with tools.mcp.audit logs every call to a real server beside the config', async () => {
    const dir = scratchDir('audit-e2e');
    const configFile = join(dir, 'mcp-bridge.yaml');
    const server = { name: 'everything', command: everything.command, args: everything.args, prefix: 'ev_' };
    writeFileSync(configFile, JSON.stringify({ tools: { mcp: { audit: { file: 'audit.jsonl', args: 'redacted' }, servers: [server] } } }));
    const config = await loadConfig(configFile, { env: {} });
    const registry = new Registry();
    const manager = new Manager(config, { registry });
    try {
      const summary = await manager.start();
      assert.deepEqual(summary.ready, ['everything']);
      const echo = await registry.execute('ev_echo', { message: 'hello audit' });
      assert.equal(echo.isError, false);
      assert.match(echo.text, /hello audit/);
      const fromCli = await registry.execute('ev_echo', { message: 'sk-proj-Abc123Def456Ghi789' }, { entry: 'cli' });
      assert.equal(fromCli.isError, false);
      const slow = await registry.execute('ev_trigger-long-running-operation', { duration: 10, steps: 10 }, { timeoutMs: 300 });
      assert.equal(slow.error?.code, 'MCPB_TOOL_CALL_FAILED');
    } finally {
      await manager.close();
    }
    const lines = await linesOf(join(dir, 'audit.jsonl'), 3);
    assert.deepEqual(
      lines.map((l) => [l.server, l.tool, l.name, l.entry, l.decision, l.outcome, l.code, l.causeCode, l.args]),
      [
        ['everything', 'echo', 'ev_echo', 'registry', 'allow', 'ok', null, undefined, { message: 'hello audit' }],
        ['everything', 'echo', 'ev_echo', 'cli', 'allow', 'ok', null, undefined, { message: '***' }],
        [
          'everything',
          'trigger-long-running-operation',
          'ev_trigger-long-running-operation',
          'registry',
          'allow',
          'failed',
          'MCPB_TOOL_CALL_FAILED',
          'MCPB_REQUEST_TIMEOUT',
          { duration: 10, steps: 10 },
        ],
      ],
    );
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    assert.equal(lines[0]!.argsSha256, sha('{"message":"hello audit"}'));
    assert.equal(lines[2]!.argsSha256, sha('{"duration":10,"steps":10}'));
    assert.ok((lines[2]!.durationMs as number) >= 250, `the timed-out call took its timeout: ${lines[2]!.durationMs}`);

    // The CLI's call goes through the same pipeline, and says so.
    let out = '';
    const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (out += t), env: {}, cwd: dir };
    assert.equal(await run(['--config', configFile, 'call', 'ev_echo', '{"message":"from the cli"}', '-q'], io), 0, out);
    const cli = (await linesOf(join(dir, 'audit.jsonl'), 4))[3]!;
    assert.deepEqual([cli.name, cli.entry, cli.outcome, cli.args], ['ev_echo', 'cli', 'ok', { message: 'from the cli' }]);
  });
});
