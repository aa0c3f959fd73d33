// The documents of a search index as the texts they carry: one shared pool of integers holding, per
// document, (text, weight) pairs, its name's first. The inverted lists (the documents carrying a
// text) are derived from the pool in one pass when a search first needs them after a change. A
// build of thousands of documents fills a few typed arrays instead of allocating a list per document
// and per text, so a garbage collection during it has little to copy. Pure: no I/O, no timers.
import { grown, MIN_COMPACTION } from './texts.js';

export class DocTable {
  /** Where a document's pairs start in `entries`, and how many entries they take (0: no document), by slot. */
  at = new Int32Array(64);
  span = new Int32Array(64);
  /** Every document's (text, weight) pairs; a removed document leaves a hole until the pool is compacted. */
  entries = new Int32Array(1024);
  private end = 0;
  private free = 0;

  /** The documents carrying each text (slot, weight, slot, weight...), from `textDocAt[x]` to `textDocAt[x + 1]`; valid while `inverted`. */
  textDocAt = new Int32Array(64);
  textDocs = new Int32Array(64);
  private inverted = false;

  /** Makes room for a document of at most `count` pairs at `slot`; returns where they go. */
  open(slot: number, count: number): number {
    if (slot >= this.at.length) {
      this.at = grown(this.at, slot + 1);
      this.span = grown(this.span, slot + 1);
    }
    if (this.free > MIN_COMPACTION && this.free * 2 > this.end) this.compact();
    if (this.end + 2 * count > this.entries.length) this.entries = grown(this.entries, this.end + 2 * count);
    return this.end;
  }

  /** Files the pairs written from `start` to `end` (as `open` gave) as the document at `slot`. */
  close(slot: number, start: number, end: number): void {
    this.at[slot] = start;
    this.span[slot] = end - start;
    this.end = end;
    this.inverted = false;
  }

  /** Forgets the document at `slot` (its texts are released by the caller). */
  remove(slot: number): void {
    this.free += this.span[slot] as number;
    this.span[slot] = 0;
    this.inverted = false;
  }

  /**
   * Derives the documents carrying each text from the pool, if a change made them stale: one pass,
   * placed by `carried`, how many document entries carry each text.
   */
  invert(texts: number, slots: number, carried: Int32Array): void {
    if (this.inverted) return;
    this.inverted = true;
    const at = new Int32Array(texts + 1);
    const entries = this.entries;
    const docAt = this.at;
    const span = this.span;
    for (let x = 0; x < texts; x++) at[x + 1] = (at[x] as number) + 2 * (carried[x] as number);
    const list = (this.textDocs = grown(this.textDocs, at[texts] as number));
    const cursor = at.slice(0, texts);
    for (let s = 0; s < slots; s++) {
      const end = (docAt[s] as number) + (span[s] as number);
      for (let i = docAt[s] as number; i < end; i += 2) {
        const text = entries[i] as number;
        const c = cursor[text] as number;
        cursor[text] = c + 2;
        list[c] = s;
        list[c + 1] = entries[i + 1] as number;
      }
    }
    this.textDocAt = at;
  }

  /** Moves every document's pairs together, dropping the holes removed documents left. */
  private compact(): void {
    const old = this.entries;
    const out = new Int32Array(Math.max(1024, (this.end - this.free) * 2));
    let end = 0;
    for (let s = 0; s < this.at.length; s++) {
      const span = this.span[s] as number;
      if (span === 0) continue;
      const at = this.at[s] as number;
      out.set(old.subarray(at, at + span), end);
      this.at[s] = end;
      end += span;
    }
    this.entries = out;
    this.end = end;
    this.free = 0;
  }
}
