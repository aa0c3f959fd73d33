// The manager holds resources, templates and prompts of servers that opt in (`resources: true`,
// `prompts: true`), lists every page (PAGE-2), and re-lists them on list_changed, debounced like
// tools: a burst of three notifications costs one listing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Manager } from '../../src/manager/manager.js';
import { officialServer, repoRoot } from '../helpers/servers.js';
import { nodeEntry, stdioEntry, testConfig } from '../helpers/config.js';

const fixture = (name: string) => join(repoRoot, 'test', 'fixtures', 'manager', name);

async function until(cond: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

test('opt-in resources and prompts are held, every page listed, and re-listed once per list_changed burst', async () => {
  const manager = new Manager(testConfig([nodeEntry('dyn', fixture('surface-changing.mjs'), { resources: true, prompts: true })]));
  const changes: string[] = [];
  manager.events.on('resourcesChanged', (e) => changes.push(`resources:${e.resources.length}`));
  manager.events.on('promptsChanged', (e) => changes.push(`prompts:${e.prompts.length}`));
  try {
    await manager.start();
    const handle = manager.server('dyn');
    assert.deepEqual(
      handle.currentResources.map((r) => r.uri),
      ['fixture://a', 'fixture://b'],
    );
    assert.deepEqual(
      handle.currentResourceTemplates.map((t) => t.uriTemplate),
      ['fixture://item/{id}'],
    );
    assert.deepEqual(
      handle.currentPrompts.map((p) => p.name),
      ['greet'],
    );
    assert.deepEqual(handle.holds, { resources: true, prompts: true });
    await handle.callTool('grow', {});
    await until(() => handle.currentResources.length === 3 && handle.currentPrompts.length === 2, 'the re-listing');
    await new Promise((r) => setTimeout(r, 300));
    const counts = JSON.parse((await handle.callTool('counts', {})).content.map((c: any) => c.text).join(''));
    // Two pages at start + two pages for the one debounced re-list.
    assert.equal(counts['resources/list'], 4, JSON.stringify(counts));
    assert.equal(counts['prompts/list'], 2, JSON.stringify(counts));
    assert.deepEqual(changes.slice(0, 2), ['resources:2', 'prompts:1']);
    assert.deepEqual(changes.slice(2).sort(), ['prompts:2', 'resources:3'], 'one change event per kind for the burst');
  } finally {
    await manager.close();
  }
});

test('without the opt-in nothing is listed; a server without the capability is not asked (filesystem)', async () => {
  const fs = officialServer('filesystem');
  const manager = new Manager(testConfig([nodeEntry('dyn', fixture('surface-changing.mjs')), stdioEntry('fs', fs, { resources: true, prompts: true })]));
  try {
    const summary = await manager.start();
    assert.deepEqual(summary.ready.sort(), ['dyn', 'fs']);
    const dyn = manager.server('dyn');
    const counts = JSON.parse((await dyn.callTool('counts', {})).content.map((c: any) => c.text).join(''));
    assert.deepEqual(counts, { 'resources/list': 0, 'prompts/list': 0 });
    assert.deepEqual(manager.server('fs').holds, { resources: false, prompts: false });
    assert.deepEqual(manager.server('fs').currentResources, []);
  } finally {
    await manager.close();
    fs.cleanup();
  }
});
