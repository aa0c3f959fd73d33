// The texts of a search index and their terms, numbered: a text is tokenised once, however many
// documents carry it (tool lists repeat descriptions and parameter texts), and forgotten, with the
// terms only it held, when the last document carrying it goes. Postings go through texts: a term
// lists the texts that hold it, a text the documents that carry it. Pure: no I/O, no timers.
import { termsInto } from './terms.js';

const NONE: readonly number[] = [];
/** A new term's list of texts: replaced, never pushed to, when the term's first text is filed. */
const NO_TEXTS = NONE as number[];

/** Grows a typed array to at least `size` entries, keeping its contents. */
export function grown<T extends Float64Array | Int32Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const out = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 64));
  out.set(array);
  return out;
}

/** Removes the first (key, value) pair whose key is `key` from a flat pair list, by moving the last pair into its place. */
function removePair(list: number[], key: number): void {
  let at = 0;
  while (list[at] !== key) at += 2;
  const last = list.length - 2;
  list[at] = list[last] as number;
  list[at + 1] = list[last + 1] as number;
  list.length = last;
}

export class TextTable {
  // Texts by number.
  private readonly textIds = new Map<string, number>();
  private readonly textString: string[] = [];
  /** A text's distinct terms in order of first sight, with their occurrences: term, count, term, count... */
  readonly textTerms: (readonly number[])[] = [];
  /** How many terms a text has, repeats counted. */
  readonly textWords: number[] = [];
  /** The documents that carry a text, with a weight for each: slot, weight, slot, weight... */
  readonly textDocs: number[][] = [];
  private readonly freeTexts: number[] = [];

  // Terms by number.
  private readonly termIds = new Map<string, number>();
  private readonly termString: string[] = [];
  /** The texts that hold a term, with its occurrences in each: text, count, text, count... */
  readonly termTexts: number[][] = [];
  private readonly freeTerms: number[] = [];
  /** The vocabulary sorted, for prefix look-ups; rebuilt lazily after a change. */
  private sortedTerms: string[] | undefined;

  // A new text's terms, then its (term, count) pairs, while it is read; and where each term's pair
  // is, plus one (0: not seen yet in this text), by term number.
  private readonly words: string[] = [];
  private readonly pairs: number[] = [];
  private firstSeen = new Int32Array(0);

  /**
   * Files `weight` for document `slot` under a text, and returns the text's number. A text not
   * `shared` (a name: unlikely to come back) is read for this document alone, never looked up.
   */
  carry(text: string, shared: boolean, slot: number, weight: number): number {
    const known = shared ? this.textIds.get(text) : undefined;
    if (known === undefined) return this.newText(text, shared, slot, weight);
    (this.textDocs[known] as number[]).push(slot, weight);
    return known;
  }

  /** Takes document `slot` off a text (one of its weights); the text goes with its last document. */
  release(text: number, slot: number): void {
    const docs = this.textDocs[text] as number[];
    removePair(docs, slot);
    if (docs.length === 0) this.dropText(text);
  }

  /** A term's number, if some text holds it. */
  term(term: string): number | undefined {
    return this.termIds.get(term);
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

  /** Numbers and tokenises a text seen for the first time, carried by document `slot` with `weight`. */
  private newText(text: string, shared: boolean, slot: number, weight: number): number {
    const words = this.words;
    termsInto(text, words);
    const pairs = this.pairs;
    // Where each term's pair is while counting, plus one (0: not seen yet in this text).
    this.firstSeen = grown(this.firstSeen, this.termString.length + words.length);
    const firstSeen = this.firstSeen;
    for (let i = 0; i < words.length; i++) {
      const term = this.termId(words[i] as string);
      const at = firstSeen[term] as number;
      if (at === 0) {
        firstSeen[term] = pairs.length + 1;
        pairs.push(term, 1);
      } else (pairs[at] as number)++;
    }
    const id = this.freeTexts.pop() ?? this.textString.length;
    // Lists are made at their size: most texts and terms never get a second entry.
    for (let i = 0; i < pairs.length; i += 2) {
      const term = pairs[i] as number;
      firstSeen[term] = 0;
      const texts = this.termTexts[term] as number[];
      if (texts.length === 0) this.termTexts[term] = [id, pairs[i + 1] as number];
      else texts.push(id, pairs[i + 1] as number);
    }
    this.textString[id] = text;
    this.textTerms[id] = pairs.slice();
    this.textWords[id] = words.length;
    this.textDocs[id] = [slot, weight];
    pairs.length = 0;
    words.length = 0;
    if (shared) this.textIds.set(text, id);
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
      this.termTexts.push(NO_TEXTS);
    } else this.termString[id] = term;
    this.termIds.set(term, id);
    this.sortedTerms = undefined;
    return id;
  }

  /** Forgets a text no document carries any more, and the terms only it held. */
  private dropText(text: number): void {
    const pairs = this.textTerms[text] as number[];
    for (let i = 0; i < pairs.length; i += 2) {
      const term = pairs[i] as number;
      const texts = this.termTexts[term] as number[];
      removePair(texts, text);
      if (texts.length === 0) {
        this.termIds.delete(this.termString[term] as string);
        this.termString[term] = '';
        this.freeTerms.push(term);
        this.sortedTerms = undefined;
      }
    }
    const string = this.textString[text] as string;
    if (this.textIds.get(string) === text) this.textIds.delete(string);
    this.textString[text] = '';
    this.textTerms[text] = NONE;
    this.freeTexts.push(text);
  }
}
