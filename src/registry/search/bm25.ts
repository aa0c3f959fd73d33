// A BM25F index over short documents with named fields (a tool's name, title, description,
// parameters, server), kept up to date one document at a time: adding, replacing or removing a
// document touches only its own entries, so a list change from one server never rebuilds the rest.
// Pure: no I/O, no timers.
//
// Built for a first search over thousands of tools, which indexes them all at once. Postings go
// through texts (texts.ts): a text is read once however many tools carry it, and a document costs
// a push per text. A term's frequency in a document is summed from its texts when a query asks for
// it: the same sums, so the same scores, as postings kept per document.
import { synonymsOf } from './synonyms.js';
import { sameWords, terms } from './terms.js';
import { DocTable } from './docs.js';
import { grown, TextTable } from './texts.js';

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
 * How much a word counts in each field, in half points (BM25F sees them halved: 3 for a name, 2 for
 * a title, 1 for a description, 1.5 for a parameter name, 0.5 for a parameter's description, 1 for
 * the server): a word of the name says more about what a tool does than one of a long description,
 * and a parameter's description least of all. Halves keep every sum the index stores a small integer.
 */
export const FIELD_WEIGHTS = {
  name: 6,
  title: 4,
  description: 2,
  params: 3,
  paramText: 1,
  server: 2,
} as const satisfies Record<keyof SearchFields, number>;

// Okapi BM25's usual constants: term-frequency saturation and length normalisation.
const K1 = 1.2;
const B = 0.75;
/** A synonym counts for less than the word itself; a prefix of a longer word for less again. */
const SYNONYM_WEIGHT = 0.5;
const PREFIX_WEIGHT = 0.6;
const MIN_PREFIX = 3;
/** How much a fully covered name multiplies a score (by 1 + this). */
const NAME_COVERAGE = 1;

/** One hit: the document id and its BM25F score (higher is better; only comparable within one query). */
export interface SearchHit {
  id: string;
  score: number;
}

export class SearchIndex {
  // Documents by slot; a removed document leaves a hole that the next addition fills.
  private readonly docIds: (string | undefined)[] = [];
  /** A document's texts by number with their weights, one per text given (repeats kept), its name's first. */
  private readonly docs = new DocTable();
  private docLength = new Int32Array(64);
  private readonly freeSlots: number[] = [];
  private readonly slotOf = new Map<string, number>();
  private totalLength = 0;

  private readonly table = new TextTable();
  /** Document frequencies worked out since the last change. */
  private readonly dfs = new Map<number, number>();

  // The document being added: its id, and its texts with their weights (negative: not shared) until
  // `end` files them. Lengths are in half points, as `docLength` and `totalLength`.
  private adding: string | undefined;
  private readonly pendingTexts: string[] = [];
  private readonly pendingWeights: number[] = [];
  /** Documents filed whose new texts are not read yet, so whose lengths are not known yet: {@link settle} works them out. */
  private readonly unsettled: number[] = [];

  // Scratch, by slot or by term, reused and left zeroed.
  private scores = new Float64Array(0);
  private tfs = new Float64Array(0);
  private stamps = new Int32Array(0);
  private stamp = 0;

  get size(): number {
    return this.slotOf.size;
  }

  /** Adds a document, or replaces the one with the same id. */
  set(id: string, fields: SearchFields): void {
    this.begin(id, fields.name);
    if (fields.title) this.title(fields.title);
    if (fields.description) this.add(fields.description, FIELD_WEIGHTS.description);
    if (fields.params) this.addAll(fields.params, FIELD_WEIGHTS.params);
    if (fields.paramText) this.addAll(fields.paramText, FIELD_WEIGHTS.paramText);
    if (fields.server) this.add(fields.server, FIELD_WEIGHTS.server);
    this.end();
  }

  /**
   * Starts adding (or replacing) a document from its name; {@link add} gives its other texts, each
   * with its field's weight, and {@link end} files it: {@link set} without a fields object.
   */
  begin(id: string, name: string): void {
    this.adding = id;
    this.add(name, FIELD_WEIGHTS.name, false);
  }

  /**
   * Adds the title of the document being added. A title with the name's words is counted on the
   * name's own text: the same terms with the two fields' weights summed, all small integers, so
   * every frequency and length is what two texts would give, and the title is never split.
   */
  title(text: string): void {
    if (sameWords(this.pendingTexts[0] as string, text)) (this.pendingWeights[0] as number) -= FIELD_WEIGHTS.title;
    else this.add(text, FIELD_WEIGHTS.title, false);
  }

  /**
   * Adds a text to the document being added, counted with `weight`. `shared: false` for a text
   * unlikely to come back, such as a name: it is read for this document alone, never looked up.
   */
  add(text: string, weight: number, shared = true): void {
    this.pendingTexts.push(text);
    this.pendingWeights.push(shared ? weight : -weight);
  }

  /**
   * Files the document being added. Its texts are read here, all in one loop, rather than as they
   * come: the walk over a tool stays small, and so does what the compiler makes of it.
   */
  end(): void {
    const id = this.adding as string;
    this.adding = undefined;
    this.delete(id);
    const slot = this.freeSlots.pop() ?? this.docIds.length;
    const pending = this.pendingTexts;
    const weights = this.pendingWeights;
    const table = this.table;
    const docs = this.docs;
    const start = docs.open(slot, pending.length);
    const entries = docs.entries;
    let end = start;
    for (let i = 0; i < pending.length; i++) {
      const signed = weights[i] as number;
      entries[end++] = table.carry(pending[i] as string, signed > 0);
      entries[end++] = signed < 0 ? -signed : signed;
    }
    pending.length = 0;
    weights.length = 0;
    docs.close(slot, start, end);
    this.docIds[slot] = id;
    this.slotOf.set(id, slot);
    this.unsettled.push(slot);
    this.dfs.clear();
  }

  /** Reads the texts new since the last call and works out the lengths of the documents filed since. */
  private settle(): void {
    const unsettled = this.unsettled;
    if (unsettled.length === 0) return;
    this.table.read();
    const { at, span, entries } = this.docs;
    const words = this.table.textWords;
    if (this.docLength.length < this.docIds.length) this.docLength = grown(this.docLength, this.docIds.length);
    for (let u = 0; u < unsettled.length; u++) {
      const slot = unsettled[u] as number;
      let length = 0;
      const end = (at[slot] as number) + (span[slot] as number);
      for (let i = at[slot] as number; i < end; i += 2) length += (entries[i + 1] as number) * (words[entries[i] as number] as number);
      this.docLength[slot] = length;
      this.totalLength += length;
    }
    unsettled.length = 0;
  }

  private addAll(value: string | readonly string[], weight: number): void {
    if (typeof value === 'string') this.add(value, weight);
    else for (let i = 0; i < value.length; i++) this.add(value[i] as string, weight);
  }

  /** Removes a document; returns whether it was there. */
  delete(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.settle();
    const entries = this.docs.entries;
    const end = (this.docs.at[slot] as number) + (this.docs.span[slot] as number);
    for (let i = this.docs.at[slot] as number; i < end; i += 2) this.table.release(entries[i] as number);
    this.docs.remove(slot);
    this.totalLength -= this.docLength[slot] as number;
    this.docIds[slot] = undefined;
    this.freeSlots.push(slot);
    this.slotOf.delete(id);
    this.dfs.clear();
    return true;
  }

  /** The best `limit` documents for `query`, best first; ties keep insertion order. Empty for a query with no usable word. */
  search(query: string, limit: number): SearchHit[] {
    const n = this.slotOf.size;
    if (n === 0 || limit <= 0) return [];
    this.settle();
    const weights = this.queryTerms(query);
    if (weights.size === 0) return [];
    const avgLength = this.totalLength / 2 / n || 1;
    if (this.scores.length < this.docIds.length) {
      this.scores = new Float64Array(this.docIds.length * 2);
      this.tfs = new Float64Array(this.docIds.length * 2);
    }
    this.invert();
    const table = this.table;
    const termTextAt = table.termTextAt;
    const termTexts = table.termTexts;
    const textDocAt = this.docs.textDocAt;
    const textDocs = this.docs.textDocs;
    const scores = this.scores;
    const tfs = this.tfs;
    const docLength = this.docLength;
    const touched: number[] = [];
    const holders: number[] = [];
    const idfs = new Map<number, number>();
    for (const [term, qWeight] of weights) {
      // The term's weighted frequency in every document that holds it, summed over its texts.
      for (let i = termTextAt[term] as number; i < (termTextAt[term + 1] as number); i += 2) {
        const text = termTexts[i] as number;
        const count = termTexts[i + 1] as number;
        for (let j = textDocAt[text] as number; j < (textDocAt[text + 1] as number); j += 2) {
          const slot = textDocs[j] as number;
          if (tfs[slot] === 0) holders.push(slot);
          (tfs[slot] as number) += (textDocs[j + 1] as number) * count;
        }
      }
      this.dfs.set(term, holders.length);
      const idf = idfOf(holders.length, n);
      idfs.set(term, idf);
      for (const slot of holders) {
        const f = (tfs[slot] as number) / 2;
        tfs[slot] = 0;
        const norm = f + K1 * (1 - B + (B * ((docLength[slot] as number) / 2)) / avgLength);
        if (scores[slot] === 0) touched.push(slot);
        (scores[slot] as number) += qWeight * idf * ((f * (K1 + 1)) / norm);
      }
      holders.length = 0;
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
      const name = this.docs.entries[this.docs.at[slot] as number] as number;
      const end = (table.pairAt[name] as number) + (table.pairLength[name] as number);
      for (let i = table.pairAt[name] as number; i < end; i += 2) {
        const term = table.pairs[i] as number;
        const idf = idfs.get(term) ?? idfOf(this.df(term), n);
        total += idf;
        covered += idf * (weights.get(term) ?? 0);
      }
      final.set(slot, total > 0 ? (scores[slot] as number) * (1 + NAME_COVERAGE * (covered / total)) : (scores[slot] as number));
    }
    for (const slot of touched) scores[slot] = 0;
    candidates.sort((a, b) => (final.get(b) as number) - (final.get(a) as number) || a - b);
    return candidates.slice(0, limit).map((slot) => ({ id: this.docIds[slot] as string, score: final.get(slot) as number }));
  }

  /** Brings the inverted lists (texts by term, documents by text) in step with the pools. */
  private invert(): void {
    this.table.invert();
    this.docs.invert(this.table.textCount, this.docIds.length, this.table.carried);
  }

  /** How many documents hold a term (a document may hold it through several texts). */
  private df(term: number): number {
    let df = this.dfs.get(term);
    if (df !== undefined) return df;
    this.stamps = grown(this.stamps, this.docIds.length);
    const stamps = this.stamps;
    const stamp = ++this.stamp;
    df = 0;
    const { termTextAt, termTexts } = this.table;
    const { textDocAt, textDocs } = this.docs;
    for (let i = termTextAt[term] as number; i < (termTextAt[term + 1] as number); i += 2) {
      const text = termTexts[i] as number;
      for (let j = textDocAt[text] as number; j < (textDocAt[text + 1] as number); j += 2)
        if (stamps[textDocs[j] as number] !== stamp) {
          stamps[textDocs[j] as number] = stamp;
          df++;
        }
    }
    this.dfs.set(term, df);
    return df;
  }

  /** Query terms by number with their weights: the words themselves, their synonyms, and prefixes of longer words. */
  private queryTerms(query: string): Map<number, number> {
    const out = new Map<number, number>();
    const add = (term: string, weight: number): void => {
      const id = this.table.term(term);
      if (id !== undefined && (out.get(id) ?? 0) < weight) out.set(id, weight);
    };
    for (const term of terms(query)) {
      add(term, 1);
      for (const other of synonymsOf(term)) add(other, SYNONYM_WEIGHT);
      // A word no tool uses may be the start of one ("calend"); a word tools use is taken as meant.
      if (this.table.term(term) === undefined && term.length >= MIN_PREFIX) for (const longer of this.table.termsStartingWith(term)) add(longer, PREFIX_WEIGHT);
    }
    return out;
  }
}

/** Okapi BM25's inverse document frequency, never negative. */
function idfOf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}
