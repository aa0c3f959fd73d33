// A checker for OpenAI strict-mode function parameters, written from OpenAI's "Supported schemas"
// section of the Structured Outputs guide
// (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas), which applies to
// function calling with `strict: true` as well. It shares no code or list with src/ (in particular
// not OPENAI_STRICT_KEYWORDS): the types and keywords below are typed out from that page.
//   - types: string, number, integer, boolean, object, array, null (in a type list), enum, anyOf;
//   - string: pattern, format (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid);
//     number/integer: multipleOf, maximum, exclusiveMaximum, minimum, exclusiveMinimum;
//     array: minItems, maxItems; object: properties, required, additionalProperties;
//   - definitions through $defs and $ref, const, and the description/title annotations;
//   - the root is an object, not anyOf; every object has additionalProperties: false and lists
//     every property in required (optional ones are expressed as a union with null);
//   - not supported: allOf, not, if/then/else, dependentRequired, dependentSchemas,
//     patternProperties, unevaluatedProperties, propertyNames, min/maxProperties, min/maxLength,
//     uniqueItems, contains, default, ...: anything not listed;
//   - limits: at most 5,000 object properties, 10 levels of object nesting, 1,000 enum values.
// No offline OpenAI validator exists (the API is the only judge); this reading of the page is the oracle.

const KEYWORDS = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'anyOf',
  '$defs',
  '$ref',
  'pattern',
  'format',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'maxItems',
  'items',
  'properties',
  'required',
  'additionalProperties',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every way `schema` breaks OpenAI strict mode as documented; empty when the API would take it as strict. */
export function openAiStrictProblems(schema: unknown): string[] {
  const problems: string[] = [];
  let properties = 0;
  let enumValues = 0;
  if (!isNode(schema) || schema.type !== 'object') problems.push('#: the root must be an object');
  if (isNode(schema) && schema.anyOf !== undefined) problems.push('#: the root must not be anyOf');
  const visit = (node: unknown, path: string, depth: number): void => {
    if (!isNode(node)) {
      problems.push(`${path}: not a schema object`);
      return;
    }
    for (const key of Object.keys(node)) if (!KEYWORDS.has(key)) problems.push(`${path}: ${key} is not supported in strict mode`);
    const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
    for (const t of types) if (typeof t !== 'string' || !TYPES.has(t)) problems.push(`${path}: type ${JSON.stringify(t)}`);
    if (types.length === 0 && node.anyOf === undefined && node.enum === undefined && node.const === undefined && node.$ref === undefined)
      problems.push(`${path}: no type`);
    if (typeof node.format === 'string' && !FORMATS.has(node.format)) problems.push(`${path}: format ${node.format} is not supported`);
    if (Array.isArray(node.enum)) enumValues += node.enum.length;
    if (types.includes('object')) {
      if (depth > 10) problems.push(`${path}: objects nested deeper than 10 levels`);
      if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties must be false`);
      const props = isNode(node.properties) ? node.properties : {};
      properties += Object.keys(props).length;
      const required = Array.isArray(node.required) ? node.required : [];
      const missing = Object.keys(props).filter((name) => !required.includes(name));
      if (missing.length > 0) problems.push(`${path}: every property must be required (missing: ${missing.join(', ')})`);
      for (const [name, sub] of Object.entries(props)) visit(sub, `${path}/properties/${name}`, depth + 1);
    } else if (node.properties !== undefined || node.additionalProperties !== undefined) {
      problems.push(`${path}: properties on a schema that is not an object`);
    }
    if (node.items !== undefined) visit(node.items, `${path}/items`, depth);
    if (types.includes('array') && node.items === undefined) problems.push(`${path}: an array needs items`);
    if (node.anyOf !== undefined) {
      if (!Array.isArray(node.anyOf)) problems.push(`${path}: anyOf must be a list`);
      else node.anyOf.forEach((b, i) => visit(b, `${path}/anyOf/${i}`, depth));
    }
    if (isNode(node.$defs)) for (const [name, sub] of Object.entries(node.$defs)) visit(sub, `${path}/$defs/${name}`, depth);
  };
  visit(schema, '#', 1);
  if (properties > 5000) problems.push(`#: ${properties} object properties (at most 5,000)`);
  if (enumValues > 1000) problems.push(`#: ${enumValues} enum values (at most 1,000)`);
  return problems;
}
