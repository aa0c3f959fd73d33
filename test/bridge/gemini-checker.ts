// A checker for Gemini function-declaration parameters, written from Google's documented Schema
// (an OpenAPI 3.0 subset: ai.google.dev/api/caching#Schema): only its fields, a type on every
// node (or anyOf), items on every array, string enums, the formats it lists per type, `required`
// naming properties that exist; plus the rules the Gemini profile keeps for the API's behaviour
// (no union of objects or nested arrays directly in items, no empty nested `properties`).
// Also turns a Gemini schema back into JSON Schema so ajv can check values against it.

const FIELDS = new Set([
  'type',
  'format',
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
  'title',
]);
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
      if (where === 'items') {
        if (schema.anyOf.some((b) => isNode(b) && (b.type === 'array' || Array.isArray(b.anyOf))))
          p.push(`${path}: anyOf in items with a nested array or union`);
        if (schema.anyOf.length > 1 && schema.anyOf.every((b) => isNode(b) && b.type === 'object')) p.push(`${path}: a union of objects in items`);
      }
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
