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
  /** Parameter names. */
  params?: string | readonly string[];
  /** Parameter descriptions, one text each (tool lists repeat them, and each is read once). */
  paramText?: string | readonly string[];
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
/** How much a fully covered name multiplies a score (by 1 + this). */
const NAME_COVERAGE = 1;

interface Posting {
  slots: number[];
  freqs: number[];
}

interface Doc {
  id: string;
  /** The document's distinct terms (its postings are found through them on removal). */
  terms: string[];
  length: number;
  /** The distinct terms of the name field. */
  nameTerms: string[];
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
  /** term → the documents that hold it (slots) and its weighted frequency in each, side by side */
  private readonly postings = new Map<string, Posting>();
  /** Term frequencies of the document being added; reused. */
  private readonly tfScratch = new Map<string, number>();
  /** Scores by slot during a search; reused, and zeroed where touched. */
  private scratch = new Float64Array(0);
  private totalLength = 0;
  /** The vocabulary sorted, for prefix look-ups; rebuilt lazily after a change. */
  private sortedTerms: string[] | undefined;

  get size(): number {
    return this.slotOf.size;
  }

  /** Adds a document, or replaces the one with the same id. */
  set(id: string, fields: SearchFields): void {
    this.delete(id);
    const tf = this.tfScratch;
    tf.clear();
    let length = 0;
    const nameTerms = [...new Set(terms(fields.name))];
    for (const key of Object.keys(FIELD_WEIGHTS) as (keyof SearchFields)[]) {
      const value = fields[key];
      if (!value) continue;
      const weight = FIELD_WEIGHTS[key];
      for (const text of typeof value === 'string' ? [value] : value)
        for (const term of terms(text)) {
          tf.set(term, (tf.get(term) ?? 0) + weight);
          length += weight;
        }
    }
    const slot = this.free.pop() ?? this.slots.length;
    this.slots[slot] = { id, terms: [...tf.keys()], length, nameTerms };
    this.slotOf.set(id, slot);
    this.totalLength += length;
    for (const [term, f] of tf) {
      let list = this.postings.get(term);
      if (!list) {
        list = { slots: [], freqs: [] };
        this.postings.set(term, list);
        this.sortedTerms = undefined;
      }
      list.slots.push(slot);
      list.freqs.push(f);
    }
  }

  /** Removes a document; returns whether it was there. */
  delete(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    const doc = this.slots[slot] as Doc;
    for (const term of doc.terms) {
      const list = this.postings.get(term) as Posting;
      const at = list.slots.indexOf(slot);
      const last = list.slots.length - 1;
      list.slots[at] = list.slots[last] as number;
      list.freqs[at] = list.freqs[last] as number;
      list.slots.pop();
      list.freqs.pop();
      if (list.slots.length === 0) {
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
    if (this.scratch.length < this.slots.length) this.scratch = new Float64Array(this.slots.length * 2);
    const scores = this.scratch;
    const touched: number[] = [];
    const idfs = new Map<string, number>();
    for (const [term, qWeight] of weights) {
      const list = this.postings.get(term) as Posting;
      const idf = this.idf(term, n);
      idfs.set(term, idf);
      const { slots, freqs } = list;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i] as number;
        const f = freqs[i] as number;
        const norm = f + K1 * (1 - B + (B * (this.slots[slot] as Doc).length) / avgLength);
        if (scores[slot] === 0) touched.push(slot);
        (scores[slot] as number) += qWeight * idf * ((f * (K1 + 1)) / norm);
      }
    }
    // Only the best candidates are worth the name-coverage pass: it at most doubles a score.
    touched.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
    const candidates = touched.slice(0, Math.max(limit * 20, 200));
    // A tool whose name the query spells out (create_repository for "create a new repository") is
    // the likeliest answer, whatever its description says: scale by the share of its name covered,
    // each name word counted by its rarity ("take" of take_screenshot says little, "screenshot" much).
    const final = new Map<number, number>();
    for (const slot of candidates) {
      let covered = 0;
      let total = 0;
      for (const term of (this.slots[slot] as Doc).nameTerms) {
        const idf = idfs.get(term) ?? this.idf(term, n);
        total += idf;
        covered += idf * (weights.get(term) ?? 0);
      }
      final.set(slot, total > 0 ? (scores[slot] as number) * (1 + NAME_COVERAGE * (covered / total)) : (scores[slot] as number));
    }
    for (const slot of touched) scores[slot] = 0;
    candidates.sort((a, b) => (final.get(b) as number) - (final.get(a) as number) || a - b);
    return candidates.slice(0, limit).map((slot) => ({ id: (this.slots[slot] as Doc).id, score: final.get(slot) as number }));
  }

  /** Okapi BM25's inverse document frequency, never negative. */
  private idf(term: string, n: number): number {
    const df = this.postings.get(term)?.slots.length ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
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
      // A word no tool uses may be the start of one ("calend"); a word tools use is taken as meant.
      if (!this.postings.has(term) && term.length >= MIN_PREFIX) for (const longer of this.termsStartingWith(term)) add(longer, PREFIX_WEIGHT);
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
      if ((sorted[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && (sorted[i] as string).startsWith(prefix); i++) out.push(sorted[i] as string);
    return out;
  }
}
