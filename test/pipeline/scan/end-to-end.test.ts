// `tools.mcp.scan` from a config file through the Manager and the Registry, with a stdio server
// whose list holds a poisoned tool (a fixture: no real server ships one) beside the official
// everything server. block: the poisoned tool is missing from the specs and a call to it is refused
// with nothing sent; the clean tools of both servers stay. warn: nothing hidden, the finding logged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Manager, Registry, parseConfig } from '../../../src/index.js';
import type { Logger } from '../../../src/log.js';
import { configText, nodeEntry, stdioEntry } from '../../helpers/config.js';
import { fixtureServerScript, officialServer, scratchDir } from '../../helpers/servers.js';
import { join } from 'node:path';

function configWith(scan: unknown) {
  const everything = officialServer('everything');
  const text = JSON.parse(
    configText([nodeEntry('calc', fixtureServerScript('poisoned-tools'), { prefix: 'calc_' }), stdioEntry('everything', everything, { prefix: 'ev_' })]),
  ) as { tools: { mcp: Record<string, unknown> } };
  text.tools.mcp.scan = scan;
  return parseConfig(JSON.stringify(text), { file: join(scratchDir('cfg'), 'mcp-bridge.yaml') });
}

test('scan: block through Manager + Registry: the poisoned tool is hidden and refused, nothing reaches the server', async () => {
  const config = configWith('block');
  assert.equal(config.scan, 'block');
  const warnings: string[] = [];
  const logger: Logger = { debug: () => {}, info: () => {}, warn: (m) => warnings.push(m), error: () => {} };
  const registry = new Registry();
  const manager = new Manager(config, { registry, logger });
  try {
    const summary = await manager.start();
    assert.deepEqual(summary.failed, []);
    const names = registry.list().map((d) => d.name);
    assert.ok(!names.includes('calc_add'), names.join(', '));
    assert.ok(names.includes('calc_echo') && names.includes('ev_echo') && names.includes('ev_get-sum'), names.join(', '));
    const specs = JSON.stringify(registry.toLLMSpecs('anthropic').specs);
    assert.doesNotMatch(specs, /calc_add|id_rsa/);
    const refused = await registry.execute('calc_add', { a: 2, b: 3 });
    assert.equal(refused.error?.code, 'MCPB_TOOL_FLAGGED');
    assert.match(refused.text, /"add" of server "calc"/);
    assert.equal((await registry.execute('calc_calls', {})).text, '0', 'nothing was sent to the server');
    assert.equal((await registry.execute('ev_get-sum', { a: 2, b: 3 })).isError, false);
    assert.ok(
      warnings.some((w) => /scan: tool "add" of server "calc": .*, hidden:/.test(w)),
      warnings.join('\n'),
    );
  } finally {
    await manager.close();
  }
});

test('scan: warn through Manager + Registry: nothing hidden, the call goes through, the finding is logged', async () => {
  const warnings: string[] = [];
  const logger: Logger = { debug: () => {}, info: () => {}, warn: (m) => warnings.push(m), error: () => {} };
  const registry = new Registry();
  const manager = new Manager(configWith('warn'), { registry, logger });
  try {
    await manager.start();
    assert.ok(registry.list().some((d) => d.name === 'calc_add'));
    registry.toLLMSpecs('openai');
    assert.equal((await registry.execute('calc_add', { a: 2, b: 3 })).text, '5');
    assert.equal((await registry.execute('calc_calls', {})).text, '1');
    assert.ok(
      warnings.some((w) => w.startsWith('scan: tool "add" of server "calc": ')),
      warnings.join('\n'),
    );
  } finally {
    await manager.close();
  }
});

test('tools.mcp.scan takes warn or block; anything else is a located config issue', () => {
  assert.equal(configWith('warn').scan, 'warn');
  assert.equal(configWith(undefined).scan, undefined);
  assert.throws(
    () => configWith('blok'),
    (e: { code?: string; issues?: Array<{ path: string; line?: number; message: string; hint?: string }> }) => {
      assert.equal(e.code, 'MCPB_CONFIG_INVALID');
      const issue = e.issues!.find((i) => i.path === 'tools.mcp.scan');
      assert.ok(issue, JSON.stringify(e.issues));
      assert.match(issue.message, /scan must be one of warn, block, got "blok"/);
      assert.match(issue.hint ?? '', /scan: block/);
      return true;
    },
  );
});
