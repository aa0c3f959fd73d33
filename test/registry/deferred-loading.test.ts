// Deferred loading with tool search on, the portable pattern (any provider): the first request's
// tools are the search tool and the always-loaded ones; a search answers with the definitions and
// loads them; the specs of a conversation only ever grow at the end, byte for byte, so a provider's
// prompt cache holds from turn to turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateTokens } from '../../src/bridge/token-estimate.js';
import { catalogueRegistry } from './search/catalogue.js';

test('tool search on: the first request carries the search tool and the always-loaded tools, under 2,000 tokens for 790 tools', () => {
  const full = catalogueRegistry();
  const deferred = catalogueRegistry({ toolSearch: { enabled: true, alwaysLoaded: ['filesystem_read_text_file', 'memory_*'] } });
  const all = full.toLLMSpecs('openai').specs;
  const first = deferred.toLLMSpecs('openai').specs;
  assert.deepEqual(
    first.map((s) => s.function.name),
    [
      'search_tools',
      'filesystem_read_text_file',
      'memory_create_entities',
      'memory_create_relations',
      'memory_add_observations',
      'memory_delete_entities',
      'memory_delete_observations',
      'memory_delete_relations',
      'memory_read_graph',
      'memory_search_nodes',
      'memory_open_nodes',
    ],
    'the search tool first, then the always-loaded tools in registry order',
  );
  const searchOnly = catalogueRegistry({ toolSearch: { enabled: true } }).toLLMSpecs('openai').specs;
  const tokens = { full: estimateTokens(all), first: estimateTokens(first), searchOnly: estimateTokens(searchOnly) };
  const jsonQuarter = { full: Math.round(JSON.stringify(all).length / 4), searchOnly: Math.round(JSON.stringify(searchOnly).length / 4) };
  console.log(
    `first request, OpenAI Chat format: ${tokens.searchOnly} tokens (JSON/4: ${jsonQuarter.searchOnly}) with tool search on, ${tokens.first} with 10 always-loaded tools; the full list of ${all.length} tools: ${tokens.full} (JSON/4: ${jsonQuarter.full})`,
  );
  assert.equal(all.length, 790);
  assert.ok(tokens.searchOnly <= 2000 && jsonQuarter.searchOnly <= 2000, JSON.stringify(tokens));
  assert.ok(tokens.first <= 2000 + tokens.full / 50, 'the always-loaded tools cost what they weigh, nothing more');
  // The registry itself still has every tool; only the specs defer them.
  assert.equal(deferred.list().length, all.length + 1);
});

test("ten turns with searches between them: each turn's specs are the previous ones byte for byte, plus the tools found at the end", async () => {
  const registry = catalogueRegistry({ toolSearch: { enabled: true } });
  const queries = [
    'open a pull request',
    'take a screenshot of the page',
    'run a SQL query',
    'open a pull request',
    'send a slack message',
    'list the pods',
    'draw a pie chart',
    'what are the coordinates of a place',
    'commit my changes',
    'search the web',
  ];
  let previous = registry.toLLMSpecs('anthropic').specs.map((s) => JSON.stringify(s));
  for (const [turn, query] of queries.entries()) {
    const result = await registry.execute('search_tools', { query, limit: 3 });
    assert.equal(result.isError, false, result.text);
    const found = (result.structured as { tools: { name: string; inputSchema?: unknown }[] }).tools;
    assert.ok(found.length > 0 && found.every((t) => t.inputSchema), `turn ${turn}: definitions come back with their schemas`);
    const now = registry.toLLMSpecs('anthropic').specs.map((s) => JSON.stringify(s));
    assert.deepEqual(now.slice(0, previous.length), previous, `turn ${turn}: the earlier specs are unchanged, byte for byte`);
    for (const t of found)
      assert.ok(
        now.some((s) => JSON.parse(s).name === t.name),
        `turn ${turn}: ${t.name} is in the specs now`,
      );
    // Asking again for what is loaded already changes nothing.
    assert.equal(new Set(now).size, now.length, 'no tool twice');
    previous = now;
  }
  assert.ok(registry.loadedTools().length >= 10);
  // A found tool is called like any other (here the catalogue's stand-in caller answers).
  const name = registry.loadedTools()[0] as string;
  assert.equal((await registry.execute(name, {})).error?.code !== 'MCPB_TOOL_NOT_FOUND', true);
  registry.resetLoadedTools();
  assert.deepEqual(
    registry.toLLMSpecs('anthropic').specs.map((s) => s.name),
    ['search_tools'],
  );
});

test('the search tool never finds itself, and an unknown task gets a clear "no match" answer', async () => {
  const registry = catalogueRegistry({ toolSearch: { enabled: true } });
  const hits = await registry.searchTools('search tools find', { limit: 50 });
  assert.ok(!hits.some((h) => h.name === 'search_tools'));
  const none = await registry.execute('search_tools', { query: 'qqqzzz xyzzy' });
  assert.equal(none.isError, false);
  assert.match(none.text, /No tool matches/);
});
