// Which way a JSON Schema changed: does the new schema accept more instances (widened) or fewer
// (narrowed)? Compared keyword by keyword, recursing into properties, items, additionalProperties,
// $defs and same-length anyOf/allOf. Text the model reads inside a schema (a property's
// description, title, examples, default) is a `description` change, not a schema one.
//
// Undecidable in general (and so not attempted): whether a changed `pattern`, `format`, `$ref`,
// `oneOf`, `not`, `if`/`then`/`else`, `dependentRequired`, `multipleOf`, a reshaped anyOf/allOf, a
// tuple `items` or any unknown keyword accepts more or fewer instances. Each such change is
// counted as `schema-narrowed`, the kind that asks most of a reviewer: a call that worked may now
// be refused, or mean something else.
import { canonicalJson } from '../../util/canonical-json.js';

/** One difference between two schemas, located in the schema. */
export interface SchemaDelta {
  kind: 'schema-widened' | 'schema-narrowed' | 'description';
  detail: string;
}

/** Keywords that annotate rather than constrain: read by the model, never by the validator. */
const TEXT_KEYWORDS = new Set(['title', 'description', 'examples', 'default', '$comment', 'deprecated', 'readOnly', 'writeOnly']);
/** Raising one of these (or adding it) accepts fewer instances. */
const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains']);
/** Lowering one of these (or adding it) accepts fewer instances. */
const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains']);
/** Keywords compared by their own rule below; everything else falls to the undecidable rule. */
const HANDLED = new Set(['type', 'properties', 'required', 'enum', 'const', 'additionalProperties', 'items', '$defs', 'definitions', 'anyOf', 'allOf']);

type Schema = Record<string, unknown>;

const same = (a: unknown, b: unknown): boolean => a === b || canonicalJson(a ?? null) === canonicalJson(b ?? null);
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string => canonicalJson(v ?? null);
/** A member only if it is the object's own: a schema may use any key, "constructor" included. */
const own = (o: Schema, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

/** Every difference between `before` and `after` (schemas, or absent), each with its direction. */
export function diffSchema(before: unknown, after: unknown, at: string): SchemaDelta[] {
  const out: SchemaDelta[] = [];
  diff(before, after, at, out);
  return out;
}

function diff(before: unknown, after: unknown, at: string, out: SchemaDelta[]): void {
  if (same(before, after)) return;
  // An absent schema and `true` accept everything, `{}` too; `false` accepts nothing.
  const a = before === undefined || before === true ? {} : before;
  const b = after === undefined || after === true ? {} : after;
  if (a === false || b === false) {
    out.push(b === false ? narrowed(`${at}: now accepts nothing`) : widened(`${at}: accepted nothing, now accepts values`));
    return;
  }
  if (!isObject(a) || !isObject(b)) {
    out.push(undecidable(at, 'the schema'));
    return;
  }
  types(a.type, b.type, at, out);
  const newProps = properties(a, b, at, out);
  required(a, b, at, newProps, out);
  enums(a.enum, b.enum, at, out);
  if (!same(a.const, b.const))
    out.push(
      a.const === undefined
        ? narrowed(`${at}: const ${show(b.const)} added`)
        : b.const === undefined
          ? widened(`${at}: const removed`)
          : narrowed(`${at}: const ${show(a.const)} → ${show(b.const)}`),
    );
  sub(a.additionalProperties, b.additionalProperties, `${at}/additionalProperties`, out);
  if (Array.isArray(a.items) || Array.isArray(b.items)) {
    if (!same(a.items, b.items)) out.push(undecidable(at, 'items'));
  } else sub(a.items, b.items, `${at}/items`, out);
  for (const key of ['$defs', 'definitions']) members(a[key], b[key], `${at}/${key}`, out);
  for (const key of ['anyOf', 'allOf']) branches(a[key], b[key], `${at}/${key}`, key, out);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const [va, vb] = [own(a, key), own(b, key)];
    if (HANDLED.has(key) || same(va, vb)) continue;
    if (TEXT_KEYWORDS.has(key)) out.push({ kind: 'description', detail: `${at}/${key} changed` });
    else if (LOWER_BOUNDS.has(key) || UPPER_BOUNDS.has(key)) bound(key, va, vb, at, out);
    else out.push(undecidable(at, key));
  }
}

function widened(detail: string): SchemaDelta {
  return { kind: 'schema-widened', detail };
}
function narrowed(detail: string): SchemaDelta {
  return { kind: 'schema-narrowed', detail };
}
function undecidable(at: string, what: string): SchemaDelta {
  return narrowed(`${at}: ${what} changed (cannot tell the direction; counted as narrowed)`);
}

/** A subschema where absent means "anything" (additionalProperties, items). */
function sub(before: unknown, after: unknown, at: string, out: SchemaDelta[]): void {
  if (!same(before, after)) diff(before, after, at, out);
}

function typeSet(type: unknown): string[] | undefined {
  if (type === undefined) return undefined;
  return (Array.isArray(type) ? type : [type]).map(String);
}

function types(before: unknown, after: unknown, at: string, out: SchemaDelta[]): void {
  if (same(before, after)) return;
  const a = typeSet(before);
  const b = typeSet(after);
  if (a === undefined) return void out.push(narrowed(`${at}: type ${show(after)} added`));
  if (b === undefined) return void out.push(widened(`${at}: type ${show(before)} removed`));
  // "number" accepts every integer, so integer → number widens and number → integer narrows.
  const covers = (set: string[], t: string) => set.includes(t) || (t === 'integer' && set.includes('number'));
  const lost = a.filter((t) => !covers(b, t));
  const gained = b.filter((t) => !covers(a, t));
  if (lost.length > 0) out.push(narrowed(`${at}: type ${lost.join(', ')} no longer accepted (${show(before)} → ${show(after)})`));
  if (gained.length > 0) out.push(widened(`${at}: type ${gained.join(', ')} now accepted (${show(before)} → ${show(after)})`));
  if (lost.length === 0 && gained.length === 0) out.push(undecidable(at, 'type'));
}

/** Compares `properties`; returns the names of the properties that are new. */
function properties(a: Schema, b: Schema, at: string, out: SchemaDelta[]): Set<string> {
  const pa = isObject(a.properties) ? a.properties : {};
  const pb = isObject(b.properties) ? b.properties : {};
  const requiredAfter = new Set(Array.isArray(b.required) ? b.required.map(String) : []);
  const added = new Set<string>();
  for (const name of Object.keys(pa)) if (!Object.hasOwn(pb, name)) out.push(narrowed(`${at}: property "${name}" removed`));
  for (const name of Object.keys(pb)) {
    if (Object.hasOwn(pa, name)) sub(pa[name], pb[name], `${at}/properties/${name}`, out);
    else {
      added.add(name);
      out.push(requiredAfter.has(name) ? narrowed(`${at}: required property "${name}" added`) : widened(`${at}: optional property "${name}" added`));
    }
  }
  return added;
}

function required(a: Schema, b: Schema, at: string, newProps: Set<string>, out: SchemaDelta[]): void {
  const ra = new Set(Array.isArray(a.required) ? a.required.map(String) : []);
  const rb = new Set(Array.isArray(b.required) ? b.required.map(String) : []);
  const pa = isObject(a.properties) ? a.properties : {};
  const pb = isObject(b.properties) ? b.properties : {};
  const removed = (name: string) => Object.hasOwn(pa, name) && !Object.hasOwn(pb, name);
  for (const name of rb) if (!ra.has(name) && !newProps.has(name)) out.push(narrowed(`${at}: "${name}" is now required`));
  // A required property that was removed is reported once, as removed.
  for (const name of ra) if (!rb.has(name) && !removed(name)) out.push(widened(`${at}: "${name}" is no longer required`));
}

function enums(before: unknown, after: unknown, at: string, out: SchemaDelta[]): void {
  if (same(before, after)) return;
  if (!Array.isArray(before)) return void out.push(narrowed(`${at}: enum ${show(after)} added`));
  if (!Array.isArray(after)) return void out.push(widened(`${at}: enum removed`));
  const a = new Set(before.map((v) => show(v)));
  const b = new Set(after.map((v) => show(v)));
  const lost = [...a].filter((v) => !b.has(v));
  const gained = [...b].filter((v) => !a.has(v));
  if (lost.length > 0) out.push(narrowed(`${at}: enum values removed: ${lost.join(', ')}`));
  if (gained.length > 0) out.push(widened(`${at}: enum values added: ${gained.join(', ')}`));
}

function bound(key: string, before: unknown, after: unknown, at: string, out: SchemaDelta[]): void {
  const lower = LOWER_BOUNDS.has(key);
  if (before === undefined) return void out.push(narrowed(`${at}: ${key} ${show(after)} added`));
  if (after === undefined) return void out.push(widened(`${at}: ${key} removed`));
  if (typeof before !== 'number' || typeof after !== 'number') return void out.push(undecidable(at, key));
  const tighter = lower ? after > before : after < before;
  out.push((tighter ? narrowed : widened)(`${at}: ${key} ${before} → ${after}`));
}

/** `$defs` / `definitions`: each shared definition compared; one added or removed cannot be judged alone. */
function members(before: unknown, after: unknown, at: string, out: SchemaDelta[]): void {
  if (same(before, after)) return;
  const a = isObject(before) ? before : {};
  const b = isObject(after) ? after : {};
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (Object.hasOwn(a, name) && Object.hasOwn(b, name)) sub(a[name], b[name], `${at}/${name}`, out);
    else if (!same(own(a, name), own(b, name))) out.push(undecidable(at, `definition "${name}"`));
  }
}

/** anyOf / allOf of the same length: branch by branch (each branch keeps the direction); else undecidable. */
function branches(before: unknown, after: unknown, at: string, key: string, out: SchemaDelta[]): void {
  if (same(before, after)) return;
  if (!Array.isArray(before) || !Array.isArray(after) || before.length !== after.length) return void out.push(undecidable(at, key));
  before.forEach((branch, i) => sub(branch, after[i], `${at}/${i}`, out));
}
