// Local $ref inlining for LLM schemas: copies a schema with every `#/...` reference replaced by its
// target, cycles cut, remote references never followed (SCHEMA-4), and work bounded (SCHEMA-6).
import type { JsonSchema } from '../../protocol/index.js';
import { setOwn } from './schema-shapes.js';
import type { SchemaNote } from './types.js';

/** Deepest nesting a converted schema may reach before the rest is cut. */
export const MAX_SCHEMA_DEPTH = 64;
/** Most schema nodes one conversion may produce (refs can multiply a small schema). */
export const MAX_SCHEMA_NODES = 5_000;

/** Keywords whose values are data, not schemas: never looked into for `$ref`. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);
/** Keywords whose values map names to schemas (a property may be called `$ref` or `definitions`). */
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'dependentSchemas']);

/** Builds a JSON pointer fragment path for notes: `#`, `#/properties/a~1b`. */
export function pointer(segments: readonly string[]): string {
  return segments.length === 0 ? '#' : `#/${segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

/** The pointer of a child of `path` (`#` or `#/...`): built by appending, so deep walks stay linear. */
export function child(path: string, ...segments: string[]): string {
  let out = path;
  for (const s of segments) out += `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return out;
}

/** Most notes one conversion keeps: a hostile schema (a $ref bomb) would otherwise yield thousands. */
export const MAX_NOTES = 200;

/** `notes` cut to {@link MAX_NOTES}, with one last note saying how many were left out. */
export function capNotes(notes: SchemaNote[]): SchemaNote[] {
  if (notes.length <= MAX_NOTES) return notes;
  return [...notes.slice(0, MAX_NOTES), { path: '#', change: `${notes.length - MAX_NOTES} more changes not listed` }];
}

/** Resolves a local reference (`#`, `#/$defs/X`, `#/definitions/X`, any JSON pointer) in `root`. */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * A copy of `schema` that keeps its local `$ref`s and `$defs` (for providers that accept them):
 * remote and unresolvable references become unconstrained, and a root that is only a reference is
 * replaced by its target so the root stays an object schema. Bounded like {@link inlineRefs}.
 */
export function keepLocalRefs(schema: JsonSchema, notes: SchemaNote[]): JsonSchema {
  let nodes = 0;
  const visit = (node: unknown, path: string, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => visit(item, child(path, String(i)), depth + 1));
    if (!isObject(node)) return node;
    if (depth > MAX_SCHEMA_DEPTH || ++nodes > MAX_SCHEMA_NODES) {
      notes.push({ path: path, change: 'schema too deep or too large; the rest is unconstrained' });
      return {};
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && !(value.startsWith('#') && isObject(resolveLocalRef(schema, value)))) {
        notes.push({
          path: path,
          change: `$ref "${value}" ${value.startsWith('#') ? 'does not resolve' : 'is remote and not followed'}; replaced by an unconstrained schema`,
        });
        continue;
      }
      setOwn(out, key, DATA_KEYWORDS.has(key) ? structuredClone(value) : visit(value, child(path, key), depth + 1));
    }
    return out;
  };
  let root = visit(schema, '#', 0) as Record<string, unknown>;
  const ref = root.$ref;
  if (typeof ref === 'string') {
    const { $ref: _ref, ...rest } = root;
    const target = resolveLocalRef(root, ref);
    root = { ...(isObject(target) ? target : {}), ...rest };
    notes.push({ path: '#', change: `root $ref "${ref}" replaced by its target (the root must be an object schema)` });
  }
  return root as JsonSchema;
}

/** Whether any object in `schema` has a `$ref` key (a cheap test before copying it to inline them). */
export function hasRef(schema: unknown): boolean {
  const stack: unknown[] = [schema];
  for (let seen = 0; stack.length > 0; seen++) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    // A structure this big is copied anyway; the inliner bounds it.
    if (seen > MAX_SCHEMA_NODES || (!Array.isArray(node) && '$ref' in node)) return true;
    for (const child of Object.values(node)) if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Returns a deep copy of `schema` with local `$ref`s inlined and `$defs`/`definitions` removed.
 * A reference already being expanded (a cycle) becomes `{type}` of its target (or `{}`), a remote
 * or unresolvable one becomes `{}` with its siblings kept; each case is added to `notes`.
 */
export function inlineRefs(schema: JsonSchema, notes: SchemaNote[]): JsonSchema {
  let nodes = 0;
  let budgetNoted = false;

  const visit = (node: unknown, path: string, expanding: readonly string[], depth: number): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => visit(item, child(path, String(i)), expanding, depth + 1));
    if (!isObject(node)) return node;
    if (depth > MAX_SCHEMA_DEPTH) {
      notes.push({ path: path, change: `nested deeper than ${MAX_SCHEMA_DEPTH} levels; replaced by an unconstrained schema` });
      return {};
    }
    if (++nodes > MAX_SCHEMA_NODES) {
      if (!budgetNoted) notes.push({ path: path, change: `schema grew past ${MAX_SCHEMA_NODES} nodes while inlining; the rest is unconstrained` });
      budgetNoted = true;
      return {};
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref') continue;
      if (key === '$defs' || key === 'definitions') {
        notes.push({ path: child(path, key), change: `${key} removed (references inlined)` });
        continue;
      }
      if (key === 'discriminator' && isObject(value) && isObject(value.mapping)) {
        // The mapping names definitions by $ref; they are inlined and gone, so it would point nowhere.
        const { mapping: _gone, ...rest } = value;
        notes.push({ path: child(path, key, 'mapping'), change: 'discriminator mapping removed (the definitions it names were inlined)' });
        out[key] = structuredClone(rest);
      } else if (DATA_KEYWORDS.has(key)) setOwn(out, key, structuredClone(value));
      else if (MAP_KEYWORDS.has(key) && isObject(value)) {
        const map: Record<string, unknown> = {};
        for (const [name, sub] of Object.entries(value)) setOwn(map, name, visit(sub, child(path, key, name), expanding, depth + 1));
        out[key] = map;
      } else setOwn(out, key, visit(value, child(path, key), expanding, depth + 1));
    }
    const ref = node.$ref;
    if (typeof ref !== 'string') return out;
    const where = path;
    if (!ref.startsWith('#')) {
      notes.push({ path: where, change: `remote $ref "${ref}" not followed; replaced by an unconstrained schema` });
      return out;
    }
    const target = resolveLocalRef(schema, ref);
    if (!isObject(target)) {
      notes.push({ path: where, change: `$ref "${ref}" does not resolve; replaced by an unconstrained schema` });
      return out;
    }
    if (expanding.includes(ref)) {
      const cut: Record<string, unknown> = typeof target.type === 'string' ? { type: target.type } : {};
      if (typeof target.description === 'string') cut.description = target.description;
      notes.push({ path: where, change: `recursive $ref "${ref}" cut; replaced by ${JSON.stringify(cut)}` });
      return { ...cut, ...out };
    }
    notes.push({ path: where, change: `$ref "${ref}" inlined` });
    const resolved = visit(target, path, [...expanding, ref], depth + 1);
    // 2020-12 lets keywords sit beside $ref; the local ones (often a description) win.
    return isObject(resolved) ? { ...resolved, ...out } : out;
  };

  const result = visit(schema, '#', [], 0);
  return (isObject(result) ? result : {}) as JsonSchema;
}
