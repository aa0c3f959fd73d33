// The Gemini half of the provider profiles: Google's documented schema subset for function
// declarations (https://ai.google.dev/api/caching#Schema), and the rewrites that keep to it. The
// profile walk in schema-profiles.ts calls these on every node.
import { allObjects, hasOwn, isObject, mergeObjects, type Node } from './schema-shapes.js';
import type { SchemaNote } from './types.js';

/**
 * The documented Gemini `Schema` fields: "a select subset of an OpenAPI 3.0 schema object", listed at
 * https://ai.google.dev/api/caching#Schema and used for function declarations' parameters
 * (https://ai.google.dev/gemini-api/docs/function-calling). Anything else is dropped with a note.
 */
export const GEMINI_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

/** Formats Gemini accepts, per type; others are rejected by the API and so dropped. */
const GEMINI_FORMATS: Record<string, string[]> = { string: ['enum', 'date-time'], integer: ['int32', 'int64'], number: ['float', 'double'] };

/**
 * Gemini takes `anyOf` inside `items` only as a union of scalar types. When scalars and objects are
 * mixed, the first alternative decides which kind stays, as servers list the intended form first
 * and a JSON-string or free-form object as the fallback (the Notion server: block children, rich
 * text and sorts are objects with a string fallback; `filter_properties` is strings with an object
 * one): the objects (merged into one when there are several) or the scalar types. Nested arrays are
 * always dropped. Nested unions are flattened first, so a first branch that is itself a union is
 * seen. Every drop is noted.
 */
export function itemsUnion(node: Node, path: string, notes: SchemaNote[]): Node {
  const { anyOf, ...rest } = node;
  // A branch with a type list (`["string", "null"]`) is one branch per type.
  const all = flatUnion(anyOf as unknown[]).flatMap((b) => (Array.isArray(b.type) ? b.type.map((type) => ({ ...b, type })) : [b]));
  const flat = all.filter((b) => b.type !== 'null');
  if (flat.length < all.length) rest.nullable = true;
  const objects = flat.filter((b) => allObjects([b as unknown]));
  const scalars = distinct(flat.filter(isScalarSchema));
  const others = flat.length - objects.length - flat.filter(isScalarSchema).length;
  const objectsFirst = flat.length > 0 && allObjects([flat[0] as unknown]);
  if (objects.length > 0 && (objectsFirst || scalars.length === 0)) {
    const dropped = [...(scalars.length > 0 ? [`scalar (${scalars.map((b) => String(b.type)).join(', ')})`] : []), ...(others > 0 ? ['array or untyped'] : [])];
    const merged = objects.length > 1;
    notes.push({
      path,
      change: `anyOf inside items ${merged ? 'merged into one object' : 'reduced to its object alternative'}${dropped.length > 0 ? `, its ${dropped.join(' and ')} alternatives dropped` : ''} (Gemini takes anyOf in items only as a union of scalar types)`,
    });
    return merged ? { ...rest, ...mergeObjects(objects, 'intersection') } : { ...objects[0], ...rest };
  }
  if (scalars.length > 0) {
    const dropped = [...(objects.length > 0 ? ['object'] : []), ...(others > 0 ? ['array or untyped'] : [])];
    if (dropped.length > 0)
      notes.push({
        path,
        change: `anyOf inside items kept for its scalar types, its ${dropped.join(' and ')} alternatives dropped (Gemini takes anyOf in items only as a union of scalar types)`,
      });
    return scalars.length === 1 ? { ...scalars[0], ...rest } : { ...rest, anyOf: scalars };
  }
  notes.push({ path, change: 'anyOf inside items reduced to its first alternative (Gemini rejects nested arrays in a union in items)' });
  return { ...(flat[0] ?? {}), ...rest };
}

const SCALAR_TYPES = ['string', 'number', 'integer', 'boolean'];

/** A branch Gemini may hold in a union inside items: one scalar type, no union of its own. */
function isScalarSchema(b: Node): boolean {
  if (Array.isArray(b.anyOf) || Array.isArray(b.oneOf) || Array.isArray(b.allOf)) return false;
  if (typeof b.type === 'string') return SCALAR_TYPES.includes(b.type);
  // An untyped `const`/`enum` of strings becomes a string enum (geminiSubset).
  const values = 'const' in b ? [b.const] : Array.isArray(b.enum) ? b.enum : undefined;
  return values !== undefined && b.type === undefined && values.every((v) => typeof v === 'string');
}

function distinct(branches: Node[]): Node[] {
  return [...new Map(branches.map((b) => [JSON.stringify(b), b])).values()];
}

/** The branches of a union with nested `anyOf`/`oneOf` unions spread in (their siblings kept on each branch). */
function flatUnion(branches: unknown[], depth = 0): Node[] {
  const out: Node[] = [];
  for (const b of branches) {
    if (!isObject(b)) continue;
    const inner = Array.isArray(b.anyOf) ? b.anyOf : Array.isArray(b.oneOf) ? b.oneOf : undefined;
    if (!inner || depth > 8) {
      out.push(b);
      continue;
    }
    const { anyOf: _a, oneOf: _o, ...siblings } = b;
    out.push(...flatUnion(inner, depth + 1).map((x) => ({ ...siblings, ...x })));
  }
  return out;
}

/**
 * What an untyped schema (`{}`, zod `z.any()`, Python `Any`) becomes for Gemini, which requires a
 * type everywhere: any of its types, arrays of scalars and objects, and null.
 */
export function anyValue(inItems: boolean): Node {
  const scalars: Node[] = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }];
  // Inside items a union may hold only scalar types, so an untyped element cannot be an object there.
  return { anyOf: inItems ? scalars : [...scalars, { type: 'object' }, { type: 'array', items: { anyOf: scalars, nullable: true } }], nullable: true };
}

/** Keeps to the documented Gemini keywords, after turning what can be kept into its form. */
export function geminiSubset(node: Node, path: string, isRoot: boolean, notes: SchemaNote[]): void {
  if ('const' in node) {
    if (typeof node.const === 'string' && node.enum === undefined) {
      node.enum = [node.const];
      if (node.type === undefined) node.type = 'string';
      notes.push({ path, change: 'const turned into a one-value enum' });
    } else {
      appendDescription(node, `Must be ${JSON.stringify(node.const)}.`);
      notes.push({ path, change: 'const removed (Gemini accepts only string enums); stated in the description' });
    }
    delete node.const;
  }
  if (Array.isArray(node.enum)) {
    const strings = node.enum.every((v) => typeof v === 'string');
    if (strings && (node.type === undefined || node.type === 'string')) node.type = 'string';
    else {
      appendDescription(node, `Allowed values: ${node.enum.map((v) => JSON.stringify(v)).join(', ')}.`);
      delete node.enum;
      notes.push({ path, change: 'enum removed (Gemini accepts enums on strings only); values stated in the description' });
    }
  }
  if (typeof node.format === 'string' && !(GEMINI_FORMATS[String(node.type)] ?? []).includes(node.format)) {
    notes.push({ path, change: `format "${node.format}" removed (not accepted by Gemini for type ${String(node.type ?? 'untyped')})` });
    delete node.format;
  }
  exclusiveBounds(node, path, notes);
  if (isObject(node.properties) && Array.isArray(node.required)) {
    const props = node.properties;
    const kept = node.required.filter((name) => typeof name === 'string' && hasOwn(props, name));
    if (kept.length !== node.required.length) notes.push({ path, change: 'required names without a property removed' });
    if (kept.length > 0) node.required = kept;
    else delete node.required;
  }
  if (!isRoot && isObject(node.properties) && Object.keys(node.properties).length === 0) {
    delete node.properties;
    notes.push({ path, change: 'empty properties removed (Gemini rejects an OBJECT with empty properties)' });
  }
  for (const key of Object.keys(node)) {
    if (GEMINI_KEYWORDS.has(key)) continue;
    delete node[key];
    notes.push({ path, change: `${key} removed (not in Gemini's schema subset)` });
  }
}

/**
 * Gemini has no exclusive bounds. On an integer `exclusiveMinimum: n` is exactly `minimum: floor(n) + 1`
 * (and the maximum likewise); on a number no inclusive bound says "greater than", so the bound is
 * stated in the description and an inclusive one kept only when the schema also has it. The
 * draft-04 / OpenAPI 3.0 boolean form (`exclusiveMinimum: true` beside `minimum`) is read the same way.
 */
function exclusiveBounds(node: Node, path: string, notes: SchemaNote[]): void {
  for (const [exclusive, inclusive, above] of [
    ['exclusiveMinimum', 'minimum', true],
    ['exclusiveMaximum', 'maximum', false],
  ] as const) {
    const flag = node[exclusive];
    const bound = typeof flag === 'number' ? flag : flag === true && typeof node[inclusive] === 'number' ? (node[inclusive] as number) : undefined;
    if (!(exclusive in node)) continue;
    delete node[exclusive];
    if (bound === undefined) continue;
    if (flag === true) delete node[inclusive];
    const current = node[inclusive];
    // An inclusive bound already stricter than the exclusive one says it all.
    if (typeof current === 'number' && (above ? current > bound : current < bound)) continue;
    if (node.type === 'integer') {
      node[inclusive] = above ? Math.floor(bound) + 1 : Math.ceil(bound) - 1;
      notes.push({ path, change: `${exclusive} ${bound} turned into ${inclusive} ${String(node[inclusive])} (the same integers)` });
    } else {
      appendDescription(node, `Must be ${above ? 'greater' : 'less'} than ${bound}.`);
      notes.push({ path, change: `${exclusive} ${bound} removed (Gemini has no exclusive bound); stated in the description` });
    }
  }
}

/** A schema with no type that says nothing else about its value's type either. */
export function untyped(node: Node): boolean {
  if (node.type !== undefined || Array.isArray(node.anyOf)) return false;
  if (isObject(node.properties)) {
    node.type = 'object';
    return false;
  }
  if (node.items !== undefined) {
    node.type = 'array';
    return false;
  }
  return true;
}

function appendDescription(node: Node, sentence: string): void {
  node.description = typeof node.description === 'string' && node.description.length > 0 ? `${node.description} ${sentence}` : sentence;
}
