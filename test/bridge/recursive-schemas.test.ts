// Recursive schemas (issue 11 item 14): OpenAI and Anthropic accept $defs/$ref, so recursion is kept
// there instead of being cut to {"type": "object"} after one level; Gemini, which has no $ref, keeps
// the cut. After inlining, no discriminator mapping points at a definition that was removed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonSchema } from '../../protocol/index.js';
import { toolDefFromMcp } from '../../src/bridge/tool-def.js';
import { toLLMSpec } from '../../src/bridge/llm-specs.js';
import { toProviderSchema } from '../../src/bridge/schema-profiles.js';
import { SchemaCompiler } from '../../src/bridge/validate.js';

// A zod-style tree: the root is itself a reference into $defs.
const tree: JsonSchema = {
  $ref: '#/$defs/Node',
  $defs: {
    Node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['label'] },
  },
} as JsonSchema;
const deep = { label: 'a', children: [{ label: 'b', children: [{ label: 'c', children: [{ label: 'd', children: [] }] }] }] };
const badDeep = { label: 'a', children: [{ label: 'b', children: [{ label: 'c', children: [{ children: [] }] }] }] };

function validates(schema: unknown, value: unknown): boolean {
  const outcome = new SchemaCompiler().compile(schema as JsonSchema);
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.reason);
  return outcome.schema.check(value).length === 0;
}

describe('recursion is kept where the provider takes $ref', () => {
  for (const provider of ['openai', 'anthropic'] as const) {
    test(`${provider}: the tree keeps its $defs, three levels down are still checked`, () => {
      const { schema, notes } = toProviderSchema(tree, provider);
      const s = schema as Record<string, any>;
      assert.equal(s.type, 'object');
      assert.deepEqual(s.properties.children.items, { $ref: '#/$defs/Node' });
      assert.ok(s.$defs.Node, 'definitions kept');
      assert.ok(!notes.some((n) => /recursive \$ref .* cut/.test(n.change)), JSON.stringify(notes));
      assert.ok(validates(schema, deep));
      assert.equal(validates(schema, badDeep), false, 'the missing label four levels down is still caught');
    });
  }

  test('OpenAI strict: a recursive tool is sent non-strict (never a cut schema), with a note', () => {
    const def = toolDefFromMcp('s', { name: 'tree', inputSchema: tree });
    const { spec, notes } = toLLMSpec(def, 'openai', { strict: true });
    assert.equal(spec.function.strict, false);
    assert.ok((spec.function.parameters as Record<string, any>).$defs.Node);
    assert.ok(notes.some((n) => /recursive schema/.test(n.change)));
  });

  test('gemini (no $ref): cut after one level as before, noted', () => {
    const { schema, notes } = toProviderSchema(tree, 'gemini');
    assert.equal((schema as Record<string, any>).$defs, undefined);
    assert.ok(notes.some((n) => /recursive \$ref .* cut/.test(n.change)));
  });

  test('a non-recursive $ref is still inlined for every provider', () => {
    const flat = { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } } as JsonSchema;
    for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
      const s = toProviderSchema(flat, provider).schema as Record<string, any>;
      assert.deepEqual(s.properties.a, { type: 'string' }, provider);
      assert.equal(s.$defs, undefined, provider);
    }
  });
});

describe('discriminator mappings after inlining', () => {
  const pets = {
    type: 'object',
    properties: {
      pet: {
        oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
        discriminator: { propertyName: 'kind', mapping: { cat: '#/$defs/Cat', dog: '#/$defs/Dog' } },
      },
    },
    $defs: {
      Cat: { type: 'object', properties: { kind: { const: 'cat' }, lives: { type: 'integer' } } },
      Dog: { type: 'object', properties: { kind: { const: 'dog' }, good: { type: 'boolean' } } },
    },
  } as JsonSchema;

  test('no mapping points at a removed definition, for any provider', () => {
    for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
      const { schema } = toProviderSchema(pets, provider);
      const text = JSON.stringify(schema);
      assert.equal((schema as Record<string, any>).$defs, undefined, provider);
      assert.doesNotMatch(text, /#\/\$defs\//, `${provider}: ${text}`);
    }
  });

  test('a recursive schema keeps its definitions, so its mapping stays valid there', () => {
    const recursive = {
      ...pets,
      $defs: {
        ...(pets as any).$defs,
        Cat: { type: 'object', properties: { kind: { const: 'cat' }, kittens: { type: 'array', items: { $ref: '#/$defs/Cat' } } } },
      },
    } as JsonSchema;
    const s = toProviderSchema(recursive, 'anthropic').schema as Record<string, any>;
    for (const target of Object.values(s.properties.pet.discriminator.mapping as Record<string, string>)) {
      assert.ok(s.$defs[target.split('/').pop()!], `${target} exists`);
    }
  });
});
