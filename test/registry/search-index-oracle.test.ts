// The BM25F index against a direct computation of the formula, document by document: the index sums
// a term's frequency through shared texts (a description carried by many tools, a text a tool
// carries twice) when a query asks, and that sum must be the per-document one exactly. The oracle
// here is Okapi BM25 (Robertson and Zaragoza, "The Probabilistic Relevance Framework", 2009) over
// weighted fields (BM25F with per-field term weights), written from the formula, plus the documented
// name-coverage boost; only the tokeniser is shared with the code under test.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SearchIndex, type SearchFields } from '../../src/registry/search/bm25.js';
import { terms } from '../../src/registry/search/terms.js';

// The weights the index documents: name 3, title 2, description 1, parameter name 1.5, parameter description 0.5, server 1.
const WEIGHTS: Record<keyof SearchFields, number> = { name: 3, title: 2, description: 1, params: 1.5, paramText: 0.5, server: 1 };
const K1 = 1.2;
const B = 0.75;

function oracle(docs: ReadonlyMap<string, SearchFields>, query: string): Map<string, number> {
  const tf = new Map<string, Map<string, number>>();
  const length = new Map<string, number>();
  for (const [id, fields] of docs) {
    const counts = new Map<string, number>();
    let len = 0;
    for (const key of Object.keys(WEIGHTS) as (keyof SearchFields)[]) {
      const value = fields[key];
      for (const text of value === undefined ? [] : typeof value === 'string' ? [value] : value)
        for (const term of terms(text)) {
          counts.set(term, (counts.get(term) ?? 0) + WEIGHTS[key]);
          len += WEIGHTS[key];
        }
    }
    tf.set(id, counts);
    length.set(id, len);
  }
  const n = docs.size;
  const avg = [...length.values()].reduce((a, b) => a + b, 0) / n || 1;
  const dfs = new Map<string, number>();
  for (const counts of tf.values()) for (const term of counts.keys()) dfs.set(term, (dfs.get(term) ?? 0) + 1);
  const idf = (term: string): number => {
    const df = dfs.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  const queryTerms = [...new Set(terms(query))];
  const out = new Map<string, number>();
  for (const [id, counts] of tf) {
    let score = 0;
    for (const term of queryTerms) {
      const f = counts.get(term) ?? 0;
      if (f > 0) score += idf(term) * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * (length.get(id) as number)) / avg)));
    }
    if (score === 0) continue;
    // The name boost: scaled by the IDF-weighted share of the name's distinct terms the query holds.
    let covered = 0;
    let total = 0;
    for (const term of new Set(terms((docs.get(id) as SearchFields).name))) {
      total += idf(term);
      if (queryTerms.includes(term)) covered += idf(term);
    }
    out.set(id, total > 0 ? score * (1 + covered / total) : score);
  }
  return out;
}

// Words with no synonym group, so a query is its own words and nothing else.
const VOCABULARY = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'kappa', 'sigma', 'zeta'];
// A small pool of texts that documents share, as tool lists do, in any field.
const SHARED = ['alpha beta', 'gamma gamma delta', 'The kappa of the sigma', 'zetaOmega', 'beta'];
const text = fc.oneof(
  fc.constantFrom(...SHARED),
  fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')),
);
const texts = fc.array(text, { maxLength: 4 });
const fields = fc.record(
  {
    name: fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 3 }).map((w) => w.join('_')),
    title: text,
    description: text,
    params: fc.oneof(text, texts),
    paramText: fc.oneof(text, texts),
    server: fc.constantFrom('alpha', 'omega'),
  },
  { requiredKeys: ['name'] },
);

function compare(index: SearchIndex, docs: ReadonlyMap<string, SearchFields>, query: string): void {
  const expected = [...oracle(docs, query)].sort((a, b) => b[1] - a[1]);
  const got = index.search(query, docs.size + 1);
  assert.deepEqual(
    got.map((h) => h.score.toFixed(9)),
    expected.map(([, s]) => s.toFixed(9)),
    `query "${query}"`,
  );
  const byId = new Map(expected);
  for (const hit of got) assert.equal(hit.score.toFixed(9), (byId.get(hit.id) as number).toFixed(9), hit.id);
}

describe('BM25F index against the formula', () => {
  it('scores every document as BM25F computed document by document, through additions, replacements and removals (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.option(fields, { nil: undefined })), { minLength: 1, maxLength: 30 }),
        fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 3 }),
        (ops, query) => {
          const index = new SearchIndex();
          const docs = new Map<string, SearchFields>();
          for (const [key, doc] of ops) {
            const id = `d${key}`;
            docs.delete(id);
            if (doc) {
              index.set(id, doc);
              docs.set(id, doc);
            } else index.delete(id);
          }
          if (docs.size > 0) compare(index, docs, query.join(' '));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the formula with thousands of distinct terms coming and going (term and text numbers reused)', () => {
    const index = new SearchIndex();
    const docs = new Map<string, SearchFields>();
    const put = (id: string, doc: SearchFields): void => {
      index.set(id, doc);
      docs.set(id, doc);
    };
    for (let i = 0; i < 3000; i++) put(`t${i}`, { name: `w${i}_alpha`, description: 'beta gamma', params: ['kappa', `p${i % 50}`] });
    for (let i = 0; i < 3000; i += 2) {
      index.delete(`t${i}`);
      docs.delete(`t${i}`);
    }
    for (let i = 0; i < 1000; i++) put(`u${i}`, { name: `v${i}_beta`, title: `w${i * 2} alpha`, paramText: ['beta gamma', 'beta gamma'] });
    for (const query of ['alpha', 'beta', 'w1', 'w2 alpha', 'v999 beta', 'p7 kappa', 'gamma']) compare(index, docs, query);
  });

  it('keeps the formula while documents and texts churn through the shared pools (holes compacted, numbers reused)', () => {
    const index = new SearchIndex();
    const docs = new Map<string, SearchFields>();
    const put = (id: string, doc: SearchFields): void => {
      index.set(id, doc);
      docs.set(id, doc);
    };
    // Every round replaces the documents with new names, titles and texts, so the old ones leave holes
    // in both pools, well past the size at which they are compacted; a few are replaced twice or
    // removed before any search reads them.
    for (let round = 0; round < 12; round++) {
      for (let i = 0; i < 400; i++)
        put(`d${i}`, {
          name: `r${round}_alpha_${i}`,
          title: i % 2 ? `R${round} alpha (${i})` : `gamma r${round} ${i}`,
          description: `beta gamma r${round} kappa ${i % 7}`,
          params: [`p${(i + round) % 30}`, 'sigma'],
          paramText: [`delta r${round}`, 'The kappa of the sigma'],
        });
      put('d3', { name: `again_${round}`, description: 'zeta zeta' });
      index.delete('d5');
      docs.delete('d5');
      if (round % 4 === 3)
        for (const query of ['alpha', `r${round}`, 'kappa 3', 'zeta', 'again', `p${round} sigma`, 'gamma delta']) compare(index, docs, query);
    }
  });
});
