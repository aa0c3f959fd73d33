// The audit log's edges: calls the registry refuses before the pipeline runs (an unknown tool,
// invalid or unparseable arguments, a call aborted before it was sent) are logged like the calls
// a step refuses; and Manager.close() closes the steps its config added, so the audit log's last
// lines are on disk and its file is closed when close() resolves.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAuditLog } from '../../../src/governance.js';
import { loadConfig, Manager, Registry } from '../../../src/index.js';
import { scratchDir } from '../../helpers/servers.js';
import { readLines } from './helpers.js';

/** The paths this process holds open (Linux: /proc/self/fd). */
function openPaths(): string[] {
  const paths: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      paths.push(readlinkSync(`/proc/self/fd/${fd}`));
    } catch {
      // closed while listing
    }
  }
  return paths;
}

const schema = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false };

describe('audit log: calls refused before the pipeline', () => {
  it('an unknown tool, invalid arguments, unparseable arguments and an aborted call are each one refused (or failed) line with its code', async () => {
    const file = join(scratchDir('audit-early'), 'audit.jsonl');
    const audit = createAuditLog({ file, args: 'redacted' });
    const registry = new Registry({ interceptors: [audit] });
    let ran = 0;
    registry.register({
      name: 'shout',
      inputSchema: schema,
      handler: (args) => {
        ran++;
        return String(args.text).toUpperCase();
      },
    });
    const answers = [
      await registry.execute('shuot', { text: 'hi' }),
      await registry.execute('shout', { text: 5, token: 'sk-proj-Abc123Def456Ghi789' }, { entry: 'cli' }),
      await registry.execute('shout', ['not', 'an', 'object']),
      await registry.executeOpenAiToolCall({ id: 'c1', type: 'function', function: { name: 'shout', arguments: '{"text": "unterminated' } }),
      await registry.execute('shout', { text: 'late' }, { signal: AbortSignal.abort() }),
      await registry.execute('shout', { text: 'ok' }),
    ];
    await audit.close();
    assert.equal(ran, 1, 'only the valid call ran');
    assert.equal((answers[0] as { error?: { code: string } }).error?.code, 'MCPB_TOOL_NOT_FOUND');
    const lines = readLines(file);
    assert.deepEqual(
      lines.map((l) => [l.server, l.tool, l.name, l.entry, l.decision, l.outcome, l.code]),
      [
        [null, 'shuot', 'shuot', 'registry', 'MCPB_TOOL_NOT_FOUND', 'refused', 'MCPB_TOOL_NOT_FOUND'],
        [null, 'shout', 'shout', 'cli', 'MCPB_TOOL_INPUT_INVALID', 'refused', 'MCPB_TOOL_INPUT_INVALID'],
        [null, 'shout', 'shout', 'registry', 'MCPB_TOOL_INPUT_INVALID', 'refused', 'MCPB_TOOL_INPUT_INVALID'],
        [null, 'shout', 'shout', 'registry', 'MCPB_TOOL_ARGUMENTS_UNPARSEABLE', 'refused', 'MCPB_TOOL_ARGUMENTS_UNPARSEABLE'],
        [null, 'shout', 'shout', 'registry', 'allow', 'failed', 'MCPB_TOOL_CALL_FAILED'],
        [null, 'shout', 'shout', 'registry', 'allow', 'ok', null],
      ],
    );
    // The arguments as the call gave them, masked as configured: never a secret.
    assert.deepEqual(lines[1]!.args, { text: 5, token: '***' });
    assert.deepEqual(lines[2]!.args, ['not', 'an', 'object']);
    assert.equal(lines[3]!.args, '{"text": "unterminated');
    for (const line of lines) assert.match(line.argsSha256 as string, /^[0-9a-f]{64}$/);
    assert.equal(JSON.stringify(lines).includes('sk-proj-Abc123Def456Ghi789'), false);
  });
});

describe('Manager.close() closes the pipeline steps it added', () => {
  it("the audit log's lines are on disk and its file closed when close() resolves", async () => {
    const dir = scratchDir('audit-close');
    const configFile = join(dir, 'mcp-bridge.json');
    writeFileSync(configFile, JSON.stringify({ tools: { mcp: { audit: { file: 'audit.jsonl' }, servers: [] } } }));
    const config = await loadConfig(configFile, { env: {} });
    const registry = new Registry();
    registry.register({ name: 'clock', handler: () => '12:00' });
    const manager = new Manager(config, { registry });
    await manager.start();
    assert.equal((await registry.execute('clock', {})).text, '12:00');
    const file = join(dir, 'audit.jsonl');
    // The line waits in its batch (up to 25 ms) before it is written.
    assert.equal(existsSync(file), false);
    await manager.close();
    assert.deepEqual(
      readLines(file).map((l) => [l.name, l.outcome]),
      [['clock', 'ok']],
    );
    assert.equal(openPaths().includes(file), false, 'the audit file is closed');
    // The step stays in the registry: a later call is still logged.
    await registry.execute('clock', {});
    await manager.close();
    assert.ok(registry.pipelineSteps().includes('audit'));
  });
});
