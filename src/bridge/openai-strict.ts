// OpenAI strict mode (Structured Outputs for function calling): every object closed, every property
// required with optional ones made nullable, only the keywords strict mode supports. A schema that
// cannot be made strict (free-form objects, untyped values, too deep) is reported and sent non-strict.
import type { JsonSchema } from '../../protocol/index.js';
import { clonePlain } from '../util/clone-plain.js';
import { toProviderSchema } from './schema-profiles.js';
import { capNotes, child } from './schema-refs.js';
import { hasOwn, isObject, setOwn, type Node } from './schema-shapes.js';
import type { SchemaNote } from './types.js';

/** Keywords OpenAI strict mode supports (platform.openai.com "Supported schemas"). */
export const OPENAI_STRICT_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'description',
  'title',
  'pattern',
  'format',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'maxItems',
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
  /**
   * Where optional properties were made nullable: property names from the root, `[]` for "every
   * array element". The model sends `null` there to mean "absent"; {@link stripStrictNulls} undoes it.
   */
  nullablePaths: string[][];
}

/** Transforms an OpenAI-profile schema (refs already inlined) into strict form; never mutates `schema`. */
export function toOpenAiStrict(schema: Node): StrictResult {
  const notes: SchemaNote[] = [];
  const blockers: SchemaNote[] = [];
  const nullablePaths: string[][] = [];

  // `at` tracks the argument path (property names and `[]`), or undefined inside anyOf branches.
  const visit = (input: Node, path: string, depth: number, at: string[] | undefined): Node => {
    const node: Node = { ...input };
    if (Array.isArray(node.oneOf)) {
      node.anyOf = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...node.oneOf];
      delete node.oneOf;
      notes.push({ path, change: 'oneOf turned into anyOf (strict mode has no oneOf)' });
    }
    for (const key of Object.keys(node)) {
      if (OPENAI_STRICT_KEYWORDS.has(key)) continue;
      if (key === 'allOf' || key === 'patternProperties') blockers.push({ path, change: `${key} cannot be expressed in strict mode` });
      // Nulls sent for optional properties behind a $ref could not be told from real ones and undone.
      if (key === '$defs' || key === 'definitions' || key === '$ref') blockers.push({ path, change: 'a recursive schema ($ref) is sent non-strict' });
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
      // An empty root means "no arguments"; an empty nested object means "any keys", which strict cannot say.
      if (depth > 1 && Object.keys(props).length === 0 && node.additionalProperties !== false)
        blockers.push({ path, change: 'free-form object (no properties) cannot be expressed in strict mode' });
      if (node.additionalProperties !== false) {
        if (node.additionalProperties !== undefined) notes.push({ path, change: 'additionalProperties set to false (extra keys no longer accepted)' });
        node.additionalProperties = false;
      }
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      const out: Node = {};
      for (const [name, sub] of Object.entries(props)) {
        const subAt = at ? [...at, name] : undefined;
        let converted = isObject(sub) ? visit(sub, child(path, 'properties', name), depth + 1, subAt) : sub;
        if (!required.has(name) && isObject(converted)) {
          const before = converted;
          converted = nullable(converted);
          // Already nullable in the original: a null there is the model's real answer, not "absent".
          if (subAt && converted !== before) nullablePaths.push(subAt);
          notes.push({ path: child(path, 'properties', name), change: 'optional property made required and nullable (send null to omit it)' });
        }
        setOwn(out, name, converted);
      }
      node.properties = out;
      node.required = Object.keys(out);
    }
    if (isObject(node.items)) node.items = visit(node.items, child(path, 'items'), depth + 1, at ? [...at, '[]'] : undefined);
    if (Array.isArray(node.anyOf)) node.anyOf = node.anyOf.map((b, i) => (isObject(b) ? visit(b, child(path, 'anyOf', String(i)), depth + 1, undefined) : b));
    return node;
  };

  const result = visit(schema, '#', 1, []);
  if (blockers.length > 0)
    return {
      schema,
      strict: false,
      notes: capNotes([...blockers, { path: '#', change: 'strict mode not possible for this tool; sent non-strict' }]),
      nullablePaths: [],
    };
  return { schema: result, strict: true, notes: capNotes(notes), nullablePaths };
}

/**
 * Returns a copy of `args` without the `null`s a strict-mode model sent for optional properties
 * (at `paths` from {@link toOpenAiStrict}), so they validate against the original schema.
 */
export function stripStrictNulls(args: Record<string, unknown>, paths: readonly string[][]): Record<string, unknown> {
  if (paths.length === 0) return args;
  const copy = clonePlain(args);
  const strip = (value: unknown, path: readonly string[]): void => {
    const [head, ...rest] = path;
    if (head === undefined) return;
    if (head === '[]') {
      if (Array.isArray(value)) for (const item of value) strip(item, rest);
      return;
    }
    if (!isObject(value) || !hasOwn(value, head)) return;
    if (rest.length === 0) {
      if (value[head] === null) delete value[head];
      return;
    }
    strip(value[head], rest);
  };
  for (const path of paths) strip(copy, path);
  return copy;
}

/**
 * Where a strict-mode model sends `null` to mean "absent" for this input schema (the
 * `nullablePaths` of its strict OpenAI form; none when it cannot be made strict). A function of
 * the schema alone, so a registry can undo those nulls whether or not it made the specs.
 */
export function strictNullPaths(inputSchema: JsonSchema): string[][] {
  const strict = toOpenAiStrict(toProviderSchema(inputSchema, 'openai').schema as Node);
  return strict.strict ? strict.nullablePaths : [];
}

function nullable(node: Node): Node {
  if (typeof node.type === 'string')
    return node.type === 'null'
      ? node
      : { ...node, type: [node.type, 'null'], ...(Array.isArray(node.enum) && !node.enum.includes(null) ? { enum: [...node.enum, null] } : {}) };
  if (Array.isArray(node.type)) return node.type.includes('null') ? node : { ...node, type: [...node.type, 'null'] };
  if (Array.isArray(node.anyOf)) return node.anyOf.some((b) => isObject(b) && b.type === 'null') ? node : { ...node, anyOf: [...node.anyOf, { type: 'null' }] };
  return { anyOf: [node, { type: 'null' }] };
}
