// Tool search against a real catalogue (34 servers, 790 tools) and 175 task phrasings labelled by
// hand: the right tool must be in the top 5 for at least 90% of them. The labels are checked against
// the catalogue first, so a typo cannot pass as a miss nobody reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogueRegistry, loadCatalogue } from './search/catalogue.js';
import { HELD_OUT_QUERIES, LABELLED_QUERIES, type LabelledQuery } from './search/labelled-queries.js';

test('the catalogue is at least 20 servers and 500 tools, and every label names a tool in it', () => {
  const catalogue = loadCatalogue();
  const known = new Set(catalogue.flatMap(({ server, tools }) => tools.map((t) => `${server}/${t.name}`)));
  assert.ok(catalogue.length >= 20, `${catalogue.length} servers`);
  assert.ok(known.size >= 500, `${known.size} tools`);
  assert.ok(LABELLED_QUERIES.length >= 150, `${LABELLED_QUERIES.length} queries`);
  for (const { query, expect } of [...LABELLED_QUERIES, ...HELD_OUT_QUERIES])
    for (const label of expect) assert.ok(known.has(label), `"${query}": ${label} is not in the catalogue`);
});

async function recall(queries: readonly LabelledQuery[]): Promise<{ top1: number; top5: number; misses: string[]; report: string }> {
  const registry = catalogueRegistry();
  let top1 = 0;
  let top5 = 0;
  const misses: string[] = [];
  for (const { query, expect } of queries) {
    const hits = await registry.searchTools(query, { limit: 5 });
    const found = hits.map((h) => `${h.server}/${registry.get(h.name)?.originalName}`);
    const rank = found.findIndex((f) => expect.includes(f));
    if (rank === 0) top1++;
    if (rank >= 0) top5++;
    else misses.push(`  "${query}" → ${found.slice(0, 3).join(', ')} (wanted ${expect.slice(0, 2).join(' or ')})`);
  }
  const n = queries.length;
  const report = `top-1 ${top1}/${n} (${((100 * top1) / n).toFixed(1)}%), top-5 ${top5}/${n} (${((100 * top5) / n).toFixed(1)}%)`;
  return { top1: top1 / n, top5: top5 / n, misses, report };
}

test('top-5 recall >= 90% on the labelled task phrasings (top-1 reported)', async () => {
  const r = await recall(LABELLED_QUERIES);
  console.log(`tool search recall, labelled set: ${r.report}`);
  assert.ok(r.top5 >= 0.9, `${r.report}; misses:\n${r.misses.join('\n')}`);
});

test('top-5 recall on held-out phrasings the ranking was never tuned on stays >= 80%', async () => {
  const r = await recall(HELD_OUT_QUERIES);
  console.log(`tool search recall, held-out set: ${r.report}`);
  assert.ok(r.top5 >= 0.8, `${r.report}; misses:\n${r.misses.join('\n')}`);
});
