// Registry.execute fills the declared default of a required property the call left out, before
// validation, and sends it: a server that lists `schemas` as required with a default (Supabase's
// list_tables) fills it itself, and the SDK client sends such calls as they are. SCHEMA-3.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CallToolResult } from '../../protocol/index.js';
import { Registry } from '../../src/adapters/registry.js';

const listTables = {
  name: 'list_tables',
  inputSchema: {
    type: 'object',
    properties: {
      schemas: { type: 'array', items: { type: 'string' }, default: ['public'] },
      verbose: { type: 'boolean', default: false },
      limit: { type: 'integer', default: 10 },
      filter: { $ref: '#/$defs/filter' },
    },
    required: ['schemas', 'verbose'],
    $defs: { filter: { type: 'object', properties: { kind: { type: 'string', default: 'table' }, like: { type: 'string' } }, required: ['kind'] } },
    additionalProperties: false,
  },
};

function registry() {
  const sent: Record<string, unknown>[] = [];
  const r = new Registry();
  r.replaceServerTools('db', [listTables], {
    caller: async (_name, args): Promise<CallToolResult> => {
      sent.push(args);
      return { content: [{ type: 'text', text: 'ok' }] };
    },
  });
  return { r, sent };
}

test('a missing required property with a default is filled and sent; optional defaults are left to the server', async () => {
  const { r, sent } = registry();
  const result = await r.execute('list_tables', {});
  assert.equal(result.isError, false, result.text);
  assert.deepEqual(sent, [{ schemas: ['public'], verbose: false }]);
});

test("given values win, nested objects (through $ref) are filled too, and the caller's object and the schema's default are never changed", async () => {
  const { r, sent } = registry();
  const args = { verbose: true, filter: { like: 'a%' } };
  const frozen = structuredClone(args);
  await r.execute('list_tables', args);
  assert.deepEqual(args, frozen, "the caller's object is untouched");
  assert.deepEqual(sent[0], { verbose: true, filter: { like: 'a%', kind: 'table' }, schemas: ['public'] });
  (sent[0]!.schemas as string[]).push('mutated');
  await r.execute('list_tables', {});
  assert.deepEqual(sent[1]!.schemas, ['public'], 'each call gets its own copy of the default');
});

test('a wrong value is still refused before sending, defaults or not', async () => {
  const { r, sent } = registry();
  const result = await r.execute('list_tables', { verbose: 'yes' });
  assert.equal(result.error?.code, 'MCPB_TOOL_INPUT_INVALID');
  assert.match(result.text, /verbose: must be boolean/);
  assert.equal(sent.length, 0);
});

test('the plan of a schema with no required default is worked out once per tool, not on every call', async () => {
  // A getter counts how often the schema's properties are read: the plan (none here), the strict
  // nulls' paths and the validator are all made from them once, on the first call.
  let reads = 0;
  const properties = { text: { type: 'string' } };
  const inputSchema = { type: 'object', required: ['text'] } as Record<string, unknown>;
  Object.defineProperty(inputSchema, 'properties', {
    enumerable: true,
    get: () => {
      reads++;
      return properties;
    },
  });
  const r = new Registry();
  r.replaceServerTools('echo', [{ name: 'echo', inputSchema: inputSchema as never }], {
    caller: async (): Promise<CallToolResult> => ({ content: [{ type: 'text', text: 'ok' }] }),
  });
  assert.equal((await r.execute('echo', { text: 'a' })).isError, false);
  const afterFirst = reads;
  for (let i = 0; i < 3; i++) assert.equal((await r.execute('echo', { text: 'b' })).isError, false);
  assert.equal(reads, afterFirst, 'no schema walk on later calls');
});
