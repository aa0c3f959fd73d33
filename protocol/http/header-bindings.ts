// HTTP-10, HTTP-11: tools' `x-mcp-header` annotations checked and mirrored into `Mcp-Param-*`
// headers. Apart from param-headers.ts (the headers of every modern request): only a client calling
// tools over modern HTTP and the gateway need it, and the client loads it with the modern path.
import type { JsonObject } from '../jsonrpc/messages.js';
import { encodeHeaderValue, ModernHeaders } from './param-headers.js';

const ANNOTATION = 'x-mcp-header';
// RFC 9110 token: tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);
// Keys whose values are data, not subschemas: an `x-mcp-header` key inside them annotates nothing.
const DATA_KEYWORDS = new Set(['default', 'const', 'enum', 'examples']);

/** One `x-mcp-header` binding: the argument at `path` goes into `Mcp-Param-<header>`. */
export interface HeaderBinding {
  header: string;
  path: string[];
}

/** The bindings of a tool, or why its annotations break HTTP-11 (the tool is then left out). */
export type HeaderScan = { ok: true; bindings: HeaderBinding[] } | { ok: false; reason: string };

/** Checks a tool's `inputSchema` for valid `x-mcp-header` annotations (HTTP-11). */
export function scanHeaderBindings(inputSchema: unknown): HeaderScan {
  const bindings: HeaderBinding[] = [];
  const seen = new Set<string>();
  let problem: string | undefined;
  const visit = (node: unknown, path: string[] | undefined): void => {
    if (problem || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, undefined);
      return;
    }
    const schema = node as JsonObject;
    if (ANNOTATION in schema) problem ??= checkAnnotation(schema, path, seen, bindings);
    for (const [key, value] of Object.entries(schema)) {
      if (DATA_KEYWORDS.has(key) || key === ANNOTATION) continue;
      if (key === 'properties' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        for (const [prop, child] of Object.entries(value)) visit(child, path === undefined ? undefined : [...path, prop]);
      } else {
        visit(value, undefined);
      }
    }
  };
  visit(inputSchema, []);
  return problem ? { ok: false, reason: problem } : { ok: true, bindings };
}

function checkAnnotation(schema: JsonObject, path: string[] | undefined, seen: Set<string>, out: HeaderBinding[]): string | undefined {
  const name = schema[ANNOTATION];
  if (typeof name !== 'string' || name === '') return `an ${ANNOTATION} annotation is empty or not a string`;
  if (!TOKEN.test(name)) return `${ANNOTATION} "${name}" is not an HTTP token (RFC 9110)`;
  if (path === undefined || path.length === 0) return `${ANNOTATION} "${name}" is not on a property reached only through "properties"`;
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  if (types.length !== 1 || !HEADER_TYPES.has(types[0] as string))
    return `${ANNOTATION} "${name}" is on a property of type ${JSON.stringify(schema.type)}; only string, integer and boolean can be headers`;
  const key = name.toLowerCase();
  if (seen.has(key)) return `${ANNOTATION} "${name}" appears twice (header names ignore case)`;
  seen.add(key);
  out.push({ header: name, path });
  return undefined;
}
/** HTTP-10: the `Mcp-Param-*` headers of one call; missing and `null` values are omitted. */
export function paramHeaders(bindings: readonly HeaderBinding[], args: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { header, path } of bindings) {
    let value: unknown = args;
    for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    const text = headerText(value);
    if (text !== undefined) out[ModernHeaders.paramPrefix + header.toLowerCase()] = encodeHeaderValue(text);
  }
  return out;
}

function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // Only integers are mirrored, and only exactly representable ones (HTTP-11).
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}
