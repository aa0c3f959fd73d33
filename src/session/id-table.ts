// The pending requests by id, as a Map<RequestId, T> would hold them, without a Map for our own ids.
//
// Why not a Map: a Map whose entries come and go (one per request) rebuilds its table every few
// insertions, and V8 links each old table to its successor (for iterators in flight). Once one of
// those tables has moved to the old generation, the dead table keeps its successor alive through every
// young collection, that one the next, and so on: each table, and every request entry and answer it
// held, is promoted until a full collection. Measured through the Manager over 10 servers (bench W7):
// about 700 bytes per call promoted, scavenges of 10 ms instead of 0.3 to 0.7.
//
// Our ids are the session's counter, so the live ones sit in a short window: a ring of slots indexed
// by the id's low bits holds them, each slot cleared when its request settles (nothing dead stays
// linked). A slot still taken by a long request when its successor comes grows the ring; past
// MAX_RING, or for any other id (a string, a number we never allocate), a Map takes it, so a lookup
// keeps the Map's exact-type semantics: "7" never finds 7.
import type { RequestId } from '../../protocol/index.js';

const FIRST_RING = 32;
const MAX_RING = 1024;

interface Keyed {
  readonly id: RequestId;
}

function isOwnId(id: RequestId): id is number {
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
}

/**
 * A Map from an entry's `id` to the entry, for the pending table, whose one way out is `take` (a Map's
 * `get` and `delete` in one lookup); `values()` in ascending id order for our ids, then the others.
 */
export class IdTable<T extends Keyed> {
  private ring: (T | undefined)[] = new Array<T | undefined>(FIRST_RING).fill(undefined);
  private mask = FIRST_RING - 1;
  private others?: Map<RequestId, T>;
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(id: RequestId): T | undefined {
    if (isOwnId(id)) {
      const slot = this.ring[id & this.mask];
      if (slot !== undefined && slot.id === id) return slot;
    }
    return this.others?.get(id);
  }

  /** Adds `entry` under its id (an entry of the same id is replaced). */
  add(entry: T): void {
    const id = entry.id;
    // Nearly always: our next id, its slot free, no other ids. The general case apart, so this one stays
    // small enough for TurboFan to inline into the request path.
    if (isOwnId(id) && this.others === undefined) {
      const at = id & this.mask;
      if (this.ring[at] === undefined) {
        this.count++;
        this.ring[at] = entry;
        return;
      }
    }
    this.addAnyId(entry);
  }

  private addAnyId(entry: T): void {
    const id = entry.id;
    if (isOwnId(id) && !this.others?.has(id)) {
      let at = id & this.mask;
      let slot = this.ring[at];
      if (slot !== undefined && slot.id !== id && this.grow(id)) {
        at = id & this.mask;
        slot = this.ring[at];
      }
      if (slot === undefined || slot.id === id) {
        if (slot === undefined) this.count++;
        this.ring[at] = entry;
        return;
      }
    }
    const others = (this.others ??= new Map());
    if (!others.has(id)) this.count++;
    others.set(id, entry);
  }

  /** Removes and returns the entry of `id`: one lookup where `get` and `delete` make two. */
  take(id: RequestId): T | undefined {
    if (isOwnId(id)) {
      const at = id & this.mask;
      const slot = this.ring[at];
      if (slot !== undefined && slot.id === id) {
        this.ring[at] = undefined;
        this.count--;
        return slot;
      }
    }
    const entry = this.others?.get(id);
    if (entry !== undefined) {
      this.others!.delete(id);
      this.count--;
    }
    return entry;
  }

  values(): T[] {
    const out: T[] = [];
    for (const slot of this.ring) if (slot !== undefined) out.push(slot);
    if (this.others) for (const entry of this.others.values()) if (isOwnId(entry.id)) out.push(entry);
    out.sort((a, b) => (a.id as number) - (b.id as number));
    if (this.others) for (const entry of this.others.values()) if (!isOwnId(entry.id)) out.push(entry);
    return out;
  }

  // Doubles the ring until `id`'s slot is free, within MAX_RING; false when it stays taken. The entries
  // have distinct low bits, so they keep distinct slots in a larger ring.
  private grow(id: number): boolean {
    while (this.ring.length < MAX_RING) {
      const mask = this.ring.length * 2 - 1;
      const ring = new Array<T | undefined>(mask + 1).fill(undefined);
      for (const slot of this.ring) if (slot !== undefined) ring[(slot.id as number) & mask] = slot;
      this.ring = ring;
      this.mask = mask;
      if (ring[id & mask] === undefined) return true;
    }
    return false;
  }
}
