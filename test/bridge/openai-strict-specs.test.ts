// OpenAI strict mode over every real server's tools in the fixtures: each spec says `strict`
// explicitly (the Responses API reads an absent or null `strict` as "strict when it can", so an
// unmarked spec may be held to rules it was never converted for), and every spec marked strict
// passes a checker written from OpenAI's documented Supported schemas (openai-strict-checker.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Registry } from '../../src/adapters/registry.js';
import { fixtureTools, SERVERS } from './fixtures.js';
import { openAiStrictProblems } from './openai-strict-checker.js';

const caller = async () => ({ content: [] });

function registryOf(server: (typeof SERVERS)[number]): Registry {
  const registry = new Registry();
  registry.registerServerTools(server, fixtureTools(server), { caller });
  return registry;
}

describe('OpenAI specs say strict explicitly, and every strict one is valid in strict mode', () => {
  for (const server of SERVERS) {
    test(`the real ${server} server`, () => {
      const registry = registryOf(server);
      const plain = registry.toLLMSpecs('openai-responses').specs;
      assert.ok(plain.length >= 2);
      for (const spec of plain) assert.equal(spec.strict, false, `${spec.name}: not asked for strict, so explicitly non-strict`);

      let strictCount = 0;
      const responses = registry.toLLMSpecs('openai-responses', { strict: true });
      const chat = registry.toLLMSpecs('openai', { strict: true });
      for (const [i, spec] of responses.specs.entries()) {
        assert.equal(typeof spec.strict, 'boolean', `${spec.name}: strict is set`);
        assert.equal(chat.specs[i]!.function.strict, spec.strict, `${spec.name}: Chat and Responses agree`);
        if (spec.strict) {
          strictCount++;
          assert.deepEqual(openAiStrictProblems(spec.parameters), [], `${spec.name}: ${JSON.stringify(spec.parameters).slice(0, 2000)}`);
        } else {
          const notes = responses.notes.find((n) => n.tool === spec.name)?.notes ?? [];
          assert.ok(
            notes.some((n) => /strict mode not possible/.test(n.change)),
            `${spec.name}: a non-strict fallback says why`,
          );
        }
      }
      assert.ok(strictCount > 0, `${server}: some tools convert to strict`);
    });
  }

  test('the checker can fail: an optional property, an open object and an unsupported keyword are each caught', () => {
    const ok = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
    assert.deepEqual(openAiStrictProblems(ok), []);
    assert.equal(openAiStrictProblems({ ...ok, required: [] }).length, 1);
    assert.equal(openAiStrictProblems({ ...ok, additionalProperties: true }).length, 1);
    assert.equal(openAiStrictProblems({ ...ok, properties: { a: { type: 'string', minLength: 1 } } }).length, 1);
  });
});
