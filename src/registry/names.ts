// Who gets an exposed name when two tools want the same one: an exact name (the tool's own, valid
// as-is) wins over a rewritten one (sanitised or shortened), and the rewritten one takes a short
// stable suffix instead of being dropped. Only two exact names, or a suffix already taken, drop one.
import { MAX_NAME_LENGTH, stableHash } from '../bridge/naming.js';
import type { Entry } from './entry.js';

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
  const whose = winner.def.server === undefined ? `native tool "${winner.def.originalName}"` : `tool "${winner.def.originalName}" of server "${winner.def.server}"`;
  return `suffix "${suffix}" added: "${winner.def.name}" is the exact name of ${whose}`;
}
