// OpenAI strict mode (Structured Outputs for function calling): every object closed, every property
// required with optional ones made nullable, only the keywords strict mode supports. A schema that
// cannot be made strict (free-form objects, untyped values, too deep) is reported and sent non-strict.
import { pointer } from './schema-refs.js';
import { isObject, type Node } from './schema-shapes.js';
import type { SchemaNote } from './types.js';

/** Keywords OpenAI strict mode supports (platform.openai.com "Supported schemas"). */
export const OPENAI_STRICT_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'description', 'title',
  'pattern', 'format', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'minItems', 'maxItems',
]);
/** String formats strict mode accepts. */
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
/** Deepest object nesting strict mode allows. */
const MAX_STRICT_DEPTH = 10;

/** The strict form of a schema, or the reason it has none. */
export interface StrictResult {
  /** The transformed schema, when `strict` is true. */
  schema: Node;
  /** False when the schema cannot be expressed in strict mode; then send the non-strict one. */
  strict: boolean;
  notes: SchemaNote[];
}

/** Transforms an OpenAI-profile schema (refs already inlined) into strict form; never mutates `schema`. */
export function toOpenAiStrict(schema: Node): StrictResult {
  const notes: SchemaNote[] = [];
  const blockers: SchemaNote[] = [];

  const visit = (input: Node, segs: string[], depth: number): Node => {
    const path = pointer(segs);
    const node: Node = { ...input };
    if (Array.isArray(node.oneOf)) {
      node.anyOf = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...node.oneOf];
      delete node.oneOf;
      notes.push({ path, change: 'oneOf turned into anyOf (strict mode has no oneOf)' });
    }
    for (const key of Object.keys(node)) {
      if (OPENAI_STRICT_KEYWORDS.has(key)) continue;
      if (key === 'allOf' || key === 'patternProperties') blockers.push({ path, change: `${key} cannot be expressed in strict mode` });
      delete node[key];
      notes.push({ path, change: `${key} removed (not supported in strict mode)` });
    }
    if (typeof node.format === 'string' && !OPENAI_STRICT_FORMATS.has(node.format)) {
      notes.push({ path, change: `format "${node.format}" removed (not supported in strict mode)` });
      delete node.format;
    }
    if (node.type === undefined && !Array.isArray(node.anyOf) && node.enum === undefined && node.const === undefined) {
      blockers.push({ path, change: 'untyped schema cannot be expressed in strict mode' });
    }
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('object')) {
      if (depth > MAX_STRICT_DEPTH) blockers.push({ path, change: `objects nested deeper than ${MAX_STRICT_DEPTH} levels` });
      const props = isObject(node.properties) ? node.properties : {};
      if (Object.keys(props).length === 0 && node.additionalProperties !== false) blockers.push({ path, change: 'free-form object (no properties) cannot be expressed in strict mode' });
      if (node.additionalProperties !== false) {
        if (node.additionalProperties !== undefined) notes.push({ path, change: 'additionalProperties set to false (extra keys no longer accepted)' });
        node.additionalProperties = false;
      }
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      const out: Node = {};
      for (const [name, sub] of Object.entries(props)) {
        let converted = isObject(sub) ? visit(sub, [...segs, 'properties', name], depth + 1) : sub;
        if (!required.has(name) && isObject(converted)) {
          converted = nullable(converted);
          notes.push({ path: pointer([...segs, 'properties', name]), change: 'optional property made required and nullable (send null to omit it)' });
        }
        out[name] = converted;
      }
      node.properties = out;
      node.required = Object.keys(out);
    }
    if (isObject(node.items)) node.items = visit(node.items, [...segs, 'items'], depth + 1);
    if (Array.isArray(node.anyOf)) node.anyOf = node.anyOf.map((b, i) => (isObject(b) ? visit(b, [...segs, 'anyOf', String(i)], depth + 1) : b));
    return node;
  };

  const result = visit(schema, [], 1);
  if (blockers.length > 0) return { schema, strict: false, notes: [...blockers, { path: '#', change: 'strict mode not possible for this tool; sent non-strict' }] };
  return { schema: result, strict: true, notes };
}

function nullable(node: Node): Node {
  if (typeof node.type === 'string') return node.type === 'null' ? node : { ...node, type: [node.type, 'null'], ...(Array.isArray(node.enum) && !node.enum.includes(null) ? { enum: [...node.enum, null] } : {}) };
  if (Array.isArray(node.type)) return node.type.includes('null') ? node : { ...node, type: [...node.type, 'null'] };
  if (Array.isArray(node.anyOf)) return node.anyOf.some((b) => isObject(b) && b.type === 'null') ? node : { ...node, anyOf: [...node.anyOf, { type: 'null' }] };
  return { anyOf: [node, { type: 'null' }] };
}
