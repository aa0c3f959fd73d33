// What the HTTP gateway checks on a 2026-07-28 POST before anything is dispatched, in the order the
// spec's rules depend on each other: a request is modern when its `MCP-Protocol-Version` header or
// its `_meta` names a 2026 version (an initialize-era client sends neither); its `_meta` must carry
// the required keys (-32602, META-2); the headers must agree with the body (-32020, SERVE-6 and
// SERVE-14), which is judged before whether we serve the version (-32022, SERVE-5), so a mismatch
// is never reported as an unsupported version.
import type { IncomingHttpHeaders } from 'node:http';
import { scanHeaderBindings } from '../../protocol/http/header-bindings.js';
import { ModernHeaders } from '../../protocol/http/param-headers.js';
import { McpHeaders } from '../../protocol/http/headers.js';
import { ErrorCodes, isSupportedInEra, MetaKeys, type JsonRpcRequest } from '../../protocol/index.js';
import { RpcError } from './rpc-error.js';

// The body field each named method mirrors into `Mcp-Name` (HTTP-8).
const NAMED: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };
// Markers are case-sensitive and exact; the payload is standard base64 with its padding.
const SENTINEL = /^=\?base64\?(.*)\?=$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// RFC 9110 field value: visible ASCII, space and tab.
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;

function one(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Whether a POSTed request speaks 2026-07-28 (or claims a later version): its header or its `_meta` says so. */
export function isModernPost(headers: IncomingHttpHeaders, request: JsonRpcRequest): boolean {
  const meta = request.params?._meta;
  if (meta !== null && typeof meta === 'object' && (meta as Record<string, unknown>)[MetaKeys.protocolVersion] !== undefined) return true;
  const version = one(headers, McpHeaders.protocolVersion);
  return version !== undefined && isSupportedInEra(version, 'modern');
}

/**
 * The envelope and header checks of a 2026 POST, in the spec's order.
 * @throws RpcError `-32602` (malformed `_meta`) or `-32020` (headers missing, malformed or not matching the body).
 */
export function checkModernPost(headers: IncomingHttpHeaders, request: JsonRpcRequest, toolSchema?: (name: string) => unknown): void {
  const meta = request.params?._meta;
  const m = meta !== null && typeof meta === 'object' && !Array.isArray(meta) ? (meta as Record<string, unknown>) : undefined;
  const version = m?.[MetaKeys.protocolVersion];
  if (typeof version !== 'string') {
    throw new RpcError(ErrorCodes.InvalidParams, `Invalid params: every 2026-07-28 request carries params._meta["${MetaKeys.protocolVersion}"]`, {
      envelope: MetaKeys.protocolVersion,
    });
  }
  const caps = m?.[MetaKeys.clientCapabilities];
  if (caps === null || typeof caps !== 'object' || Array.isArray(caps)) {
    throw new RpcError(ErrorCodes.InvalidParams, `Invalid params: _meta["${MetaKeys.clientCapabilities}"] must be an object on every ${version} request`, {
      envelope: MetaKeys.clientCapabilities,
    });
  }
  const mismatch = headerMismatch(headers, request, version) ?? (toolSchema ? paramMismatch(headers, request, toolSchema) : undefined);
  if (mismatch) throw new RpcError(ErrorCodes.HeaderMismatch, `Header mismatch: ${mismatch}`);
}

function headerMismatch(headers: IncomingHttpHeaders, request: JsonRpcRequest, version: string): string | undefined {
  const sent = one(headers, McpHeaders.protocolVersion);
  if (sent !== version) return `the MCP-Protocol-Version header (${sent ?? 'absent'}) does not match _meta (${version})`;
  const method = one(headers, ModernHeaders.method);
  if (method !== request.method) return `the Mcp-Method header (${method ?? 'absent'}) does not match the method (${request.method})`;
  const field = NAMED[request.method];
  const expected = field === undefined ? undefined : request.params?.[field];
  if (typeof expected !== 'string') return undefined;
  const raw = one(headers, ModernHeaders.name);
  if (raw === undefined) return `the Mcp-Name header is absent; ${request.method} needs it equal to params.${field}`;
  const name = decodeHeaderValue(raw);
  if (name === undefined) return `the Mcp-Name header is malformed (invalid characters or base64)`;
  if (name !== expected) return `the Mcp-Name header (${JSON.stringify(name)}) does not match params.${field} (${JSON.stringify(expected)})`;
  return undefined;
}

// SERVE-16: each `x-mcp-header` argument of the called tool present in the body (and not null) must
// come with its `Mcp-Param-*` header, equal after decoding (integers compared as numbers). A tool we
// do not know, or whose annotations are invalid, binds no header: the call fails on its own terms.
function paramMismatch(headers: IncomingHttpHeaders, request: JsonRpcRequest, toolSchema: (name: string) => unknown): string | undefined {
  if (request.method !== 'tools/call' || typeof request.params?.name !== 'string') return undefined;
  const scan = scanHeaderBindings(toolSchema(request.params.name));
  if (!scan.ok) return undefined;
  for (const { header, path } of scan.bindings) {
    let value: unknown = request.params.arguments;
    for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    if (value === undefined || value === null) continue;
    const name = `Mcp-Param-${header}`;
    const raw = one(headers, ModernHeaders.paramPrefix + header.toLowerCase());
    if (raw === undefined) return `the ${name} header is absent; arguments.${path.join('.')} is in the body`;
    const text = decodeHeaderValue(raw);
    if (text === undefined) return `the ${name} header is malformed (invalid characters or base64)`;
    const same = typeof value === 'number' ? text.trim() !== '' && Number(text) === value : text === (typeof value === 'boolean' ? String(value) : value);
    if (!same) return `the ${name} header (${JSON.stringify(text)}) does not match arguments.${path.join('.')} (${JSON.stringify(value)})`;
  }
  return undefined;
}

/**
 * HTTP-9, server side: a header value as the body would carry it (`=?base64?…?=` decoded as UTF-8),
 * or undefined when it holds characters a field value cannot, or a malformed encoding.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  if (!FIELD_VALUE.test(raw)) return undefined;
  const encoded = SENTINEL.exec(raw)?.[1];
  if (encoded === undefined) return raw;
  if (!BASE64.test(encoded)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64'));
  } catch {
    return undefined;
  }
}
