// A tool's arguments from the command line, as the Inspector CLI and mcpc take them: one JSON
// object, `-` for JSON on stdin, or words. `key:=JSON` is always JSON; `key=value` is text that
// becomes what the tool's input schema asks for at that key (a shell has only strings, and
// `a=2` for a number property is what everyone types). A string property keeps the text exactly.
import type { JsonSchema } from '../../protocol/index.js';
import { resolveLocalRef } from '../bridge/schema-refs.js';
import { UsageError, type CliIo } from './io.js';

/** One `key=value` or `key:=JSON` word, before the schema is known. */
export interface ArgumentWord {
  key: string;
  raw: string;
  /** `key:=JSON`: already parsed. */
  json: boolean;
  value?: unknown;
}

/** What the command line gave: a whole object, or words to convert once the schema is known. */
export type RawArguments = { object: Record<string, unknown> } | { words: ArgumentWord[] };

/** Reads the words after TOOL. @throws UsageError */
export async function readArguments(words: string[], io: CliIo): Promise<RawArguments> {
  if (words.length === 0) return { object: {} };
  if (words.length === 1 && words[0] === '-') {
    if (!io.readStdin) throw new UsageError('- reads the arguments from stdin, which this run has none of');
    return { object: parseArgsJson(await io.readStdin()) };
  }
  if (words.length === 1 && words[0]!.trimStart().startsWith('{')) return { object: parseArgsJson(words[0]) };
  const out: ArgumentWord[] = [];
  for (const word of words) {
    const typed = /^([^=:]+):=(.*)$/s.exec(word);
    const plain = typed ? undefined : /^([^=]+)=(.*)$/s.exec(word);
    const [, key, raw] = typed ?? plain ?? [];
    if (key === undefined || raw === undefined) throw new UsageError(`"${word.slice(0, 40)}" is not key=value, key:=JSON or one JSON object`);
    if (!typed) {
      out.push({ key, raw, json: false });
      continue;
    }
    try {
      out.push({ key, raw, json: true, value: JSON.parse(raw) });
    } catch (error) {
      throw new UsageError(`${key}:= needs JSON after it (${(error as Error).message}); for a string write ${key}=...`);
    }
  }
  return { words: out };
}

/** The arguments object: words converted by the input schema's property types. @throws UsageError */
export function toArguments(raw: RawArguments, schema: JsonSchema | undefined): Record<string, unknown> {
  if ('object' in raw) return raw.object;
  const out: Record<string, unknown> = {};
  for (const word of raw.words) {
    const property = propertySchema(schema, word.key);
    const value = word.json ? word.value : coerce(word.key, word.raw, property, schema);
    Object.defineProperty(out, word.key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema of property `key`: from `properties`, else from the first root allOf/anyOf/oneOf branch that declares it. */
function propertySchema(schema: JsonSchema | undefined, key: string): unknown {
  if (!schema) return undefined;
  if (isNode(schema.properties) && Object.hasOwn(schema.properties, key)) return schema.properties[key];
  for (const combinator of ['allOf', 'anyOf', 'oneOf']) {
    const branches = schema[combinator];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const node = isNode(branch) && typeof branch.$ref === 'string' ? resolveLocalRef(schema, branch.$ref) : branch;
      if (isNode(node) && isNode(node.properties) && Object.hasOwn(node.properties, key)) return node.properties[key];
    }
  }
  return undefined;
}

/** The JSON types a schema admits (from type, enum, const, and the branches of anyOf/oneOf); empty when it says nothing. */
export function admittedTypes(schema: unknown, root: unknown, depth = 0): Set<string> {
  const types = new Set<string>();
  if (!isNode(schema) || depth > 16) return types;
  if (typeof schema.$ref === 'string') return admittedTypes(resolveLocalRef(root, schema.$ref), root, depth + 1);
  const add = (t: unknown) => {
    if (typeof t === 'string') types.add(t);
  };
  if (Array.isArray(schema.type)) schema.type.forEach(add);
  else add(schema.type);
  if (types.size === 0) {
    const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : [];
    for (const v of values) types.add(v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
    for (const key of ['anyOf', 'oneOf']) {
      const branches = schema[key];
      if (Array.isArray(branches)) for (const b of branches) for (const t of admittedTypes(b, root, depth + 1)) types.add(t);
    }
    if (types.size === 0 && isNode(schema.properties)) types.add('object');
    if (types.size === 0 && schema.items !== undefined) types.add('array');
  }
  return types;
}

// Tried in this order for a union: the literals that cannot be meant as text first, text last.
const NUMERIC = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function coerce(key: string, text: string, property: unknown, root: unknown): unknown {
  const types = admittedTypes(property, root);
  // Unknown key or an untyped property: the text, as before (the schema check will say more).
  if (types.size === 0) return text;
  // An enum that lists the very text keeps it as text, even in a union with numbers.
  if (isNode(property) && Array.isArray(property.enum) && property.enum.includes(text)) return text;
  // Text where text is the only choice; a string property never changes what was typed.
  if (types.has('string') && types.size === 1) return text;
  if (text === 'null' && types.has('null')) return null;
  if ((text === 'true' || text === 'false') && types.has('boolean')) return text === 'true';
  if (NUMERIC.test(text) && (types.has('number') || types.has('integer'))) return Number(text);
  const wantsJson = types.has('object') || types.has('array');
  if (wantsJson && /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch (error) {
      if (!types.has('string')) throw new UsageError(`${key}= must be JSON here (${describe(types)}): ${(error as Error).message}`);
    }
  }
  if (types.has('string')) return text;
  if (wantsJson && !types.has('number') && !types.has('integer') && !types.has('boolean'))
    throw new UsageError(`${key}= must be JSON here (${describe(types)}), e.g. ${key}='${types.has('array') ? '["a"]' : '{"k": "v"}'}'`);
  // Nothing fits: pass the text on and let the schema check name what was expected.
  return text;
}

function describe(types: Set<string>): string {
  return [...types].join(' | ');
}

/** Parses the ARGS_JSON positional; it must be a JSON object. @throws UsageError */
export function parseArgsJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`ARGS_JSON is not valid JSON (${(error as Error).message}); pass an object, e.g. '{"path": "README.md"}'`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError('ARGS_JSON must be a JSON object, e.g. \'{"path": "README.md"}\'');
  return value as Record<string, unknown>;
}
