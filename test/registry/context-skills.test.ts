// The load_skill context tool (offered with `resources: true` when the server declares the Skills
// extension, SEP-2640), against the v2 server's Skills extension: no arguments lists entries and
// reads nothing; a name loads the verified SKILL.md tagged with its server; a file of the loaded
// skill is read only if its entry lists it; tampered content comes back as an error result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Manager, Registry } from '../../src/index.js';
import { fixtureServer } from '../helpers/servers.js';
import { stdioEntry, testConfig } from '../helpers/config.js';

async function start(tamper?: string) {
  const launch = fixtureServer('v2-skills', { args: tamper ? ['--tamper', tamper] : [] });
  const registry = new Registry();
  const manager = new Manager(testConfig([stdioEntry('docs', launch, { prefix: 'docs_', resources: true })]), { registry });
  await manager.start();
  const reads = async (): Promise<string[]> => JSON.parse((await registry.execute('docs_reads', {})).text);
  return { registry, manager, reads };
}

test('load_skill lists without reading, loads verified instructions tagged with their server, reads listed files only (SKILL-2, SKILL-7, SKILL-8)', async () => {
  const { registry, manager, reads } = await start();
  try {
    assert.ok(registry.has('docs_load_skill'));
    const listing = await registry.execute('docs_load_skill', {});
    assert.equal(listing.isError, false, listing.text);
    assert.deepEqual((listing.structured as any).skills, [
      { name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents', uri: 'skill://pdf-processing/SKILL.md' },
    ]);
    assert.deepEqual(await reads(), []);
    const loaded = await registry.execute('docs_load_skill', { skill: 'pdf-processing' });
    assert.equal(loaded.isError, false, loaded.text);
    assert.match(loaded.text, /^\[skill "pdf-processing" from MCP server "docs" \(skill:\/\/pdf-processing\/SKILL\.md\); verified/);
    assert.match(loaded.text, /# PDF processing/);
    const file = await registry.execute('docs_load_skill', { skill: 'pdf-processing', file: 'references/FORMS.md' });
    assert.match(file.text, /Supporting content/);
    const unlisted = await registry.execute('docs_load_skill', { skill: 'pdf-processing', file: 'references/NOPE.md' });
    assert.equal(unlisted.isError, true);
    assert.match(unlisted.text, /not one of the files its entry lists/);
    assert.deepEqual(await reads(), ['skill://pdf-processing/SKILL.md', 'skill://pdf-processing/references/FORMS.md']);
  } finally {
    await manager.close();
  }
});

test('load_skill of a skill whose SKILL.md fails verification is an error result, nothing of it shown (SKILL-4)', async () => {
  const { registry, manager } = await start('digest');
  try {
    const loaded = await registry.execute('docs_load_skill', { skill: 'pdf-processing' });
    assert.equal(loaded.isError, true);
    assert.match(loaded.text, /SHA-256/);
    assert.doesNotMatch(loaded.text, /Wipe a disk/);
  } finally {
    await manager.close();
  }
});
