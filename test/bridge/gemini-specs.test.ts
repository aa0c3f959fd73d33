// Gemini specs the API accepts: every Gemini spec of every real server in our fixtures, and the
// hostile shapes seen on real servers (untyped values, a union whose first branch is a union inside
// items, tuples), pass a checker written from Google's documented Schema (gemini-checker.ts, which
// imports nothing from src/), and arguments valid for the server stay valid for the converted
// schema (property-based) except where a note names the loss. No offline Gemini validator exists:
// nothing here proves what the live API accepts, only that we keep to what Google documents.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { JsonSchema, Tool } from '../../protocol/index.js';
import { toolDefFromMcp } from '../../src/bridge/tool-def.js';
import { toLLMSpec, type GeminiFunctionDeclaration } from '../../src/bridge/llm-specs.js';
import { SchemaCompiler } from '../../src/bridge/validate.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/servers.js';
import { fixtureTools, SERVERS } from './fixtures.js';
import { GEMINI_SCHEMA_FIELDS, geminiAsJsonSchema, geminiProblems } from './gemini-checker.js';
import { valuesOf } from './schema-arbitrary.js';

const compiler = new SchemaCompiler();
function validator(schema: unknown): (value: unknown) => string[] {
  const outcome = compiler.compile(schema as JsonSchema);
  if (!outcome.ok) throw new Error(`does not compile: ${outcome.reason}`);
  return (value) => outcome.schema.check(value).map((i) => `${i.field}: ${i.message}`);
}

function gemini(tool: Tool): GeminiFunctionDeclaration {
  return toLLMSpec(toolDefFromMcp('s', tool), 'gemini').spec;
}

/** Shapes real servers send that Gemini refused or our conversion broke. */
const HOSTILE: Tool[] = [
  // zod z.any() / Python Any with a default: a property with no type at all.
  {
    name: 'any_value',
    inputSchema: { type: 'object', properties: { value: {}, fallback: { default: 3, description: 'anything' } }, required: ['value'] } as JsonSchema,
  },
  // The Notion server's API-patch-block-children: items is a union whose first branch is itself a union.
  {
    name: 'patch_block_children',
    inputSchema: {
      type: 'object',
      properties: {
        children: {
          type: 'array',
          items: {
            anyOf: [
              {
                anyOf: [
                  { type: 'object', properties: { paragraph: { type: 'object', properties: { text: { type: 'string' } } } }, required: ['paragraph'] },
                  { type: 'object', properties: { bulleted_list_item: { type: 'object', properties: { text: { type: 'string' } } } } },
                ],
              },
              { type: 'object', properties: { heading_1: { type: 'object', properties: { text: { type: 'string' } } } } },
            ],
          },
        },
      },
      required: ['children'],
    } as JsonSchema,
  },
  // A 2020-12 tuple, and the draft-07 array form of one.
  {
    name: 'tuple',
    inputSchema: {
      type: 'object',
      properties: { pair: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], minItems: 2, maxItems: 2 } },
      required: ['pair'],
    } as JsonSchema,
  },
  {
    name: 'tuple07',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { pair: { type: 'array', items: [{ type: 'integer' }, { type: 'boolean' }] } },
    } as JsonSchema,
  },
  // Type lists and nullable unions inside items, a non-string enum and a const.
  {
    name: 'mixed',
    inputSchema: {
      type: 'object',
      properties: {
        ids: { type: 'array', items: { type: ['string', 'integer', 'null'] } },
        level: { enum: [1, 2, 3] },
        kind: { const: 7 },
        when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
      },
    } as JsonSchema,
  },
];

describe('every Gemini spec passes the documented-Schema checker', () => {
  for (const server of SERVERS) {
    test(`the real ${server} server`, () => {
      for (const tool of fixtureTools(server)) {
        const spec = gemini(tool);
        if (spec.parameters) assert.deepEqual(geminiProblems(spec.parameters), [], tool.name);
      }
    });
  }
  test('the hostile shapes', () => {
    for (const tool of HOSTILE) assert.deepEqual(geminiProblems(gemini(tool).parameters), [], `${tool.name}: ${JSON.stringify(gemini(tool).parameters)}`);
  });
});

test("the checker's field list is the Schema interface of Google's own SDK (@google/genai)", () => {
  const types = readFileSync(join(repoRoot, 'node_modules', '@google', 'genai', 'dist', 'genai.d.ts'), 'utf8');
  const start = types.indexOf('export declare interface Schema {');
  assert.ok(start >= 0, 'the SDK declares Schema');
  const body = types.slice(start, types.indexOf('\n}', start));
  const fields = [...body.matchAll(/^ {4}([A-Za-z]+)\??:/gm)].map((m) => m[1]!);
  assert.deepEqual([...GEMINI_SCHEMA_FIELDS].sort(), [...new Set(fields)].sort());
});

/** Notes of a conversion that narrows what a value may be (the rest only widen or restate). */
const NARROWING = /alternatives dropped|merged into one object|reduced to its|given the scalar types|limited to scalars/;

describe('arguments valid for the server stay valid for the Gemini schema', () => {
  const tools = [...SERVERS.flatMap((s) => fixtureTools(s)), ...HOSTILE];
  // Where Gemini cannot say what the server accepts (a union of a string and an object inside items,
  // an untyped array element), the profile keeps one alternative and notes it; those are the only
  // tools allowed to lose valid arguments, and the list is pinned so a new loss shows up.
  test('only the noted narrowings lose arguments, on the tools known for them', () => {
    const narrowed = tools.filter((t) => toLLMSpec(toolDefFromMcp('s', t), 'gemini').notes.some((n) => NARROWING.test(n.change))).map((t) => t.name);
    assert.deepEqual(narrowed.sort(), [
      'API-create-a-comment',
      'API-create-a-data-source',
      'API-patch-block-children',
      'API-post-page',
      'API-query-data-source',
      'API-update-a-data-source',
      'any_value',
      'mixed',
      'patch_block_children',
    ]);
  });
  for (const tool of tools) {
    test(tool.name, () => {
      const { spec, notes } = toLLMSpec(toolDefFromMcp('s', tool), 'gemini');
      if (!spec.parameters || notes.some((n) => NARROWING.test(n.change))) return;
      const original = validator(tool.inputSchema);
      const converted = validator(geminiAsJsonSchema(spec.parameters));
      fc.assert(
        fc.property(
          valuesOf(tool.inputSchema).filter((v) => original(v).length === 0),
          (value) => {
            assert.deepEqual(converted(value), [], `${JSON.stringify(value)} is valid for the server but not for ${JSON.stringify(spec.parameters)}`);
          },
        ),
        { numRuns: 60, seed: 11 },
      );
    });
  }

  test('the valid tuple call [1, "a"] is accepted; a z.any() value may be anything', () => {
    const pair = validator(geminiAsJsonSchema(gemini(HOSTILE[2]!).parameters));
    assert.deepEqual(pair({ pair: [1, 'a'] }), []);
    const any = validator(geminiAsJsonSchema(gemini(HOSTILE[0]!).parameters));
    for (const value of ['s', 3, true, null, { a: 1 }, [1, 'x', null]]) assert.deepEqual(any({ value }), [], JSON.stringify(value));
  });

  // The loss: inside items a union may hold only scalar types, so an untyped array element can be a
  // scalar or null, but not an object or an array; the spec's notes say so.
  test('untyped array elements: scalars and null are kept; objects and nested arrays are the documented loss', () => {
    const tool: Tool = { name: 'list', inputSchema: { type: 'object', properties: { list: { type: 'array', items: {} } } } as JsonSchema };
    const { spec, notes } = toLLMSpec(toolDefFromMcp('s', tool), 'gemini');
    assert.deepEqual(geminiProblems(spec.parameters), []);
    const check = validator(geminiAsJsonSchema(spec.parameters));
    assert.deepEqual(check({ list: [1, 'a', true, null] }), []);
    assert.ok(
      notes.some((n) => n.path === '#/properties/list/items' && /given the scalar types/.test(n.change)),
      JSON.stringify(notes),
    );
  });
});
