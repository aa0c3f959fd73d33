// Skills over MCP (SEP-2640) against the TS SDK v2 server's Skills extension: listing reads no
// file, loading reads and verifies SKILL.md, supporting files are read on demand and only if the
// held entry lists them, and every mismatch (size, digest, frontmatter, a changed supporting file)
// keeps the content out. Digests in the oracle are computed here from the spec's definition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { CapabilityMissingError, Client, createTransport, isMcpBridgeError, type Skill } from '../../src/index.js';
import { fixtureServer, officialServer } from '../helpers/servers.js';
import { SchemaTap } from '../helpers/spec-schema.js';

async function open(tamper?: string) {
  const launch = fixtureServer('v2-skills', { args: tamper ? ['--tamper', tamper] : [] });
  const transport = await createTransport({ command: launch.command, args: launch.args });
  const tap = new SchemaTap(transport);
  const client = new Client(transport, { name: 'docs' });
  await client.connect();
  const reads = async (): Promise<string[]> => JSON.parse((await client.callTool('reads', {})).content.map((c: any) => c.text).join(''));
  return { client, tap, reads };
}

const sha256 = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

test('skills/list hands over complete entries and reads no skill file (SKILL-1, SKILL-2)', async () => {
  const { client, tap, reads } = await open();
  try {
    const skills = await client.listSkills();
    assert.equal(skills.length, 1);
    const [skill] = skills as [Skill];
    assert.equal(skill.uri, 'skill://pdf-processing/SKILL.md');
    assert.deepEqual(skill.frontmatter, { name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents', metadata: { version: '2.1.0' } });
    assert.ok(Array.isArray(skill.resources) && skill.resources.length === 3);
    assert.deepEqual(await reads(), [], 'listing read nothing');
    assert.equal(tap.sent.filter((m) => 'method' in m && m.method === 'resources/read').length, 0);
    assert.deepEqual((await client.getSkill(skill.uri)).resources, skill.resources, 'skills/get answers the same entry');
  } finally {
    await client.close();
  }
});

test('loadSkill reads SKILL.md only, verified; a listed file is read on demand, an unlisted one refused; directories are read (SKILL-2, SKILL-4, SKILL-5, SKILL-7, SKILL-9)', async () => {
  const { client, reads } = await open();
  try {
    // From its URI alone: the entry comes from skills/get.
    const skill = await client.loadSkill('skill://pdf-processing/SKILL.md');
    assert.match(skill.instructions, /^---\nname: pdf-processing/);
    assert.equal(sha256(skill.instructions), (skill.entry.resources as { uri: string; digest: string }[])[0]!.digest);
    assert.equal(skill.server, 'docs');
    assert.deepEqual(await reads(), ['skill://pdf-processing/SKILL.md'], 'only SKILL.md was read');
    const forms = await skill.readFile('references/FORMS.md');
    assert.equal(forms.text, 'Supporting content.\n');
    await assert.rejects(
      skill.readFile('references/SECRET.md'),
      (e: unknown) => isMcpBridgeError(e) && e.code === 'MCPB_SKILL_UNVERIFIED' && /not one of the files/.test(e.message),
    );
    assert.deepEqual(await reads(), ['skill://pdf-processing/SKILL.md', 'skill://pdf-processing/references/FORMS.md'], 'the unlisted file was never requested');
    const children = await client.readResourceDirectory('skill://pdf-processing/templates');
    assert.deepEqual(
      children.map((c) => [c.uri, c.mimeType]),
      [['skill://pdf-processing/templates/invoice.md', 'text/markdown']],
    );
  } finally {
    await client.close();
  }
});

for (const [tamper, why] of [
  ['size', /bytes, its entry says/],
  ['digest', /SHA-256 of .* its entry says/],
  ['frontmatter', /frontmatter .* differs .*"description"/],
] as const) {
  test(`a SKILL.md failing ${tamper} verification is not loaded, and nothing else of the skill is read (SKILL-4, SKILL-5)`, async () => {
    const { client, reads } = await open(tamper);
    try {
      const [skill] = await client.listSkills();
      await assert.rejects(client.loadSkill(skill!), (e: unknown) => isMcpBridgeError(e) && e.code === 'MCPB_SKILL_UNVERIFIED' && why.test(e.message));
      assert.deepEqual(await reads(), ['skill://pdf-processing/SKILL.md']);
    } finally {
      await client.close();
    }
  });
}

test('a supporting file changed after listing is refused on read (SKILL-4)', async () => {
  const { client } = await open('file');
  try {
    const skill = await client.loadSkill((await client.listSkills())[0]!);
    await assert.rejects(skill.readFile('references/FORMS.md'), (e: unknown) => isMcpBridgeError(e) && e.code === 'MCPB_SKILL_UNVERIFIED');
  } finally {
    await client.close();
  }
});

test('a server without the extension gets no skills/* request (SKILL-1)', async () => {
  const launch = officialServer('everything');
  const client = new Client(await createTransport({ command: launch.command, args: launch.args, env: launch.env }), { name: 'everything' });
  await client.connect();
  try {
    await assert.rejects(client.listSkills(), CapabilityMissingError);
    await assert.rejects(client.readResourceDirectory('file:///'), CapabilityMissingError);
  } finally {
    await client.close();
    launch.cleanup();
  }
});

test('entries that cannot be loaded are refused before any read: dynamic, past the limits, name not in the URI (SKILL-3, SKILL-6)', async () => {
  const { client, reads } = await open();
  try {
    const [good] = (await client.listSkills()) as [Skill];
    const files = good.resources as { uri: string; digest: string; size: number }[];
    const bad: [Skill, RegExp][] = [
      [{ ...good, resources: 'dynamic' }, /dynamic/],
      [{ ...good, resources: undefined as never }, /neither a list/],
      [{ ...good, resources: [...files, ...Array.from({ length: 512 }, (_, i) => ({ ...files[1]!, uri: `skill://pdf-processing/f${i}` }))] }, /512/],
      [{ ...good, resources: [{ ...files[0]!, size: 17 * 1024 * 1024 }] }, /16777216/],
      [{ ...good, frontmatter: { ...good.frontmatter, name: 'other' } }, /not the skill's name/],
    ];
    for (const [entry, why] of bad) await assert.rejects(client.loadSkill(entry), (e: unknown) => isMcpBridgeError(e) && why.test(e.message));
    assert.deepEqual(await reads(), []);
  } finally {
    await client.close();
  }
});
