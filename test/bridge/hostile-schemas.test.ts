// Hostile schemas (issue 11): $ref cycles and bombs, a remote $ref, 50 levels of nesting, names
// that are Object.prototype members, 1 MB descriptions. Each registers, converts for every
// provider and validates within generous bounds of time and memory, yields specs that are still
// valid, fetches nothing, and leaves Object.prototype untouched.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, describe, test } from 'node:test';
import type { JsonSchema, Tool } from '../../protocol/index.js';
import type { AnthropicToolSpec, GeminiFunctionDeclaration, OpenAiToolSpec } from '../../src/bridge/llm-specs.js';
import { SchemaCompiler } from '../../src/bridge/validate.js';
import { Registry } from '../../src/adapters/registry.js';
import { geminiProblems } from './gemini-checker.js';

const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

function nested(levels: number): JsonSchema {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { [`l${i}`]: schema }, required: [`l${i}`] };
  return schema as JsonSchema;
}

function bomb(levels: number): JsonSchema {
  const $defs: Record<string, unknown> = { d0: { type: 'string', minLength: 1 } };
  for (let i = 1; i <= levels; i++) $defs[`d${i}`] = { type: 'object', properties: { a: { $ref: `#/$defs/d${i - 1}` }, b: { $ref: `#/$defs/d${i - 1}` } } };
  return { type: 'object', properties: { x: { $ref: `#/$defs/d${levels}` } }, $defs } as JsonSchema;
}

/** Runs every conversion and a call on `tool`; returns what a test needs to judge it. */
async function exercise(tool: Tool, args: Record<string, unknown>) {
  const started = performance.now();
  const heap = process.memoryUsage().heapUsed;
  const sent: unknown[] = [];
  const registry = new Registry();
  const report = registry.registerServerTools('hostile', [tool], {
    caller: async (_n, a) => {
      sent.push(a);
      return { content: [{ type: 'text', text: 'ok' }] };
    },
  });
  const openai = registry.toLLMSpecs('openai').specs[0] as OpenAiToolSpec;
  const strict = registry.toLLMSpecs('openai', { strict: true }).specs[0] as OpenAiToolSpec;
  const anthropic = registry.toLLMSpecs('anthropic').specs[0] as AnthropicToolSpec;
  const gemini = registry.toLLMSpecs('gemini').specs[0] as GeminiFunctionDeclaration;
  const result = await registry.execute(report.added[0] ?? tool.name, args);
  const params = registry.list()[0]?.params;
  return {
    report,
    openai,
    strict,
    anthropic,
    gemini,
    result,
    params,
    sent,
    ms: performance.now() - started,
    heapGrowth: process.memoryUsage().heapUsed - heap,
  };
}

/** Provider specs that the providers would take: JSON, an object root, a schema ajv compiles, Gemini's subset. */
function assertSpecsValid(r: Awaited<ReturnType<typeof exercise>>, label: string): void {
  const compiler = new SchemaCompiler();
  for (const [name, schema] of [
    ['openai', r.openai.function.parameters],
    ['openai strict', r.strict.function.parameters],
    ['anthropic', r.anthropic.input_schema],
  ] as const) {
    const s = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
    assert.equal(s.type, 'object', `${label} ${name}`);
    assert.equal(typeof s.properties, 'object', `${label} ${name}`);
    const outcome = compiler.compile(s as JsonSchema);
    assert.ok(outcome.ok || /deeper than|more than/.test(outcome.reason), `${label} ${name}: ${outcome.ok ? '' : outcome.reason}`);
  }
  if (r.gemini.parameters) assert.deepEqual(geminiProblems(JSON.parse(JSON.stringify(r.gemini.parameters))), [], `${label} gemini`);
}

function assertBounded(r: Awaited<ReturnType<typeof exercise>>, label: string): void {
  assert.ok(r.ms < 20_000, `${label}: took ${Math.round(r.ms)} ms`);
  assert.ok(r.heapGrowth < 300 * 1024 * 1024, `${label}: heap grew ${Math.round(r.heapGrowth / 1048576)} MiB`);
}

describe('hostile schemas stay harmless', () => {
  after(() => {
    assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), PROTO_KEYS, 'Object.prototype gained nothing');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('$ref cycles (a→b→a, and the root) end; calls still validate', async () => {
    const inputSchema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' }, self: { $ref: '#' } },
      required: ['a'],
      $defs: {
        A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
        B: { type: 'object', properties: { a: { $ref: '#/$defs/A' }, n: { type: 'integer' } } },
      },
    } as JsonSchema;
    const r = await exercise({ name: 'cycle', inputSchema }, { a: { b: { a: { b: { n: 'x' } } } } });
    assert.deepEqual(r.report.problems, []);
    assert.equal(r.result.error?.code, 'MCPB_TOOL_INPUT_INVALID', 'the wrong type four levels down is caught');
    assert.match(r.result.text, /a\.b\.a\.b\.n: must be integer/);
    assertSpecsValid(r, 'cycle');
    assertBounded(r, 'cycle');
  });

  test('a $ref bomb (2^40 paths) is bounded: conversion is cut with a note, validation stays linear', async () => {
    const valid = { x: { a: { a: { b: {} } }, b: {} } };
    const r = await exercise({ name: 'bomb', inputSchema: bomb(40) }, valid);
    assert.equal(r.result.isError, false, r.result.text);
    assert.deepEqual(r.sent, [valid]);
    const registry = new Registry();
    registry.registerServerTools('hostile', [{ name: 'bomb', inputSchema: bomb(40) }], { caller: async () => ({ content: [] }) });
    const bad = await registry.execute('bomb', { x: { a: { b: 5 } } });
    assert.match(bad.text, /x\.a\.b: must be object/);
    assertSpecsValid(r, 'bomb');
    assertBounded(r, 'bomb');
    assert.ok(JSON.stringify(r.anthropic).length < 5_000_000, 'the spec did not explode');
  });

  test('a remote $ref is never fetched: the tool registers, the problem is reported, calls go through unvalidated', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end('{"type":"string"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/schema.json`;
    try {
      const r = await exercise({ name: 'remote', inputSchema: { type: 'object', properties: { a: { $ref: url } } } as JsonSchema }, { a: 1 });
      assert.equal(r.report.added.length, 1);
      assert.equal(r.report.problems[0]?.code, 'MCPB_TOOL_SCHEMA_INVALID');
      assert.match(r.report.problems[0]!.message, /never fetched/);
      assert.equal(r.result.isError, false);
      assertSpecsValid(r, 'remote');
      assert.doesNotMatch(JSON.stringify([r.openai, r.anthropic, r.gemini]), /127\.0\.0\.1/, 'no spec sends the remote reference on');
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(requests, 0, 'nothing was fetched');
    } finally {
      server.close();
    }
  });

  test('50 levels of nesting: registered, converted within the depth bound, every spec valid', async () => {
    const r = await exercise({ name: 'deep', inputSchema: nested(50) }, {});
    assert.equal(r.report.added.length, 1);
    assert.equal(r.result.isError, r.report.problems.length === 0, 'validated (missing l49) when the schema is within bounds');
    assertSpecsValid(r, 'deep');
    assertBounded(r, 'deep');
  });

  test('__proto__, constructor and toString as property names and in keyword positions pollute nothing', async () => {
    const inputSchema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string","polluted":true},"constructor":{"type":"object","properties":{"prototype":{"type":"object","properties":{"polluted":{"type":"boolean"}}}}},"toString":{"type":"string"}},"required":["toString","__proto__"],"__proto__":{"polluted":true},"$defs":{"__proto__":{"polluted":true}}}',
    ) as JsonSchema;
    const r = await exercise({ name: 'proto', inputSchema }, JSON.parse('{"__proto__":"x","toString":"t","constructor":{"prototype":{"polluted":true}}}'));
    assert.equal(r.result.isError, false, r.result.text);
    assert.deepEqual(
      r.params?.map((p) => p.name),
      ['__proto__', 'constructor', 'toString'],
    );
    assertSpecsValid(r, 'proto');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('1 MB descriptions: bounded, specs valid, the text kept', async () => {
    const big = 'd'.repeat(1024 * 1024);
    const r = await exercise(
      {
        name: 'wordy',
        description: big,
        inputSchema: { type: 'object', properties: { a: { type: 'string', description: big } }, description: big } as JsonSchema,
      },
      { a: 'x' },
    );
    assert.equal(r.result.isError, false);
    assert.equal(r.anthropic.description.length, big.length);
    assertSpecsValid(r, 'wordy');
    assertBounded(r, 'wordy');
  });
});
