// The 2026-07-28 request headers (HTTP-8..11): `Mcp-Method` / `Mcp-Name` from the message, tools'
// `x-mcp-header` annotations checked and mirrored into `Mcp-Param-*`, and the base64 sentinel.
import type { JsonObject, JsonRpcMessage } from '../jsonrpc/messages.js';

export const ModernHeaders = {
  method: 'mcp-method',
  name: 'mcp-name',
  paramPrefix: 'mcp-param-',
} as const;

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

const SENTINEL = /^=\?base64\?.*\?=$/i;

/**
 * HTTP-9: a header value as sent: as-is when it is plain visible ASCII, else
 * `=?base64?<base64 of the UTF-8 bytes>?=` (non-ASCII, control characters, surrounding whitespace,
 * or a value that itself looks like the sentinel).
 */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x20-\x7e]*$/.test(value) && value.trim() === value && !SENTINEL.test(value);
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
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

// The Tasks extension's methods name their task, so a load balancer can route them to its holder (TASKS-15).
const NAMED: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** HTTP-8: `Mcp-Method` for every request, plus `Mcp-Name` for the named methods. */
export function standardHeaders(message: JsonRpcMessage): Record<string, string> {
  if (!('method' in message)) return {};
  const out: Record<string, string> = { [ModernHeaders.method]: message.method };
  const field = NAMED[message.method];
  const name = field === undefined ? undefined : message.params?.[field];
  if (typeof name === 'string') out[ModernHeaders.name] = encodeHeaderValue(name);
  return out;
}
