// Server-supplied names that are also Object.prototype members (issue 11 items 3 and 4): arguments
// named `toString` / `constructor` validate like any other, and a property named `__proto__` survives
// into def.params and every provider spec, consistent with `required`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonSchema } from '../../protocol/index.js';
import { toolDefFromMcp } from '../../src/bridge/tool-def.js';
import { toLLMSpec } from '../../src/bridge/llm-specs.js';
import type { LlmProvider } from '../../src/bridge/types.js';
import { Registry } from '../../src/adapters/registry.js';

const PROVIDERS: LlmProvider[] = ['openai', 'anthropic', 'gemini'];

function registryWith(inputSchema: JsonSchema) {
  const calls: Record<string, unknown>[] = [];
  const registry = new Registry();
  registry.registerServerTools('s', [{ name: 't', inputSchema }], {
    caller: async (_n, args) => {
      calls.push(args);
      return { content: [{ type: 'text', text: 'ok' }] };
    },
  });
  return { registry, calls };
}

/** The property names and required list of the root of a provider spec's parameter schema. */
function rootOf(provider: LlmProvider, spec: unknown): { props: string[]; required: string[] } {
  const s = spec as Record<string, any>;
  const schema = provider === 'openai' ? s.function.parameters : provider === 'anthropic' ? s.input_schema : s.parameters;
  return { props: Object.keys(schema.properties ?? {}), required: schema.required ?? [] };
}

describe('arguments named like Object.prototype members (item 3)', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { toString: { type: 'string' }, constructor: { type: 'string' }, valueOf: { type: 'number' } },
    required: ['toString'],
  };

  test('a valid call {toString: "t"} is accepted and sent as given', async () => {
    const { registry, calls } = registryWith(schema);
    const result = await registry.execute('t', { toString: 't' });
    assert.equal(result.isError, false, result.text);
    assert.deepEqual(calls, [{ toString: 't' }]);
  });

  test('a missing required toString is reported, and nothing is sent', async () => {
    const { registry, calls } = registryWith(schema);
    const result = await registry.execute('t', {});
    assert.equal(result.isError, true);
    assert.equal(result.error?.code, 'MCPB_TOOL_INPUT_INVALID');
    assert.match(result.text, /toString: is required but missing \(expected string\)/);
    assert.equal(calls.length, 0);
  });

  test('a wrong type under such a name is reported at that name', async () => {
    const { registry } = registryWith(schema);
    const result = await registry.execute('t', { toString: 't', constructor: 3 });
    assert.equal(result.error?.issues?.[0]?.field, 'constructor');
    assert.match(result.text, /constructor: must be string/);
  });

  test('properties named like prototype members survive every provider profile and the Gemini required check', () => {
    const def = toolDefFromMcp('s', { name: 't', inputSchema: schema });
    assert.deepEqual(
      def.params.map((p) => [p.name, p.required]),
      [
        ['toString', true],
        ['constructor', false],
        ['valueOf', false],
      ],
    );
    for (const provider of PROVIDERS) {
      const { props, required } = rootOf(provider, toLLMSpec(def, provider).spec);
      assert.deepEqual(props, ['toString', 'constructor', 'valueOf'], provider);
      assert.deepEqual(required, ['toString'], provider);
    }
    const merged = toolDefFromMcp('s', {
      name: 'm',
      inputSchema: {
        type: 'object',
        allOf: [
          { type: 'object', properties: { toString: { type: 'string' } } },
          { type: 'object', properties: { hasOwnProperty: { type: 'string' } }, required: ['hasOwnProperty'] },
        ],
      } as JsonSchema,
    });
    assert.deepEqual(rootOf('gemini', toLLMSpec(merged, 'gemini').spec).props.sort(), ['hasOwnProperty', 'toString']);
  });
});

describe('a property named __proto__ (item 4)', () => {
  // JSON.parse makes "__proto__" an own property, as a server's tools/list does.
  const schema = JSON.parse(
    '{"type":"object","properties":{"__proto__":{"type":"string","description":"p"},"name":{"type":"string"},"nested":{"type":"object","properties":{"__proto__":{"type":"integer"}},"required":["__proto__"]},"ref":{"$ref":"#/$defs/P"}},"required":["__proto__","name"],"$defs":{"P":{"type":"object","properties":{"__proto__":{"type":"boolean"}}}}}',
  ) as JsonSchema;

  test('is kept in def.params', () => {
    const def = toolDefFromMcp('s', { name: 't', inputSchema: schema });
    assert.deepEqual(
      def.params.map((p) => p.name),
      ['__proto__', 'name', 'nested', 'ref'],
    );
    assert.equal(def.params[0].required, true);
    assert.deepEqual(
      def.params[2].properties?.map((p) => p.name),
      ['__proto__'],
    );
    assert.deepEqual(
      def.params[3].properties?.map((p) => p.name),
      ['__proto__'],
    );
  });

  for (const [provider, strict] of [
    ['openai', false],
    ['openai', true],
    ['anthropic', false],
    ['gemini', false],
  ] as const) {
    test(`is kept, consistent with required, in the ${provider}${strict ? ' strict' : ''} spec`, () => {
      const def = toolDefFromMcp('s', { name: 't', inputSchema: schema });
      const spec = toLLMSpec(def, provider, { strict }).spec;
      const { props, required } = rootOf(provider, spec);
      assert.ok(props.includes('__proto__'), `${provider}: ${JSON.stringify(spec)}`);
      for (const name of required) assert.ok(props.includes(name), `${provider}: required "${name}" has no property`);
      const text = JSON.stringify(spec);
      assert.equal((text.match(/"__proto__"/g) ?? []).length >= 4, true, `${provider}: nested __proto__ lost: ${text}`);
      assert.equal(Object.getPrototypeOf(spec), Object.prototype);
    });
  }

  test('validates like any property: required, typed, and passed through', async () => {
    const { registry, calls } = registryWith(schema);
    const missing = await registry.execute('t', { name: 'n', nested: { __proto__: 1 } });
    assert.match(missing.text, /__proto__: is required but missing/);
    const wrong = await registry.execute('t', JSON.parse('{"__proto__": 5, "name": "n"}'));
    assert.match(wrong.text, /__proto__: must be string/);
    const ok = await registry.execute('t', JSON.parse('{"__proto__": "x", "name": "n"}'));
    assert.equal(ok.isError, false, ok.text);
    assert.equal(calls.length, 1);
    assert.equal(Object.getOwnPropertyDescriptor(calls[0], '__proto__')?.value, 'x');
    assert.equal(({} as Record<string, unknown>).x, undefined, 'Object.prototype untouched');
  });
});
