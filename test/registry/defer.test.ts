// `defer` per server or per tool: the providers' deferred loading (Anthropic and OpenAI Responses
// `defer_loading`, AI SDK 7 `deferLoading`), and the estimate of what the specs cost.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Registry } from '../../src/adapters/registry.js';
import { parseConfig } from '../../src/config/index.js';
import { estimateTokens } from '../../src/bridge/token-estimate.js';
import type { Tool } from '../../protocol/index.js';

const tools: Tool[] = ['search_docs', 'read_doc', 'admin_reset'].map((name) => ({
  name,
  description: `${name} tool`,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
}));
const caller = async () => ({ content: [] });

test('deferred tools are marked in the specs of providers that support it, and only there', () => {
  const registry = new Registry();
  registry.registerServerTools('docs', tools, { caller, defer: ['admin_*', 'read_doc'] });
  const anthropic = registry.toLLMSpecs('anthropic').specs;
  assert.deepEqual(
    anthropic.map((s) => [s.name, s.defer_loading === true]),
    [
      ['search_docs', false],
      ['read_doc', true],
      ['admin_reset', true],
    ],
  );
  const responses = registry.toLLMSpecs('openai-responses').specs;
  assert.deepEqual(
    responses.map((s) => s.defer_loading === true),
    [false, true, true],
  );
  const chat = registry.toLLMSpecs('openai').specs;
  assert.ok(
    chat.every((s) => !('defer_loading' in s) && !('defer_loading' in s.function)),
    'Chat Completions has no deferred loading',
  );
  const ai = registry.toAiSdkTools({ sdk: 7 });
  assert.deepEqual(
    Object.values(ai).map((t) => t.deferLoading === true),
    [false, true, true],
  );
  // The cached conversion is not changed by marking a copy.
  assert.ok(!('defer_loading' in registry.toLLMSpecs('anthropic').specs[0]!));
});

test('defer: true in the config defers every tool of that server', () => {
  const cfg = parseConfig(
    JSON.stringify({
      tools: {
        mcp: {
          servers: [
            { name: 'a', command: 'x', defer: true },
            { name: 'b', command: 'y', defer: ['t*'] },
            { name: 'c', command: 'z' },
          ],
        },
      },
    }),
    { file: 'mcp-bridge.yaml', env: {} },
  );
  assert.deepEqual(
    cfg.servers.map((s) => s.defer),
    [true, ['t*'], undefined],
  );
});

test('the token estimate grows with the specs', () => {
  assert.equal(estimateTokens({}), 1);
  const registry = new Registry();
  registry.registerServerTools('docs', tools, { caller });
  const one = estimateTokens(registry.toLLMSpecs('openai').specs.slice(0, 1));
  const all = estimateTokens(registry.toLLMSpecs('openai').specs);
  assert.ok(all > 2 * one && one > 10, `${one} ${all}`);
});
