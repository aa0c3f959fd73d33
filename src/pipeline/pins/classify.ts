// From a pinned definition and the current one to a classified change: what kind (description,
// schema widened or narrowed, annotations, new, removed) and what exactly, one line each. The hash
// decides whether anything changed; the stored fields only say what, so key order and whitespace
// can never count (both sides are compared in canonical form).
import { canonicalJson } from '../../util/canonical-json.js';
import { pinHash, type PinnedFields } from './definition.js';
import type { LockServer, LockTool } from './lock.js';
import { diffSchema, type SchemaDelta } from './schema-diff.js';

/** How a tool differs from its pin. */
export type PinChangeKind = 'description' | 'schema-widened' | 'schema-narrowed' | 'annotations' | 'new' | 'removed';

/** The kinds in the order they are reported. */
export const PIN_CHANGE_KINDS: readonly PinChangeKind[] = ['new', 'removed', 'description', 'schema-narrowed', 'schema-widened', 'annotations'];

/** One tool that differs from the lock file. */
export interface PinChange {
  /** The configured server name. */
  server: string;
  /** The tool's name at its server. */
  tool: string;
  /** Every kind of change found, in {@link PIN_CHANGE_KINDS} order (`new` and `removed` stand alone). */
  kinds: PinChangeKind[];
  /** What changed, one line each (schema locations as `inputSchema/properties/x`). */
  details: string[];
}

/** The pinned entry of `tool` in `entry`, if any (own keys only: a tool may be named "constructor"). */
export function lockedTool(entry: LockServer | undefined, tool: string): LockTool | undefined {
  return entry && Object.hasOwn(entry.tools, tool) ? entry.tools[tool] : undefined;
}

/**
 * The change from `locked` to `current` (either may be absent), or `undefined` when they match.
 * `hash` is the current fields' hash when the caller has it already.
 */
export function classifyTool(
  server: string,
  tool: string,
  locked: LockTool | undefined,
  current: PinnedFields | undefined,
  hash?: string,
): PinChange | undefined {
  if (!current) return locked ? { server, tool, kinds: ['removed'], details: ['the server no longer offers it'] } : undefined;
  if (!locked) return { server, tool, kinds: ['new'], details: ['not pinned yet'] };
  if ((hash ?? pinHash(current)) === locked.hash) return undefined;
  const deltas: SchemaDelta[] = [];
  for (const key of ['title', 'description'] as const)
    if (!equal(locked[key], current[key])) deltas.push({ kind: 'description', detail: `${key} changed${textChange(locked[key], current[key])}` });
  deltas.push(...diffSchema(locked.inputSchema, current.inputSchema, 'inputSchema'));
  // No outputSchema constrains nothing, like an empty schema: adding one narrows what may come back.
  deltas.push(...diffSchema(locked.outputSchema, current.outputSchema, 'outputSchema'));
  const annotations = annotationChanges(locked.annotations, current.annotations);
  const details = [...deltas.map((d) => d.detail), ...annotations];
  const found = new Set<PinChangeKind>(deltas.map((d) => d.kind));
  if (annotations.length > 0) found.add('annotations');
  // The hash differs but no field does: the lock was edited by hand, or written by other rules.
  if (found.size === 0) return { server, tool, kinds: ['schema-narrowed'], details: ['the pinned hash does not match the pinned fields'] };
  return { server, tool, kinds: PIN_CHANGE_KINDS.filter((k) => found.has(k)), details };
}

/** Every change of one server: its current tools against its lock entry (absent: every tool is new). */
export function classifyServer(server: string, entry: LockServer | undefined, current: readonly PinnedFields[]): PinChange[] {
  const changes: PinChange[] = [];
  const seen = new Set<string>();
  for (const fields of current) {
    seen.add(fields.name);
    const change = classifyTool(server, fields.name, lockedTool(entry, fields.name), fields);
    if (change) changes.push(change);
  }
  for (const name of Object.keys(entry?.tools ?? {})) if (!seen.has(name)) changes.push(classifyTool(server, name, lockedTool(entry, name), undefined)!);
  return changes.sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
}

const own = (o: Record<string, unknown>, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

function equal(a: unknown, b: unknown): boolean {
  return a === b || canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

/** A short view of a text change: where the two first differ, a few words either side. */
function textChange(before: unknown, after: unknown): string {
  if (typeof before !== 'string' || typeof after !== 'string') return before === undefined ? ' (added)' : after === undefined ? ' (removed)' : '';
  let i = 0;
  while (i < before.length && i < after.length && before[i] === after[i]) i++;
  const clip = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s);
  return `: ${clip(before.slice(i))} → ${clip(after.slice(i))}${i > 0 ? ` (from character ${i + 1})` : ''}`;
}

function annotationChanges(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): string[] {
  const a = before ?? {};
  const b = after ?? {};
  const out: string[] = [];
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
    if (!equal(own(a, key), own(b, key))) out.push(`annotations.${key}: ${canonicalJson(own(a, key) ?? null)} → ${canonicalJson(own(b, key) ?? null)}`);
  return out;
}
