// Provider profiles: an MCP inputSchema rewritten into what OpenAI, Anthropic or Gemini accept, with
// a note for everything dropped or changed. The original schema is never modified.
import type { JsonSchema } from '../../protocol/index.js';
import { capNotes, child, inlineRefs, keepLocalRefs } from './schema-refs.js';
import { allObjects, hasOwn, isArrayType, isObject, setOwn, mergeObjects, nullableUnion, objectRoot, untuple, type Node } from './schema-shapes.js';
import type { LlmProvider, SchemaNote } from './types.js';

/** A provider-ready parameter schema and what the conversion did. */
export interface ConvertedSchema {
  schema: JsonSchema;
  notes: SchemaNote[];
}

/** Keywords that identify or annotate a schema document; no provider needs them. */
const DOCUMENT_KEYWORDS = ['$schema', '$id', '$anchor', '$dynamicAnchor', '$dynamicRef', '$vocabulary', '$comment'];

/**
 * The documented Gemini `Schema` fields (an OpenAPI 3.0 subset, ai.google.dev function calling and
 * the `Schema` reference). Anything else is dropped with a note.
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

/** Child positions holding one schema, an array of schemas, or a name → schema map. */
const ONE = ['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];
const MANY = ['anyOf', 'oneOf', 'allOf'];
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

/**
 * Converts `input` for `provider`. Common to all: local `$ref`s inlined (cycles cut, remote refs
 * not followed), `$schema`/`$id`/`$defs` dropped, the root made `{type: "object", properties}`,
 * tuples turned into one `items`, and every array given `items`. OpenAI: `anyOf [X, null]` becomes
 * `type: [X, "null"]`. Gemini: its documented keyword subset, `nullable: true` for null unions, no
 * `anyOf` directly inside `items`, `oneOf` → `anyOf`, `allOf` merged, `const` → `enum`, enums only
 * on strings, only the formats it accepts.
 */
export function toProviderSchema(input: JsonSchema, provider: LlmProvider): ConvertedSchema {
  const notes: SchemaNote[] = [];
  let inlined = inlineRefs(input, notes) as Node;
  // OpenAI and Anthropic take $defs/$ref: a recursive schema keeps its recursion there instead of
  // being cut after one level (issue 11 item 14). Gemini has no $ref, so it keeps the cut copy.
  if (provider !== 'gemini' && notes.some((n) => n.change.startsWith('recursive $ref'))) {
    notes.length = 0;
    inlined = keepLocalRefs(input, notes) as Node;
  }
  const walked = walk(inlined, '#', false, provider, notes);
  const schema = objectRoot(walked, notes) as JsonSchema;
  return { schema, notes: capNotes(notes) };
}

function walk(input: Node, path: string, inItems: boolean, provider: LlmProvider, notes: SchemaNote[]): Node {
  let node: Node = { ...input };
  for (const key of DOCUMENT_KEYWORDS) {
    if (key in node) {
      delete node[key];
      notes.push({ path, change: `${key} removed` });
    }
  }
  node = reshape(node, path, inItems, provider, notes);
  untuple(node, path, notes);

  for (const key of MAPS) {
    if (!isObject(node[key])) continue;
    const map: Node = {};
    for (const [name, sub] of Object.entries(node[key] as Node))
      setOwn(map, name, isObject(sub) ? walk(sub, child(path, key, name), false, provider, notes) : sub);
    node[key] = map;
  }
  if (isObject(node.items)) node.items = walk(node.items, child(path, 'items'), true, provider, notes);
  for (const key of ONE) if (isObject(node[key])) node[key] = walk(node[key] as Node, child(path, key), false, provider, notes);
  for (const key of MANY) {
    const list = node[key];
    if (Array.isArray(list)) node[key] = list.map((b, i) => (isObject(b) ? walk(b, child(path, key, String(i)), false, provider, notes) : b));
  }

  if (isArrayType(node) && node.items === undefined) {
    node.items = provider === 'gemini' ? { type: 'string' } : {};
    notes.push({ path, change: `array without items given items ${JSON.stringify(node.items)}` });
  }
  if (provider === 'gemini') geminiSubset(node, path, path === '#', notes);
  if (provider === 'gemini' && path !== '#' && untyped(node)) {
    Object.assign(node, anyValue(inItems));
    notes.push({ path, change: 'untyped schema given every type Gemini has (it requires a type; nested arrays are limited to scalars and objects)' });
  }
  return node;
}

/** Union and type-list rewrites, done before the children are visited so the result is walked too. */
function reshape(node: Node, path: string, inItems: boolean, provider: LlmProvider, notes: SchemaNote[]): Node {
  const union = provider === 'anthropic' ? undefined : nullableUnion(node);
  if (union) {
    const { inner, rest, key } = union;
    if (provider === 'gemini') {
      node = { ...inner, ...rest, nullable: true };
      notes.push({ path, change: `${key} [X, null] turned into X with nullable: true` });
    } else if (typeof inner.type === 'string' || Array.isArray(inner.type)) {
      const types = Array.isArray(inner.type) ? inner.type : [inner.type];
      node = { ...inner, ...rest, type: [...types.filter((t) => t !== 'null'), 'null'] };
      notes.push({ path, change: `${key} [X, null] turned into type [${(node.type as string[]).join(', ')}]` });
    }
  }
  if (provider !== 'gemini') return node;

  if (Array.isArray(node.type)) {
    const types = node.type.filter((t): t is string => typeof t === 'string');
    const nonNull = types.filter((t) => t !== 'null');
    if (types.includes('null') && nonNull.length > 0) node.nullable = true;
    if (nonNull.length <= 1) node.type = nonNull[0] ?? 'null';
    else {
      delete node.type;
      node.anyOf = nonNull.map((type) => ({ type }));
    }
    notes.push({
      path,
      change: `type list [${types.join(', ')}] turned into ${nonNull.length <= 1 ? `type ${String(node.type)}` : 'anyOf of types'}${node.nullable ? ' with nullable: true' : ''}`,
    });
  }
  if (Array.isArray(node.oneOf)) {
    node.anyOf = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...node.oneOf];
    delete node.oneOf;
    notes.push({ path, change: 'oneOf turned into anyOf (Gemini has no oneOf)' });
  }
  if (Array.isArray(node.allOf)) {
    const branches = node.allOf;
    delete node.allOf;
    if (allObjects(branches)) {
      const merged = mergeObjects([node, ...branches].filter(isObject), 'union');
      node = { ...node, ...merged };
      notes.push({ path, change: 'allOf of objects merged into one object' });
    } else {
      node = { ...(isObject(branches[0]) ? branches[0] : {}), ...node };
      notes.push({ path, change: 'allOf reduced to its first schema (Gemini has no allOf)' });
    }
  }
  if (inItems && Array.isArray(node.anyOf)) node = itemsUnion(node, path, notes);
  return node;
}

/**
 * Gemini takes `anyOf` inside `items` only as a union of scalar types: a union of objects is merged
 * into one object, and array branches (nested arrays) are dropped. Nested unions are flattened
 * first, so a first branch that is itself a union (the Notion server's block children) is seen.
 */
function itemsUnion(node: Node, path: string, notes: SchemaNote[]): Node {
  const { anyOf, ...rest } = node;
  const all = flatUnion(anyOf as unknown[]);
  const flat = all.filter((b) => b.type !== 'null');
  if (flat.length < all.length) rest.nullable = true;
  const isObjectSchema = (b: Node) => allObjects([b as unknown]);
  if (flat.every(isObjectSchema) && flat.length > 0) {
    notes.push({ path, change: 'anyOf inside items merged into one object (Gemini rejects anyOf in items)' });
    return { ...rest, ...mergeObjects(flat, 'intersection') };
  }
  const kept = flat.filter((b) => !isArrayType(b) && !isObjectSchema(b));
  const objects = flat.filter(isObjectSchema);
  if (objects.length > 0) kept.push(objects.length === 1 ? objects[0]! : mergeObjects(objects, 'intersection'));
  if (kept.length === flat.length && objects.length <= 1) return { ...rest, anyOf: kept };
  if (kept.length === 0) {
    notes.push({ path, change: 'anyOf inside items reduced to its first alternative (Gemini rejects nested arrays in a union in items)' });
    return { ...(flat[0] ?? {}), ...rest };
  }
  notes.push({ path, change: 'anyOf inside items kept for its scalar types, objects merged, nested arrays dropped (Gemini rejects those in items)' });
  return kept.length === 1 ? { ...kept[0], ...rest } : { ...rest, anyOf: kept };
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
function anyValue(inItems: boolean): Node {
  const scalars: Node[] = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'object' }];
  return { anyOf: inItems ? scalars : [...scalars, { type: 'array', items: { anyOf: scalars, nullable: true } }], nullable: true };
}

/** Keeps to the documented Gemini keywords, after turning what can be kept into its form. */
function geminiSubset(node: Node, path: string, isRoot: boolean, notes: SchemaNote[]): void {
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
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof node[exclusive] === 'number' && node[inclusive] === undefined) {
      node[inclusive] = node[exclusive];
      notes.push({ path, change: `${exclusive} turned into ${inclusive} (the bound is now inclusive)` });
      delete node[exclusive];
    }
  }
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

/** A schema with no type that says nothing else about its value's type either. */
function untyped(node: Node): boolean {
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
