// A BM25F index over short documents with named fields (a tool's name, title, description,
// parameters, server), kept up to date one document at a time: adding, replacing or removing a
// document touches only its own postings, so a list change from one server never rebuilds the rest.
// Pure: no I/O, no timers.
import { synonymsOf } from './synonyms.js';
import { terms } from './terms.js';

/** The searchable text of one document, by field. */
export interface SearchFields {
  name: string;
  title?: string;
  description?: string;
  /** Parameter names, space separated. */
  params?: string;
  /** Parameter descriptions. */
  paramText?: string;
  server?: string;
}

/**
 * How much a word counts in each field: a word of the name says more about what a tool does than
 * one of a long description, and a parameter's description least of all.
 */
const FIELD_WEIGHTS: Readonly<Record<keyof SearchFields, number>> = {
  name: 3,
  title: 2,
  description: 1,
  params: 1.5,
  paramText: 0.5,
  server: 1,
};

// Okapi BM25's usual constants: term-frequency saturation and length normalisation.
const K1 = 1.2;
const B = 0.75;
/** A synonym counts for less than the word itself; a prefix of a longer word for less again. */
const SYNONYM_WEIGHT = 0.5;
const PREFIX_WEIGHT = 0.6;
const MIN_PREFIX = 3;

interface Doc {
  id: string;
  /** Weighted term frequencies. */
  tf: Map<string, number>;
  length: number;
}

/** One hit: the document id and its BM25F score (higher is better; only comparable within one query). */
export interface SearchHit {
  id: string;
  score: number;
}

export class SearchIndex {
  /** Documents by slot; a removed document leaves a hole that the next addition fills. */
  private readonly slots: (Doc | undefined)[] = [];
  private readonly free: number[] = [];
  private readonly slotOf = new Map<string, number>();
  /** term → slot → weighted frequency */
  private readonly postings = new Map<string, Map<number, number>>();
  private totalLength = 0;
  /** The vocabulary sorted, for prefix look-ups; rebuilt lazily after a change. */
  private sortedTerms: string[] | undefined;

  get size(): number {
    return this.slotOf.size;
  }

  /** Adds a document, or replaces the one with the same id. */
  set(id: string, fields: SearchFields): void {
    this.delete(id);
    const tf = new Map<string, number>();
    let length = 0;
    for (const key of Object.keys(FIELD_WEIGHTS) as (keyof SearchFields)[]) {
      const text = fields[key];
      if (!text) continue;
      const weight = FIELD_WEIGHTS[key];
      for (const term of terms(text)) {
        tf.set(term, (tf.get(term) ?? 0) + weight);
        length += weight;
      }
    }
    const slot = this.free.pop() ?? this.slots.length;
    this.slots[slot] = { id, tf, length };
    this.slotOf.set(id, slot);
    this.totalLength += length;
    for (const [term, f] of tf) {
      let list = this.postings.get(term);
      if (!list) {
        list = new Map();
        this.postings.set(term, list);
        this.sortedTerms = undefined;
      }
      list.set(slot, f);
    }
  }

  /** Removes a document; returns whether it was there. */
  delete(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    const doc = this.slots[slot] as Doc;
    for (const term of doc.tf.keys()) {
      const list = this.postings.get(term);
      list?.delete(slot);
      if (list && list.size === 0) {
        this.postings.delete(term);
        this.sortedTerms = undefined;
      }
    }
    this.totalLength -= doc.length;
    this.slots[slot] = undefined;
    this.free.push(slot);
    this.slotOf.delete(id);
    return true;
  }

  /** The best `limit` documents for `query`, best first; ties keep insertion order. Empty for a query with no usable word. */
  search(query: string, limit: number): SearchHit[] {
    const n = this.slotOf.size;
    if (n === 0 || limit <= 0) return [];
    const weights = this.queryTerms(query);
    if (weights.size === 0) return [];
    const avgLength = this.totalLength / n || 1;
    const scores = new Float64Array(this.slots.length);
    const touched: number[] = [];
    for (const [term, qWeight] of weights) {
      const list = this.postings.get(term) as Map<number, number>;
      const df = list.size;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (const [slot, f] of list) {
        const doc = this.slots[slot] as Doc;
        const norm = f + K1 * (1 - B + (B * doc.length) / avgLength);
        if (scores[slot] === 0) touched.push(slot);
        scores[slot] += qWeight * idf * ((f * (K1 + 1)) / norm);
      }
    }
    touched.sort((a, b) => scores[b] - scores[a] || a - b);
    return touched.slice(0, limit).map((slot) => ({ id: (this.slots[slot] as Doc).id, score: scores[slot] }));
  }

  /** Query terms with their weights: the words themselves, their synonyms, and prefixes of longer words. */
  private queryTerms(query: string): Map<string, number> {
    const out = new Map<string, number>();
    const add = (term: string, weight: number): void => {
      if (this.postings.has(term) && (out.get(term) ?? 0) < weight) out.set(term, weight);
    };
    for (const term of terms(query)) {
      add(term, 1);
      for (const other of synonymsOf(term)) add(other, SYNONYM_WEIGHT);
      if (term.length >= MIN_PREFIX) for (const longer of this.termsStartingWith(term)) if (longer !== term) add(longer, PREFIX_WEIGHT);
    }
    return out;
  }

  private termsStartingWith(prefix: string): string[] {
    if (!this.sortedTerms) this.sortedTerms = [...this.postings.keys()].sort();
    const sorted = this.sortedTerms;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i].startsWith(prefix); i++) out.push(sorted[i]);
    return out;
  }
}
