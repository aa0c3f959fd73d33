// The 2026-07-28 request headers every modern HTTP request carries (HTTP-8, HTTP-9): `Mcp-Method` /
// `Mcp-Name` from the message, and the base64 sentinel for values that are not plain ASCII. The
// tools' `x-mcp-header` bindings (`Mcp-Param-*`) are in header-bindings.ts.
import type { JsonRpcMessage } from '../jsonrpc/messages.js';

export const ModernHeaders = {
  method: 'mcp-method',
  name: 'mcp-name',
  paramPrefix: 'mcp-param-',
} as const;
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
