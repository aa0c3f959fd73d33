// Provider profiles: an MCP inputSchema rewritten into what OpenAI, Anthropic or Gemini accept, with
// a note for everything dropped or changed. The original schema is never modified.
import type { JsonSchema } from '../../protocol/index.js';
import { capNotes, child, inlineRefs, keepLocalRefs } from './schema-refs.js';
import { allObjects, isArrayType, isObject, setOwn, mergeObjects, nullableUnion, objectRoot, untuple, type Node } from './schema-shapes.js';
import type { LlmProvider, SchemaNote } from './types.js';
import { anyValue, geminiSubset, itemsUnion, untyped } from './gemini-profile.js';

export { GEMINI_KEYWORDS } from './gemini-profile.js';

/** A provider-ready parameter schema and what the conversion did. */
export interface ConvertedSchema {
  schema: JsonSchema;
  notes: SchemaNote[];
}

/** Keywords that identify or annotate a schema document; no provider needs them. */
const DOCUMENT_KEYWORDS = ['$schema', '$id', '$anchor', '$dynamicAnchor', '$dynamicRef', '$vocabulary', '$comment'];

/** Child positions holding one schema, an array of schemas, or a name → schema map. */
const ONE = ['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];
const MANY = ['anyOf', 'oneOf', 'allOf'];
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

/**
 * Converts `input` for `provider`. Common to all: local `$ref`s inlined (cycles cut, remote refs
 * not followed), `$schema`/`$id`/`$defs` dropped, the root made `{type: "object", properties}`,
 * tuples turned into one `items`, and every array given `items`. OpenAI: `anyOf [X, null]` becomes
 * `type: [X, "null"]`. Gemini: its documented keyword subset, `nullable: true` for null unions,
 * `anyOf` inside `items` only of scalar types, `oneOf` → `anyOf`, `allOf` merged, `const` → `enum`,
 * enums only on strings, only the formats it accepts, exclusive bounds exact on integers and stated
 * in the description otherwise.
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
    notes.push({
      path,
      change: inItems
        ? 'untyped array element given the scalar types (Gemini requires a type, and a union inside items may hold only scalars)'
        : 'untyped schema given every type Gemini has (it requires a type; arrays of untyped values are limited to scalars)',
    });
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
