// A checker for Gemini function-declaration parameters, written from Google's documented Schema
// (an OpenAPI 3.0 subset: https://ai.google.dev/api/caching#Schema, and the function-calling guide
// https://ai.google.dev/gemini-api/docs/function-calling): only its fields, a type on every node
// (or anyOf), items on every array, string enums, the formats it lists per type, `required` naming
// properties that exist; plus the API behaviour the profile is built for: inside `items` a union
// may hold only scalar types, and a nested object has no empty `properties`.
// No offline Gemini validator exists (neither Google's SDK nor any package checks a declaration
// without calling the API), so this reading of the documentation is the oracle; it shares no code
// or list with src/.
// Also turns a Gemini schema back into JSON Schema so ajv can check values against it.

/**
 * The fields of Google's `Schema` object, as listed on https://ai.google.dev/api/caching#Schema
 * ("a select subset of an OpenAPI 3.0 schema object"), typed out by hand from that page and never
 * taken from src/. gemini-specs.test.ts checks this list against the `Schema` interface of Google's
 * own SDK (@google/genai), so a field added or dropped there shows up.
 */
export const GEMINI_SCHEMA_FIELDS: ReadonlySet<string> = new Set([
  'anyOf',
  'default',
  'description',
  'enum',
  'example',
  'format',
  'items',
  'maxItems',
  'maxLength',
  'maxProperties',
  'maximum',
  'minItems',
  'minLength',
  'minProperties',
  'minimum',
  'nullable',
  'pattern',
  'properties',
  'propertyOrdering',
  'required',
  'title',
  'type',
]);
const FIELDS = GEMINI_SCHEMA_FIELDS;
const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const FORMATS: Record<string, string[]> = { string: ['enum', 'date-time'], integer: ['int32', 'int64'], number: ['float', 'double'] };
const COUNTS = ['maxItems', 'minItems', 'minProperties', 'maxProperties', 'minLength', 'maxLength'];

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every way `schema` breaks the documented Gemini Schema; empty when the API would take it. */
export function geminiProblems(schema: unknown, path = '#', where: 'root' | 'items' | 'other' = 'root'): string[] {
  if (!isNode(schema)) return [`${path}: not a schema object`];
  const p: string[] = [];
  for (const key of Object.keys(schema)) if (!FIELDS.has(key)) p.push(`${path}: ${key} is not a Gemini Schema field`);
  const { type } = schema;
  if (type === undefined) {
    if (!Array.isArray(schema.anyOf) || schema.anyOf.length === 0) p.push(`${path}: type must be specified`);
  } else if (typeof type !== 'string' || !TYPES.has(type)) p.push(`${path}: type ${JSON.stringify(type)} is not a Gemini type`);
  if (where === 'root' && (type !== 'object' || !isNode(schema.properties))) p.push(`${path}: the root must be an object with properties`);
  if (schema.nullable !== undefined && typeof schema.nullable !== 'boolean') p.push(`${path}: nullable must be a boolean`);
  if (schema.enum !== undefined && (!Array.isArray(schema.enum) || !schema.enum.every((v) => typeof v === 'string') || type !== 'string'))
    p.push(`${path}: enum must be strings on a string`);
  if (schema.format !== undefined && !(FORMATS[String(type)] ?? []).includes(String(schema.format)))
    p.push(`${path}: format ${JSON.stringify(schema.format)} not accepted for ${String(type)}`);
  for (const key of COUNTS)
    if (schema[key] !== undefined && !(Number.isInteger(schema[key]) && (schema[key] as number) >= 0)) p.push(`${path}: ${key} must be a non-negative integer`);
  for (const key of ['minimum', 'maximum']) if (schema[key] !== undefined && typeof schema[key] !== 'number') p.push(`${path}: ${key} must be a number`);
  for (const key of ['description', 'title', 'pattern'])
    if (schema[key] !== undefined && typeof schema[key] !== 'string') p.push(`${path}: ${key} must be a string`);
  if (schema.propertyOrdering !== undefined && !(Array.isArray(schema.propertyOrdering) && schema.propertyOrdering.every((v) => typeof v === 'string')))
    p.push(`${path}: propertyOrdering must be strings`);
  if (schema.properties !== undefined) {
    if (!isNode(schema.properties)) p.push(`${path}: properties must be an object`);
    else {
      if (type !== 'object') p.push(`${path}: properties on a non-object`);
      if (where !== 'root' && Object.keys(schema.properties).length === 0) p.push(`${path}: empty properties on a nested object`);
      for (const [name, sub] of Object.entries(schema.properties)) p.push(...geminiProblems(sub, `${path}/properties/${name}`, 'other'));
    }
  }
  if (schema.required !== undefined) {
    const props = isNode(schema.properties) ? schema.properties : {};
    if (!Array.isArray(schema.required) || !schema.required.every((n) => typeof n === 'string' && Object.prototype.hasOwnProperty.call(props, n)))
      p.push(`${path}: required names a property that does not exist`);
  }
  if (type === 'array' && !isNode(schema.items)) p.push(`${path}: an array needs items`);
  if (schema.items !== undefined) p.push(...geminiProblems(schema.items, `${path}/items`, 'items'));
  if (schema.anyOf !== undefined) {
    if (!Array.isArray(schema.anyOf)) p.push(`${path}: anyOf must be a list`);
    else {
      if (where === 'items' && !schema.anyOf.every((b) => isNode(b) && typeof b.type === 'string' && SCALARS.has(b.type) && b.anyOf === undefined))
        p.push(`${path}: anyOf in items must be a union of scalar types`);
      schema.anyOf.forEach((b, i) => p.push(...geminiProblems(b, `${path}/anyOf/${i}`, 'other')));
    }
  }
  return p;
}

/** The JSON Schema meaning of a Gemini schema (nullable → a null branch), for validating values with ajv. */
export function geminiAsJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiAsJsonSchema);
  if (!isNode(schema)) return schema;
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'example' || key === 'propertyOrdering' || key === 'format') continue;
    Object.defineProperty(out, key, {
      value:
        key === 'properties' && isNode(value)
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, geminiAsJsonSchema(v)]))
          : key === 'enum' || key === 'default' || key === 'required'
            ? value
            : geminiAsJsonSchema(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return schema.nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}
