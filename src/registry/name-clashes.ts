// Who gets an exposed name when two tools want the same one: an exact name (the tool's own, valid
// as-is) wins over a rewritten one (sanitised or shortened), and the rewritten one takes a short
// stable suffix instead of being dropped. Only two exact names, or a suffix already taken, drop one.
import { MAX_NAME_LENGTH, stableHash } from '../bridge/naming.js';
import type { Entry } from './entry.js';
import type { RenamedTool } from './types.js';

/** True when the entry is exposed under its own name (prefix + name needed no rewriting). */
export function isExact(entry: Entry): boolean {
  return entry.nameChanges.length === 0;
}

/**
 * The name a rewritten tool falls back to: its exposed name plus `_` and 4 hex digits of a hash of
 * its server and original name, so it is the same on every run and in every order of listing.
 */
export function suffixedName(entry: Entry): string {
  const suffix = `_${stableHash(`${entry.def.server ?? ''}\u0000${entry.def.originalName}`).slice(0, 4)}`;
  return entry.def.name.slice(0, MAX_NAME_LENGTH - suffix.length) + suffix;
}

/** Moves an entry to a new exposed name, recording why; its cached specs (which carry the name) are dropped. */
export function rename(entry: Entry, name: string, why: string): void {
  entry.def = { ...entry.def, name };
  entry.nameChanges = [...entry.nameChanges, why];
  entry.specs.clear();
}

/** The change recorded on a rewritten tool that lost its name to `winner`. */
export function yieldedTo(winner: Entry, suffix: string): string {
  const whose =
    winner.def.server === undefined ? `native tool "${winner.def.originalName}"` : `tool "${winner.def.originalName}" of server "${winner.def.server}"`;
  return `suffix "${suffix}" added: "${winner.def.name}" is the exact name of ${whose}`;
}

/** The report line for an entry exposed under another name than its own. */
export function renamedTool(entry: Entry): RenamedTool {
  return {
    tool: entry.def.originalName,
    ...(entry.def.server !== undefined ? { server: entry.def.server } : {}),
    exposed: entry.def.name,
    changes: [...entry.nameChanges],
  };
}

/**
 * Places one server's entries (in list order) under unique names: exact names first, then the
 * rewritten ones, which take a suffix when their name is taken. `collide(kept, rejected)` is told
 * of each entry that cannot be placed. Returns the placed entries by name, in list order.
 */
export function placeSiblings(listed: readonly Entry[], collide: (kept: Entry, rejected: Entry) => void): Map<string, Entry> {
  const byName = new Map<string, Entry>();
  const place = (entry: Entry) => {
    const taken = byName.get(entry.def.name);
    if (!taken) {
      byName.set(entry.def.name, entry);
      return;
    }
    const suffixed = isExact(entry) ? undefined : suffixedName(entry);
    if (suffixed === undefined || byName.has(suffixed)) {
      collide(taken, entry);
      return;
    }
    rename(entry, suffixed, yieldedTo(taken, suffixed.slice(taken.def.name.length)));
    byName.set(suffixed, entry);
  };
  for (const entry of listed) if (isExact(entry)) place(entry);
  for (const entry of listed) if (!isExact(entry)) place(entry);
  const placed = new Set(byName.values());
  return new Map(listed.filter((e) => placed.has(e)).map((e) => [e.def.name, e]));
}

/**
 * Who yields when `incoming` wants the name of `existing`: the rewritten one of the two (the
 * incoming one when both are), moved to its suffixed name; undefined when both names are exact or
 * the suffixed name is taken too, and the first registration stays.
 */
export function yielding(existing: Entry, incoming: Entry, taken: (name: string) => boolean): { loser: Entry; winner: Entry; name: string } | undefined {
  const loser = isExact(incoming) && !isExact(existing) ? existing : !isExact(incoming) ? incoming : undefined;
  if (!loser) return undefined;
  const name = suffixedName(loser);
  if (taken(name)) return undefined;
  return { loser, winner: loser === incoming ? existing : incoming, name };
}
