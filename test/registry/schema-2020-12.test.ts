// JSON Schema 2020-12 end to end against a real TS SDK v2 server: what the server lists reaches
// Client.listTools, the registry's ToolDef and the validator with every keyword intact ($id, $defs,
// $anchor, prefixItems, dependentSchemas, unevaluatedProperties), and a `$ref` to a network URI is
// never fetched, not on listing, registration, spec building nor a call (SCHEMA-1..5, SCHEMA-7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { Client, createTransport, Registry, type Tool } from '../../src/index.js';
import { fixtureServer } from '../helpers/servers.js';

// The schema of the fixture's `shape` tool, as the SEP-2106 vocabulary writes it (kept here, not imported).
const SHAPE = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://schemas.example.test/shape',
  type: 'object',
  $defs: { point: { $anchor: 'point', type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false } },
  properties: { at: { $ref: '#point' }, card: { type: 'string' }, label: { type: 'string' } },
  dependentSchemas: { card: { required: ['at'] } },
  unevaluatedProperties: false,
};

async function canary(): Promise<{ url: string; hits: () => number; server: Server }> {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/schema+json' }).end('{"type":"object","properties":{"displayName":{"type":"string"}}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/canary/profile-schema.json`, hits: () => hits, server };
}

async function open(canaryUrl: string) {
  const launch = fixtureServer('v2-schemas', { args: [canaryUrl] });
  const client = new Client(await createTransport({ command: launch.command, args: launch.args }), { name: 'schemas' });
  await client.connect();
  return client;
}

test('2020-12 keywords reach listTools, the ToolDef and the validator intact; prefixItems, dependentSchemas and unevaluatedProperties are enforced (SCHEMA-1, SCHEMA-2, SCHEMA-3, SCHEMA-7)', async () => {
  const bait = await canary();
  const client = await open(bait.url);
  try {
    const tools = await client.listTools();
    const shape = tools.find((t) => t.name === 'shape')!;
    assert.deepEqual(shape.inputSchema, SHAPE, 'Client.listTools hands the schema over as the server sent it');
    const registry = new Registry();
    const report = registry.registerServerTools('schemas', tools, { caller: (name, args) => client.callTool(name, args as Record<string, unknown>) });
    assert.deepEqual(
      report.problems.filter((p) => p.origin.tool === 'shape'),
      [],
      'the 2020-12 schema compiles',
    );
    assert.deepEqual(registry.get('shape')!.inputSchema, SHAPE, 'the ToolDef keeps the schema intact');
    assert.deepEqual((registry.get('shape')!.tool as Tool).inputSchema, SHAPE);

    const refused = async (args: unknown, why: RegExp) => {
      const r = await registry.execute('shape', args);
      assert.equal(r.error?.code, 'MCPB_TOOL_INPUT_INVALID', `${JSON.stringify(args)} should be refused`);
      assert.match(JSON.stringify(r.error?.issues), why);
    };
    await refused({ at: [1, 2, 3] }, /items|additional/i); // prefixItems + items:false, through the $anchor ref
    await refused({ at: ['north', 2] }, /number/); // prefixItems[0]
    await refused({ card: 'visa' }, /at/); // dependentSchemas: card needs at
    await refused({ label: 'x', extra: true }, /extra|unevaluated/i); // unevaluatedProperties: false
    const ok = await registry.execute('shape', { at: [1, 2], card: 'visa', label: 'home' });
    assert.equal(ok.isError, false, ok.text);
    assert.deepEqual(JSON.parse(ok.text), { at: [1, 2], card: 'visa', label: 'home' });
    assert.equal(bait.hits(), 0);
  } finally {
    await client.close();
    bait.server.close();
  }
});

test('a $ref to a network URI is never dereferenced: listed as is, reported at registration, the tool still callable (SCHEMA-4, SCHEMA-5)', async () => {
  const bait = await canary();
  const client = await open(bait.url);
  try {
    const tools = await client.listTools();
    const profile = tools.find((t) => t.name === 'profile')!;
    assert.equal((profile.inputSchema.properties as any).profile.$ref, bait.url, 'the remote $ref is left as is');
    const registry = new Registry();
    const report = registry.registerServerTools('schemas', tools, { caller: (name, args) => client.callTool(name, args as Record<string, unknown>) });
    const problem = report.problems.find((p) => p.origin.tool === 'profile');
    assert.ok(problem, 'the remote reference is reported');
    assert.match(problem.message, /never fetched/);
    assert.equal(registry.get('profile')!.inputSchema.properties!.profile!.$ref, bait.url);
    for (const provider of ['openai', 'anthropic', 'gemini', 'openai-responses'] as const) registry.toLLMSpecs(provider);
    registry.toLLMSpecs('openai', { strict: true });
    registry.toLLMSpecs('gemini', { jsonSchema: true });
    registry.toAiSdkTools();
    await registry.execute('profile', { id: 'ada' });
    assert.equal(bait.hits(), 0, 'the canary URL was fetched');
  } finally {
    await client.close();
    bait.server.close();
  }
});
