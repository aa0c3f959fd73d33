// The config's `tools.mcp.pins` reaches the pins step the Manager adds to its registry: `onChange:
// warn` lets a changed tool through and logs it once through the manager's logger, `newTools:
// block` hides a tool the lock does not know, `file` points anywhere. Against the real memory server.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { run } from '../../../src/cli/main.js';
import { loadConfig, Manager, Registry, type Logger } from '../../../src/index.js';
import { officialServer, repoRoot, scratchDir, type ServerLaunch } from '../../helpers/servers.js';

const dir = scratchDir('pins-manager');
const lockFile = join(dir, 'locks', 'team.lock');
let memory: ServerLaunch;

function config(pins: Record<string, unknown>): string {
  const file = join(dir, `mcp-bridge-${Object.values(pins).join('-')}.yaml`);
  const server = { name: 'memory', command: memory.command, args: memory.args, env: memory.env };
  writeFileSync(file, JSON.stringify({ tools: { mcp: { pins: { file: 'locks/team.lock', ...pins }, servers: [server] } } }));
  return file;
}

async function session(file: string, check: (registry: Registry, lines: string[]) => Promise<void>): Promise<void> {
  const lines: string[] = [];
  const log = (level: string) => (m: string) => void lines.push(`${level}: ${m}`);
  const logger: Logger = { debug: () => {}, info: log('info'), warn: log('warn'), error: log('error') };
  const registry = new Registry({ results: false });
  const manager = new Manager(await loadConfig(file), { registry, logger });
  try {
    await manager.start();
    await check(registry, lines);
  } finally {
    await manager.close();
  }
}

before(async () => {
  memory = officialServer('memory');
  const file = config({});
  let err = '';
  const code = await run(['--config', file, 'pin', '-q'], { stdout: () => {}, stderr: (t) => void (err += t), env: process.env, cwd: repoRoot });
  assert.equal(code, 0, err);
  // The lock now disagrees about read_graph (another description, so another hash) and lacks open_nodes.
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { servers: { memory: { tools: Record<string, { hash: string; description: string }> } } };
  lock.servers.memory.tools.read_graph!.description = 'Read the knowledge graph';
  lock.servers.memory.tools.read_graph!.hash = `sha256:${'1'.repeat(64)}`;
  delete lock.servers.memory.tools.open_nodes;
  writeFileSync(lockFile, JSON.stringify(lock));
});

after(() => memory?.cleanup());

test('onChange: warn lets the changed tool through and logs the change once, through the manager logger', async () => {
  await session(config({ onChange: 'warn' }), async (registry, lines) => {
    assert.equal((await registry.execute('read_graph', {})).isError, false);
    await registry.execute('read_graph', {});
    const warned = lines.filter((l) => l.startsWith('warn: pins:'));
    assert.equal(warned.length, 1, lines.join('\n'));
    assert.match(warned[0]!, /tool "read_graph" of server "memory" changed since it was pinned \(description\).*mcp-bridge pin --update memory/);
  });
});

test('the default (block) and newTools: block: the changed and the unknown tool are hidden and refused', async () => {
  await session(config({ newTools: 'block' }), async (registry) => {
    const names = registry.list().map((d) => d.name);
    assert.ok(!names.includes('read_graph') && !names.includes('open_nodes') && names.includes('search_nodes'), names.join(', '));
    assert.equal((await registry.execute('read_graph', {})).error?.code, 'MCPB_TOOL_CHANGED');
    assert.match((await registry.execute('open_nodes', { names: ['x'] })).text, /Tool "open_nodes" of server "memory" is not in the lock file/);
    assert.equal((await registry.execute('search_nodes', { query: 'x' })).isError, false);
  });
});
