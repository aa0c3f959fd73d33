// Argument and output validation: dialect choice by $schema, structured issues naming the field,
// schemas that do not compile, bounded work, no remote refs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonSchema } from '../../protocol/index.js';
import { dialectOf } from '../../src/bridge/dialect.js';
import { fieldOf, formatIssues, invalidArgumentsText } from '../../src/bridge/validation-issues.js';
import { SchemaCompiler, MAX_VALIDATION_DEPTH } from '../../src/bridge/validate.js';
import { fixtureTools, SERVERS } from './fixtures.js';

function compiled(schema: JsonSchema) {
  const outcome = new SchemaCompiler().compile(schema);
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.reason);
  return outcome.schema;
}

describe('dialect selection', () => {
  test('no $schema means 2020-12 (SCHEMA-1)', () => {
    // covers: SCHEMA-1
    assert.deepEqual(dialectOf({ type: 'object' }), { dialect: '2020-12', declared: undefined });
  });

  test('draft-07 (with or without #, http or https), draft-06 as draft-07, 2019-09 and 2020-12 URIs', () => {
    // covers: SCHEMA-2
    assert.equal((dialectOf({ $schema: 'http://json-schema.org/draft-07/schema#' }) as { dialect: string }).dialect, 'draft-07');
    assert.equal((dialectOf({ $schema: 'https://json-schema.org/draft-07/schema' }) as { dialect: string }).dialect, 'draft-07');
    assert.equal((dialectOf({ $schema: 'http://json-schema.org/draft-06/schema#' }) as { dialect: string }).dialect, 'draft-07');
    assert.equal((dialectOf({ $schema: 'https://json-schema.org/draft/2019-09/schema' }) as { dialect: string }).dialect, '2019-09');
    assert.equal((dialectOf({ $schema: 'https://json-schema.org/draft/2020-12/schema' }) as { dialect: string }).dialect, '2020-12');
  });

  test('an unsupported dialect fails gracefully, saying so (SCHEMA-3)', () => {
    // covers: SCHEMA-3
    const outcome = new SchemaCompiler().compile({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' });
    assert.equal(outcome.ok, false);
    assert.match((outcome as { reason: string }).reason, /unsupported JSON Schema dialect .*draft-04/);
  });

  test('the dialect changes behaviour: 2020-12 prefixItems is a tuple, draft-07 ignores it', () => {
    const tuple = { type: 'array', prefixItems: [{ type: 'string' }], items: false };
    const modern = compiled(tuple as JsonSchema);
    assert.equal(modern.dialect, '2020-12');
    assert.ok(modern.check([1]).length > 0, '2020-12 checks prefixItems');
    const old = compiled({ ...tuple, items: true, $schema: 'http://json-schema.org/draft-07/schema#' } as JsonSchema);
    assert.equal(old.dialect, 'draft-07');
    assert.deepEqual(old.check([1]), [], 'draft-07 has no prefixItems keyword');
  });

  test('draft-07 definitions refs and 2020-12 $defs refs both resolve', () => {
    const a = compiled({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { n: { $ref: '#/definitions/N' } },
      definitions: { N: { type: 'integer' } },
    });
    assert.equal(a.check({ n: 'x' })[0].field, 'n');
    const b = compiled({ type: 'object', properties: { n: { $ref: '#/$defs/N' } }, $defs: { N: { type: 'integer' } } });
    assert.deepEqual(b.check({ n: 3 }), []);
  });
});

describe('issues name the field and what was expected', () => {
  const schema = compiled({
    type: 'object',
    properties: {
      path: { type: 'string' },
      count: { type: 'integer', minimum: 1 },
      mode: { enum: ['fast', 'slow'] },
      edits: { type: 'array', items: { type: 'object', properties: { newText: { type: 'string' } }, required: ['newText'], additionalProperties: false } },
    },
    required: ['path', 'count'],
  });

  test('missing required property: path, field, expected type', () => {
    const issues = schema.check({ count: 2 });
    assert.deepEqual(issues, [{ path: '/path', field: 'path', keyword: 'required', message: 'is required but missing', expected: 'string' }]);
  });

  test('wrong type, bound, enum, nested array item, unknown property', () => {
    const issues = schema.check({ path: 'a', count: '3', mode: 'medium', edits: [{ newText: 1, extra: true }] });
    const byField = Object.fromEntries(issues.map((i) => [i.field, i]));
    assert.equal(byField.count.keyword, 'type');
    assert.equal(byField.count.expected, 'integer');
    assert.equal(byField.count.received, 'string "3"');
    assert.equal(byField.mode.expected, 'one of "fast", "slow"');
    assert.equal(byField['edits[0].newText'].expected, 'string');
    assert.equal(byField['edits[0].newText'].path, '/edits/0/newText');
    assert.equal(byField['edits[0].extra'].keyword, 'additionalProperties');
    assert.equal(schema.check({ path: 'a', count: 0 })[0].expected, '>= 1');
  });

  test('readable text for the LLM lists each field', () => {
    const issues = schema.check({ count: 'x' });
    const text = invalidArgumentsText('fs_read', issues);
    assert.match(text, /^Invalid arguments for tool "fs_read" \(2 problems\); nothing was sent:/);
    assert.match(text, /- path: is required but missing \(expected string\)/);
    assert.match(text, /- count: must be integer \(expected integer, got string "x"\)/);
    assert.match(formatIssues(issues), /^- /);
    assert.equal(fieldOf(''), '(root)');
    assert.equal(fieldOf('/a~1b/0'), 'a/b[0]');
  });
});

describe('schemas that cannot be compiled', () => {
  test('an invalid schema is reported, not thrown', () => {
    const outcome = new SchemaCompiler().compile({ type: 'object', properties: { a: { type: 'strnig' } } });
    assert.equal(outcome.ok, false);
    assert.match((outcome as { reason: string }).reason, /schema is invalid/);
  });

  test('a remote $ref is not fetched: compile fails, naming the reference (SCHEMA-4, SCHEMA-5)', () => {
    // covers: SCHEMA-4, SCHEMA-5
    const outcome = new SchemaCompiler().compile({ type: 'object', properties: { a: { $ref: 'https://example.invalid/a.json' } } });
    assert.equal(outcome.ok, false);
    assert.match((outcome as { reason: string }).reason, /example\.invalid.*never fetched/);
  });

  test('deep or huge schemas are refused before compiling (SCHEMA-6)', () => {
    // covers: SCHEMA-6
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < MAX_VALIDATION_DEPTH; i++) deep = { type: 'object', properties: { x: deep } };
    const outcome = new SchemaCompiler().compile(deep as JsonSchema);
    assert.equal(outcome.ok, false);
    assert.match((outcome as { reason: string }).reason, /deeper than/);
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 12_000 }, (_, i) => [`p${i}`, { type: 'string' }])) };
    assert.match((new SchemaCompiler().compile(wide as JsonSchema) as { reason: string }).reason, /more than/);
  });

  test('unknown formats do not throw, and formats are not enforced (no ajv-formats at runtime)', () => {
    const schema = compiled({ type: 'object', properties: { u: { type: 'string', format: 'uri' }, z: { type: 'string', format: 'made-up' } } });
    assert.deepEqual(schema.check({ u: 'not a uri', z: 'x' }), []);
  });

  test('two schemas with the same $id from different servers both compile', () => {
    const compiler = new SchemaCompiler();
    const a = compiler.compile({ $id: 'https://example.com/args', type: 'object' });
    const b = compiler.compile({ $id: 'https://example.com/args', type: 'string' });
    assert.ok(a.ok && b.ok);
    assert.ok(b.schema.check(1).length > 0);
    assert.deepEqual(b.schema.check('s'), []);
  });

  test('released schemas can be compiled again (cache cleared)', () => {
    const compiler = new SchemaCompiler();
    const schema = { $id: 'https://example.com/again', type: 'object' } as JsonSchema;
    const first = compiler.compile(schema);
    assert.ok(first.ok);
    compiler.release(first.schema);
    assert.ok(compiler.compile(schema).ok);
  });
});

describe('every real schema of the recorded servers compiles', () => {
  for (const server of SERVERS) {
    test(server, () => {
      const compiler = new SchemaCompiler();
      for (const tool of fixtureTools(server)) {
        const input = compiler.compile(tool.inputSchema);
        assert.ok(input.ok, `${tool.name} input: ${input.ok ? '' : input.reason}`);
        // filesystem, everything and memory declare draft-07; git declares 2020-12; brave-search and
        // notion declare nothing (so 2020-12).
        const declared = tool.inputSchema.$schema;
        assert.equal(input.schema.dialect, declared === undefined || String(declared).includes('2020-12') ? '2020-12' : 'draft-07');
        if (tool.outputSchema) assert.ok(compiler.compile(tool.outputSchema).ok, `${tool.name} output`);
      }
    });
  }
});
