// Provider schema profiles on hand-made schemas: $ref inlining with cycles, nullable unions, the
// Gemini subset, root shapes, OpenAI strict, and the notes saying what changed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonSchema } from '../../protocol/index.js';
import { stripStrictNulls, toOpenAiStrict } from '../../src/bridge/openai-strict.js';
import { toProviderSchema } from '../../src/bridge/schema-profiles.js';
import { inlineRefs, MAX_SCHEMA_DEPTH } from '../../src/bridge/schema-refs.js';
import type { SchemaNote } from '../../src/bridge/types.js';

const has = (notes: SchemaNote[], path: string, pattern: RegExp): boolean => notes.some((n) => n.path === path && pattern.test(n.change));
const P = (schema: JsonSchema): Record<string, any> => schema as Record<string, any>;

describe('local $ref inlining', () => {
  const tree: JsonSchema = {
    type: 'object',
    properties: {
      root: { $ref: '#/$defs/Node', description: 'the tree' },
      legacy: { $ref: '#/definitions/Leaf' },
    },
    $defs: {
      Node: { type: 'object', description: 'a node', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } },
    },
    definitions: { Leaf: { type: 'integer', minimum: 0 } },
  };

  test('#/$defs and #/definitions targets are inlined, siblings win, $defs removed', () => {
    const notes: SchemaNote[] = [];
    const out = P(inlineRefs(tree, notes));
    assert.equal(out.$defs, undefined);
    assert.equal(out.definitions, undefined);
    assert.equal(out.properties.root.type, 'object');
    assert.equal(out.properties.root.description, 'the tree', 'the local description beats the target one');
    assert.equal(out.properties.root.properties.label.type, 'string');
    assert.deepEqual(out.properties.legacy, { type: 'integer', minimum: 0 });
    assert.ok(has(notes, '#/properties/root', /\$ref "#\/\$defs\/Node" inlined/));
    assert.ok(has(notes, '#/$defs', /removed/));
  });

  test('a cycle is cut to the target type, with a note, instead of recursing forever', () => {
    const notes: SchemaNote[] = [];
    const out = P(inlineRefs(tree, notes));
    assert.deepEqual(out.properties.root.properties.children.items, { type: 'object', description: 'a node' });
    assert.ok(has(notes, '#/properties/root/properties/children/items', /recursive \$ref "#\/\$defs\/Node" cut/));
  });

  test('the source schema is left intact', () => {
    const before = JSON.stringify(tree);
    inlineRefs(tree, []);
    toProviderSchema(tree, 'gemini');
    assert.equal(JSON.stringify(tree), before);
  });

  test('remote and unresolvable refs are never followed (SCHEMA-4); they become unconstrained, noted', () => {
    // covers: SCHEMA-4
    const notes: SchemaNote[] = [];
    const out = P(
      inlineRefs({ type: 'object', properties: { a: { $ref: 'https://example.com/s.json', description: 'd' }, b: { $ref: '#/$defs/Missing' } } }, notes),
    );
    assert.deepEqual(out.properties.a, { description: 'd' });
    assert.deepEqual(out.properties.b, {});
    assert.ok(has(notes, '#/properties/a', /remote \$ref .* not followed/));
    assert.ok(has(notes, '#/properties/b', /does not resolve/));
  });

  test('properties named like keywords ($ref, definitions) are properties, not keywords', () => {
    const out = P(inlineRefs({ type: 'object', properties: { definitions: { type: 'string' }, $ref: { type: 'number' } } }, []));
    assert.deepEqual(Object.keys(out.properties), ['definitions', '$ref']);
  });

  test('work is bounded: absurd nesting is cut at the depth limit (SCHEMA-6)', () => {
    // covers: SCHEMA-6
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < MAX_SCHEMA_DEPTH + 10; i++) deep = { type: 'object', properties: { x: deep } };
    const notes: SchemaNote[] = [];
    inlineRefs(deep as JsonSchema, notes);
    assert.ok(notes.some((n) => /deeper than/.test(n.change)));
  });

  test('a ref fan-out that would explode is capped by the node budget', () => {
    const defs: Record<string, unknown> = { L0: { type: 'string' } };
    for (let i = 1; i <= 20; i++) defs[`L${i}`] = { type: 'object', properties: { a: { $ref: `#/$defs/L${i - 1}` }, b: { $ref: `#/$defs/L${i - 1}` } } };
    const notes: SchemaNote[] = [];
    inlineRefs({ type: 'object', properties: { top: { $ref: '#/$defs/L20' } }, $defs: defs } as JsonSchema, notes);
    assert.ok(notes.some((n) => /grew past/.test(n.change)));
  });
});

describe('nullable unions stay typed', () => {
  const schema: JsonSchema = { type: 'object', properties: { name: { anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }], description: 'who' } } };

  test('openai: anyOf [string, null] → type [string, null]', () => {
    const { schema: out, notes } = toProviderSchema(schema, 'openai');
    assert.deepEqual(P(out).properties.name, { type: ['string', 'null'], maxLength: 5, description: 'who' });
    assert.ok(has(notes, '#/properties/name', /anyOf \[X, null\] turned into type \[string, null\]/));
  });

  test('gemini: anyOf [string, null] → {type: string, nullable: true}', () => {
    const { schema: out, notes } = toProviderSchema(schema, 'gemini');
    assert.deepEqual(P(out).properties.name, { type: 'string', maxLength: 5, description: 'who', nullable: true });
    assert.ok(has(notes, '#/properties/name', /nullable: true/));
  });

  test('anthropic: passed through as anyOf', () => {
    const { schema: out } = toProviderSchema(schema, 'anthropic');
    assert.deepEqual(P(out).properties.name.anyOf, [{ type: 'string', maxLength: 5 }, { type: 'null' }]);
  });

  test('gemini: type lists become one type plus nullable, or anyOf of types', () => {
    const { schema: out } = toProviderSchema({ type: 'object', properties: { a: { type: ['integer', 'null'] }, b: { type: ['string', 'number'] } } }, 'gemini');
    assert.deepEqual(P(out).properties.a, { type: 'integer', nullable: true });
    assert.deepEqual(P(out).properties.b, { anyOf: [{ type: 'string' }, { type: 'number' }] });
  });
});

describe('gemini subset', () => {
  const schema: JsonSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    additionalProperties: false,
    properties: {
      kind: { const: 'fixed' },
      level: { type: 'integer', enum: [1, 2, 3] },
      count: { type: 'number', exclusiveMinimum: 0 },
      when: { type: 'string', format: 'date-time' },
      site: { type: 'string', format: 'uri' },
      shapes: {
        type: 'array',
        items: {
          anyOf: [
            { type: 'object', properties: { r: { type: 'number' } }, required: ['r'] },
            { type: 'object', properties: { w: { type: 'number' } }, required: ['w'] },
          ],
        },
      },
      pick: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      tags: { type: 'array' },
      meta: { type: 'object', properties: {}, additionalProperties: { type: 'string' } },
      both: {
        allOf: [
          { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] },
          { type: 'object', properties: { y: { type: 'string' } } },
        ],
      },
    },
    required: ['kind', 'ghost'],
  };
  const { schema: out, notes } = toProviderSchema(schema, 'gemini');
  const props = P(out).properties;

  test('additionalProperties and $schema are dropped, with notes', () => {
    assert.equal(P(out).additionalProperties, undefined);
    assert.equal(P(out).$schema, undefined);
    assert.ok(has(notes, '#', /additionalProperties removed/));
    assert.ok(has(notes, '#', /\$schema removed/));
  });

  test('const → one-value string enum', () => {
    assert.deepEqual(props.kind, { enum: ['fixed'], type: 'string' });
    assert.ok(has(notes, '#/properties/kind', /const turned into a one-value enum/));
  });

  test('non-string enums are removed and stated in the description', () => {
    assert.deepEqual(props.level, { type: 'integer', description: 'Allowed values: 1, 2, 3.' });
    assert.ok(has(notes, '#/properties/level', /enum removed/));
  });

  test('an exclusive bound on a number is never made inclusive: it goes to the description, noted', () => {
    assert.deepEqual(props.count, { type: 'number', description: 'Must be greater than 0.' });
    assert.ok(has(notes, '#/properties/count', /exclusiveMinimum 0 removed/));
  });

  test('an exclusive bound on an integer becomes the inclusive bound that admits the same integers', () => {
    const { schema } = toProviderSchema(
      {
        type: 'object',
        properties: {
          a: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 },
          b: { type: 'integer', minimum: 5, exclusiveMinimum: true },
          c: { type: 'integer', minimum: 3, exclusiveMinimum: 1 },
          d: { type: 'number', exclusiveMaximum: 1.5 },
        },
      } as JsonSchema,
      'gemini',
    );
    const p = P(schema).properties;
    assert.deepEqual(p.a, { type: 'integer', minimum: 1, maximum: 9 });
    assert.deepEqual(p.b, { type: 'integer', minimum: 6 }, 'the draft-04 boolean form');
    assert.deepEqual(p.c, { type: 'integer', minimum: 3 }, 'a stricter inclusive bound stays as it is');
    assert.deepEqual(p.d, { type: 'number', description: 'Must be less than 1.5.' });
  });

  test("a union of a string and an object inside items keeps one kind, the first alternative's (Gemini: only scalar unions in items)", () => {
    const obj = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
    const convert = (anyOf: unknown[]) =>
      toProviderSchema({ type: 'object', properties: { list: { type: 'array', items: { anyOf } } } } as JsonSchema, 'gemini');
    const objectFirst = convert([obj, { type: 'string' }, { type: 'object', additionalProperties: true }]);
    assert.deepEqual(P(objectFirst.schema).properties.list.items, { type: 'object', properties: { text: { type: 'string' } } });
    assert.ok(has(objectFirst.notes, '#/properties/list/items', /scalar \(string\) alternatives dropped/));
    const stringFirst = convert([{ type: 'string' }, { type: 'string' }, { type: 'object', additionalProperties: true }]);
    assert.deepEqual(P(stringFirst.schema).properties.list.items, { type: 'string' });
    assert.ok(has(stringFirst.notes, '#/properties/list/items', /object alternatives dropped/));
    const scalars = convert([{ type: 'string' }, { type: 'integer' }, { type: 'array', items: { type: 'string' } }]);
    assert.deepEqual(P(scalars.schema).properties.list.items, { anyOf: [{ type: 'string' }, { type: 'integer' }] });
    const typeList = convert([{ type: ['string', 'null'] }, { type: 'integer' }]);
    assert.deepEqual(P(typeList.schema).properties.list.items, { anyOf: [{ type: 'string' }, { type: 'integer' }], nullable: true });
  });

  test('only accepted formats are kept', () => {
    assert.equal(props.when.format, 'date-time');
    assert.equal(props.site.format, undefined);
  });

  test('anyOf directly inside items is merged into one object', () => {
    assert.equal(props.shapes.items.anyOf, undefined);
    assert.deepEqual(Object.keys(props.shapes.items.properties), ['r', 'w']);
    assert.equal(props.shapes.items.required, undefined, 'required is the intersection of the branches');
    assert.ok(has(notes, '#/properties/shapes/items', /anyOf inside items merged/));
  });

  test('oneOf → anyOf; allOf merged; untyped arrays get string items; empty nested properties removed', () => {
    assert.deepEqual(props.pick, { anyOf: [{ type: 'string' }, { type: 'number' }] });
    assert.deepEqual(Object.keys(props.both.properties), ['x', 'y']);
    assert.deepEqual(props.both.required, ['x']);
    assert.deepEqual(props.tags.items, { type: 'string' });
    assert.deepEqual(props.meta, { type: 'object' });
    assert.ok(has(notes, '#/properties/tags', /array without items/));
  });

  test('required names without a property are dropped', () => {
    assert.deepEqual(P(out).required, ['kind']);
  });
});

describe('root shape and arrays, every provider', () => {
  test('a root anyOf of objects is merged (providers reject top-level unions)', () => {
    for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
      const { schema: out, notes } = toProviderSchema(
        {
          anyOf: [
            { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
            { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] },
          ],
        },
        provider,
      );
      assert.equal(P(out).type, 'object', provider);
      assert.deepEqual(Object.keys(P(out).properties), ['a', 'b']);
      assert.equal(P(out).anyOf, undefined);
      assert.ok(notes.some((n) => /root anyOf of objects merged/.test(n.change)));
    }
  });

  test('a root without type gets type object; a root without properties gets empty ones', () => {
    const a = toProviderSchema({ properties: { x: { type: 'string' } } } as JsonSchema, 'openai');
    assert.equal(P(a.schema).type, 'object');
    const b = toProviderSchema({ type: 'object' }, 'openai');
    assert.deepEqual(b.schema, { type: 'object', properties: {} });
    assert.ok(has(b.notes, '#', /empty properties added/));
  });

  test('arrays without items get {} (openai, anthropic); tuple items become one schema', () => {
    const { schema: out, notes } = toProviderSchema(
      { type: 'object', properties: { list: { type: 'array' }, pair: { type: 'array', items: [{ type: 'string' }, { type: 'string' }] } } },
      'openai',
    );
    assert.deepEqual(P(out).properties.list.items, {});
    assert.deepEqual(P(out).properties.pair.items, { type: 'string' });
    assert.ok(has(notes, '#/properties/pair', /tuple items/));
  });
});

describe('openai strict transform', () => {
  const base = toProviderSchema(
    {
      type: 'object',
      properties: {
        path: { type: 'string' },
        head: { type: 'number', default: 10 },
        opts: { type: 'object', properties: { deep: { type: 'boolean' } } },
        site: { type: 'string', format: 'uri' },
      },
      required: ['path'],
    },
    'openai',
  ).schema as Record<string, unknown>;

  test('closes every object, requires every property, makes optional ones nullable and drops unsupported keywords', () => {
    const result = toOpenAiStrict(base);
    assert.equal(result.strict, true);
    const s = result.schema as Record<string, any>;
    assert.equal(s.additionalProperties, false);
    assert.deepEqual(s.required, ['path', 'head', 'opts', 'site']);
    assert.deepEqual(s.properties.path, { type: 'string' });
    assert.deepEqual(s.properties.head, { type: ['number', 'null'] });
    assert.deepEqual(s.properties.opts.properties.deep, { type: ['boolean', 'null'] });
    assert.equal(s.properties.opts.additionalProperties, false);
    assert.equal(s.properties.site.format, undefined, 'format uri is rejected by strict mode');
    assert.ok(has(result.notes, '#/properties/head', /default removed/));
    assert.ok(has(result.notes, '#/properties/head', /made required and nullable/));
    assert.deepEqual(result.nullablePaths, [['head'], ['opts', 'deep'], ['opts'], ['site']]);
  });

  test('nulls the strict model sends for optional properties are removed again', () => {
    const result = toOpenAiStrict(base);
    assert.deepEqual(stripStrictNulls({ path: 'a', head: null, opts: { deep: null }, site: null }, result.nullablePaths), { path: 'a', opts: {} });
  });

  test('a free-form nested object cannot be strict: sent non-strict, with the reason', () => {
    const result = toOpenAiStrict({ type: 'object', properties: { meta: { type: 'object' } } });
    assert.equal(result.strict, false);
    assert.ok(has(result.notes, '#/properties/meta', /free-form object/));
    assert.deepEqual(result.schema, { type: 'object', properties: { meta: { type: 'object' } } }, 'the non-strict schema is returned unchanged');
  });
});
