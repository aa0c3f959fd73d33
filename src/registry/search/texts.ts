// The texts of a search index and their terms, numbered: a text is tokenised once, however many
// documents carry it (tool lists repeat descriptions and parameter texts), and forgotten, with the
// terms only it held, when the last document carrying it goes. A text's terms sit in one shared pool
// of integers, and the inverted lists (the texts holding a term) are derived from that pool in one
// pass when a search first needs them after a change. Few long-lived objects, so a garbage
// collection during a build has little to copy. Pure: no I/O, no timers.
import { termOf, wordsInto } from './terms.js';

/** Grows a typed array to at least `size` entries, keeping its contents. */
export function grown<T extends Float64Array | Int32Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const out = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 64));
  out.set(array);
  return out;
}

/** A pool is compacted when holes make up more than half of it and at least this many entries. */
export const MIN_COMPACTION = 4096;

export class TextTable {
  // Texts by number.
  private readonly textIds = new Map<string, number>();
  private readonly textString: string[] = [];
  private readonly freeTexts: number[] = [];
  /** Where a text's (term, count) pairs start in `pairs`, in order of first sight, and how many entries they take. */
  pairAt = new Int32Array(64);
  pairLength = new Int32Array(64);
  /** How many terms a text has, repeats counted. */
  textWords = new Int32Array(64);
  /** How many document entries carry a text: it goes with the last. */
  private textRefs = new Int32Array(64);
  /** Every text's (term, count) pairs; a forgotten text leaves a hole until the pool is compacted. */
  pairs = new Int32Array(1024);
  private pairsEnd = 0;
  private pairsFree = 0;

  // Terms by number.
  private readonly termIds = new Map<string, number>();
  private readonly termString: string[] = [];
  private readonly freeTerms: number[] = [];
  /** How many texts hold a term: it goes with the last. */
  private termRefs = new Int32Array(64);
  /** The vocabulary sorted, for prefix look-ups; rebuilt lazily after a change. */
  private sortedTerms: string[] | undefined;
  /** Term numbers by word (-1: a stop word), so that a word costs one look-up; emptied when a term is forgotten, as its number may be reused. */
  private readonly wordIds = new Map<string, number>();

  /** The texts holding each term (text, count, text, count...), from `termTextAt[t]` to `termTextAt[t + 1]`; valid while `inverted`. */
  termTextAt = new Int32Array(64);
  termTexts = new Int32Array(64);
  private inverted = false;

  /** Texts numbered but not read yet: {@link read} tokenises them all in one loop. */
  private readonly unread: number[] = [];
  // A new text's words while it is read, and where each term's count is in `pairs`, plus one (0: not
  // seen yet in this text), by term number.
  private readonly words: string[] = [];
  private firstSeen = new Int32Array(64);

  /**
   * Counts one more document entry under a text, and returns its number. A text not `shared` (a
   * name: unlikely to come back) is numbered for this entry alone, never looked up. A new text is
   * read later, by {@link read}: its word count is not known until then.
   */
  carry(text: string, shared: boolean): number {
    const known = shared ? this.textIds.get(text) : undefined;
    if (known === undefined) return this.newText(text, shared);
    (this.textRefs[known] as number)++;
    return known;
  }

  /** Whether texts are waiting to be read. */
  get pending(): boolean {
    return this.unread.length > 0;
  }

  /**
   * Tokenises the texts numbered since the last call, in one loop: the build's hottest path as one
   * function, which the optimising compiler takes on once.
   */
  read(): void {
    const unread = this.unread;
    const words = this.words;
    for (let u = 0; u < unread.length; u++) {
      const id = unread[u] as number;
      wordsInto(this.textString[id] as string, words);
      if (this.pairsFree > MIN_COMPACTION && this.pairsFree * 2 > this.pairsEnd) this.compact();
      const start = this.pairsEnd;
      if (start + 2 * words.length > this.pairs.length) this.pairs = grown(this.pairs, start + 2 * words.length);
      if (this.termString.length + words.length > this.firstSeen.length) this.firstSeen = grown(this.firstSeen, this.termString.length + words.length);
      const pairs = this.pairs;
      const firstSeen = this.firstSeen;
      let end = start;
      let count = 0;
      for (let i = 0; i < words.length; i++) {
        const word = words[i] as string;
        // A word is all digits or all letters; digits are their own term, and numbers in names
        // (create_issue_17) rarely come back, so they skip the word cache.
        const first = word.charCodeAt(0);
        const term = first >= 48 && first <= 57 ? this.termId(word) : (this.wordIds.get(word) ?? this.wordId(word));
        if (term < 0) continue;
        count++;
        const at = firstSeen[term] as number;
        if (at === 0) {
          firstSeen[term] = end + 2;
          pairs[end] = term;
          pairs[end + 1] = 1;
          end += 2;
        } else (pairs[at - 1] as number)++;
      }
      for (let i = start; i < end; i += 2) {
        const term = pairs[i] as number;
        firstSeen[term] = 0;
        (this.termRefs[term] as number)++;
      }
      this.pairsEnd = end;
      this.pairAt[id] = start;
      this.pairLength[id] = end - start;
      this.textWords[id] = count;
      words.length = 0;
    }
    unread.length = 0;
    this.inverted = false;
  }

  /** Counts one document entry less under a text; the text goes with its last. */
  release(text: number): void {
    if (--(this.textRefs[text] as number) === 0) this.dropText(text);
  }

  /** A term's number, if some text holds it. */
  term(term: string): number | undefined {
    return this.termIds.get(term);
  }

  /** How many text numbers are in use or free: every text number is below it. */
  get textCount(): number {
    return this.textString.length;
  }

  termsStartingWith(prefix: string): string[] {
    if (!this.sortedTerms) this.sortedTerms = [...this.termIds.keys()].sort();
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

  /** How many document entries carry each text, by text number. */
  get carried(): Int32Array {
    return this.textRefs;
  }

  /** Derives the texts holding each term from the pool, if a change made them stale: one pass, placed by the counts kept. */
  invert(): void {
    if (this.inverted) return;
    this.inverted = true;
    const terms = this.termString.length;
    const texts = this.textString.length;
    const at = new Int32Array(terms + 1);
    const pairs = this.pairs;
    const pairAt = this.pairAt;
    const pairLength = this.pairLength;
    const refs = this.textRefs;
    const termRefs = this.termRefs;
    for (let t = 0; t < terms; t++) at[t + 1] = (at[t] as number) + 2 * (termRefs[t] as number);
    const list = (this.termTexts = grown(this.termTexts, at[terms] as number));
    const cursor = at.slice(0, terms);
    for (let x = 0; x < texts; x++) {
      if (refs[x] === 0) continue;
      const end = (pairAt[x] as number) + (pairLength[x] as number);
      for (let i = pairAt[x] as number; i < end; i += 2) {
        const term = pairs[i] as number;
        const c = cursor[term] as number;
        cursor[term] = c + 2;
        list[c] = x;
        list[c + 1] = pairs[i + 1] as number;
      }
    }
    this.termTextAt = at;
  }

  /** Numbers a text seen for the first time, carried by one entry, to be read later. */
  private newText(text: string, shared: boolean): number {
    let id = this.freeTexts.pop();
    if (id === undefined) {
      id = this.textString.length;
      this.textString.push(text);
      if (id >= this.textRefs.length) this.growTexts(id + 1);
    } else this.textString[id] = text;
    this.pairLength[id] = 0;
    this.textRefs[id] = 1;
    if (shared) this.textIds.set(text, id);
    this.unread.push(id);
    return id;
  }

  private growTexts(size: number): void {
    this.pairAt = grown(this.pairAt, size);
    this.pairLength = grown(this.pairLength, size);
    this.textWords = grown(this.textWords, size);
    this.textRefs = grown(this.textRefs, size);
  }

  /** The term number of a word not looked up before (-1: a stop word). */
  private wordId(word: string): number {
    const term = termOf(word);
    const id = term === '' ? -1 : this.termId(term);
    // Vocabulary is bounded in practice; the cap keeps a stream of unique junk from growing it forever.
    if (this.wordIds.size < 50_000) this.wordIds.set(word, id);
    return id;
  }

  /** The number of a term, numbering it if new. */
  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id !== undefined) return id;
    id = this.freeTerms.pop();
    if (id === undefined) {
      id = this.termString.length;
      this.termString.push(term);
      this.termRefs = grown(this.termRefs, id + 1);
    } else this.termString[id] = term;
    this.termIds.set(term, id);
    this.sortedTerms = undefined;
    return id;
  }

  /** Forgets a text no document carries any more, and the terms only it held. */
  private dropText(text: number): void {
    const pairs = this.pairs;
    const end = (this.pairAt[text] as number) + (this.pairLength[text] as number);
    for (let i = this.pairAt[text] as number; i < end; i += 2) {
      const term = pairs[i] as number;
      if (--(this.termRefs[term] as number) === 0) {
        this.termIds.delete(this.termString[term] as string);
        this.termString[term] = '';
        this.freeTerms.push(term);
        this.sortedTerms = undefined;
        this.wordIds.clear();
      }
    }
    this.pairsFree += this.pairLength[text] as number;
    this.pairLength[text] = 0;
    const string = this.textString[text] as string;
    if (this.textIds.get(string) === text) this.textIds.delete(string);
    this.textString[text] = '';
    this.freeTexts.push(text);
    this.inverted = false;
  }

  /** Moves every live text's pairs together, dropping the holes forgotten texts left. */
  private compact(): void {
    const old = this.pairs;
    const out = new Int32Array(Math.max(64, (this.pairsEnd - this.pairsFree) * 2));
    let end = 0;
    for (let x = 0; x < this.textString.length; x++) {
      const length = this.pairLength[x] as number;
      if (this.textRefs[x] === 0 || length === 0) continue;
      const at = this.pairAt[x] as number;
      out.set(old.subarray(at, at + length), end);
      this.pairAt[x] = end;
      end += length;
    }
    this.pairs = out;
    this.pairsEnd = end;
    this.pairsFree = 0;
  }
}
