// Config written in code, in the plain shapes a config file holds: Manager.fromConfig(defineConfig(...))
// with a list, our tools.mcp.servers document or a host's mcpServers map; new Manager([{ name,
// command, args }]) as a JS user writes it (it used to start nothing and report the server
// "disabled"); every mistake a ConfigError with the entry's path, as for a file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, configFromObject, defineConfig, Manager, Registry, type ServerConfig } from '../../src/index.js';
import { officialServer } from '../helpers/servers.js';

const everything = officialServer('everything');

test('new Manager([{ name, command, args }]) (a plain entry, as JS passes it) starts the server', async () => {
  const registry = new Registry();
  const plain = [{ name: 'ev', command: everything.command, args: everything.args }] as unknown as ServerConfig[];
  const manager = new Manager(plain, { registry });
  try {
    const summary = await manager.start();
    assert.deepEqual(summary.disabled, []);
    assert.deepEqual(summary.ready, ['ev']);
    assert.ok(registry.list().some((t) => t.name === 'echo'));
  } finally {
    await manager.close();
  }
});

test('Manager.fromConfig takes a list, a tools.mcp document or an mcpServers map; defaults filled as for a file', async () => {
  const list = defineConfig([{ name: 'ev', command: everything.command, args: everything.args, timeout: '45s', prefix: 'ev_' }]);
  const fromList = configFromObject(list);
  assert.equal(fromList.servers[0]?.transport, 'stdio');
  assert.equal(fromList.servers[0]?.timeoutMs, 45_000);
  assert.equal(fromList.servers[0]?.startupTimeoutMs, 120_000);
  assert.equal(fromList.servers[0]?.enabled, true);
  const doc = configFromObject(
    defineConfig({ tools: { mcp: { servers: [{ name: 'ev', command: everything.command, env: { MODE: '${MCPB_TEST_MODE:-dev}' } }] } } }),
  );
  assert.deepEqual(doc.servers[0]?.env, { MODE: 'dev' });
  const hosts = configFromObject(defineConfig({ mcpServers: { remote: { url: 'https://example.com/mcp', headers: () => ({ authorization: 'Bearer t' }) } } }));
  assert.equal(hosts.servers[0]?.name, 'remote');
  assert.equal(hosts.servers[0]?.transport, 'auto');
  assert.equal(typeof hosts.servers[0]?.headers, 'function', 'a headers function is kept');

  const registry = new Registry();
  const manager = Manager.fromConfig(list, { registry });
  try {
    assert.deepEqual((await manager.start()).ready, ['ev']);
    assert.ok(registry.list().some((t) => t.name === 'ev_echo'));
  } finally {
    await manager.close();
  }
});

test('mistakes are a ConfigError naming each entry path, as for a file; nothing starts', () => {
  const bad = [
    { name: 'ok', command: 'node' },
    { name: 'fs', cmd: 'npx', args: ['x'] },
    { name: 'web', url: 'not a url' },
  ];
  assert.throws(
    () => new Manager(bad as unknown as ServerConfig[]),
    (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.equal(e.code, 'MCPB_CONFIG_INVALID');
      const paths = e.issues.map((i) => i.path);
      assert.ok(paths.includes('servers[1].cmd'), paths.join(', '));
      assert.ok(
        e.issues.some((i) => i.path.startsWith('servers[2].url')),
        paths.join(', '),
      );
      assert.match(e.issues.find((i) => i.path === 'servers[1].cmd')!.hint ?? '', /the key is command/);
      assert.match(e.message, /config \(in code\)/);
      return true;
    },
  );
  assert.throws(
    () => Manager.fromConfig({ mcpServers: { fs: { args: ['x'] } } }),
    (e: unknown) => e instanceof ConfigError && e.issues.some((i) => i.path.startsWith('mcpServers.fs')),
  );
  // A normalised entry next to a raw one keeps its place; the raw one is numbered as passed.
  const normalised = configFromObject([{ name: 'a', command: 'node' }]).servers[0]!;
  assert.throws(
    () => new Manager([normalised, { name: 'b', command: 3 }] as unknown as ServerConfig[]),
    (e: unknown) => e instanceof ConfigError && e.issues.some((i) => i.path === 'servers[1].command'),
  );
  const mixed = new Manager([normalised, { name: 'b', command: 'node' }] as unknown as ServerConfig[]);
  assert.deepEqual(mixed.serverNames, ['a', 'b']);
});
