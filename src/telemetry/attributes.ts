// The span of one MCP request as the OpenTelemetry semantic conventions for MCP describe the client
// side ("Semantic conventions for Model Context Protocol (MCP)", span `mcp.client`, now kept in
// open-telemetry/semantic-conventions-genai; Development status): its name, its attributes, and
// the error type of a failure. Pure: no OpenTelemetry import, so it is tested without the SDK.
import { isMcpBridgeError, isMcpError, type JsonObject, type RequestId } from '../../protocol/index.js';
import type { ObservedPeer } from '../session/observer.js';

/** Attribute values as the OpenTelemetry API takes them. */
export type SpanAttributes = Record<string, string | number | boolean>;

/** The 2026-07-28 `_meta` key that names the version of each request (META-1). */
const VERSION_META = 'io.modelcontextprotocol/protocolVersion';

/** Methods whose `params.uri` is the `mcp.resource.uri` the conventions require ("when the request includes a resource URI"). */
const URI_METHODS = new Set(['resources/read', 'resources/subscribe', 'resources/unsubscribe']);

/** Options that change what a span records. */
export interface AttributeOptions {
  /** Record `mcp.session.id` (the HTTP session id, which this library otherwise treats as a secret). */
  recordSessionId?: boolean;
}

/**
 * `{mcp.method.name} {target}`, where the target is the tool or prompt name (low cardinality);
 * `{mcp.method.name}` alone otherwise. The resource URI is never a target (high cardinality).
 */
export function spanName(method: string, params: JsonObject | undefined): string {
  const target = targetOf(method, params);
  return target === undefined ? method : `${method} ${target}`;
}

function targetOf(method: string, params: JsonObject | undefined): string | undefined {
  if (method !== 'tools/call' && method !== 'prompts/get') return undefined;
  const name = params?.name;
  return typeof name === 'string' ? name : undefined;
}

/** The attributes known when the request goes out. */
export function requestAttributes(
  id: RequestId,
  method: string,
  params: JsonObject | undefined,
  peer: ObservedPeer,
  options: AttributeOptions,
): SpanAttributes {
  // Required, then conditionally required: the request id (a string), the tool or prompt, the resource.
  const attributes: SpanAttributes = { 'mcp.method.name': method, 'jsonrpc.request.id': String(id) };
  const target = targetOf(method, params);
  if (target !== undefined) {
    if (method === 'tools/call') {
      attributes['gen_ai.tool.name'] = target;
      // Recommended for tool calls only: lets GenAI views treat MCP tool calls as tool executions.
      attributes['gen_ai.operation.name'] = 'execute_tool';
    } else attributes['gen_ai.prompt.name'] = target;
  }
  if (URI_METHODS.has(method) && typeof params?.uri === 'string') attributes['mcp.resource.uri'] = params.uri;
  const version = versionOf(method, params, peer);
  if (version !== undefined) attributes['mcp.protocol.version'] = version;
  if (options.recordSessionId) {
    const session = peer.sessionId;
    if (session !== undefined) attributes['mcp.session.id'] = session;
  }
  Object.assign(attributes, transportAttributes(peer));
  return attributes;
}

// Before the handshake answers, the version is the one initialize proposes; in the 2026 era each
// request names its own.
function versionOf(method: string, params: JsonObject | undefined, peer: ObservedPeer): string | undefined {
  const agreed = peer.protocolVersion;
  if (agreed !== undefined) return agreed;
  const meta = params?._meta;
  const named = typeof meta === 'object' && meta !== null ? (meta as JsonObject)[VERSION_META] : undefined;
  if (typeof named === 'string') return named;
  return method === 'initialize' && typeof params?.protocolVersion === 'string' ? params.protocolVersion : undefined;
}

/** `network.transport` is `pipe` for stdio and `tcp` for HTTP; over HTTP also the protocol and the server's address. */
function transportAttributes(peer: ObservedPeer): SpanAttributes {
  if (peer.transport === 'stdio') return { 'network.transport': 'pipe' };
  const out: SpanAttributes = { 'network.transport': 'tcp', 'network.protocol.name': 'http' };
  const url = urlOf(peer.target);
  if (url) {
    out['server.address'] = url.hostname.replace(/^\[|\]$/g, '');
    out['server.port'] = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  }
  return out;
}

function urlOf(target: string | undefined): URL | undefined {
  if (target === undefined || !/^https?:\/\//i.test(target)) return undefined;
  try {
    return new URL(target);
  } catch {
    return undefined;
  }
}

/** How a request ended, in the conventions' terms. */
export interface Failure {
  /** `error.type`: the JSON-RPC error code as a string, `tool_error`, or our stable error code. */
  type: string;
  /** `rpc.response.status_code`: only when the response carried a JSON-RPC error code. */
  statusCode?: string;
  /** The span status description: the peer's message (masked), or our code alone. */
  description: string;
}

/** The failure a settled request ended with, or `undefined` for a success. */
export function failureOf(error: unknown, result: unknown, redact: (text: string) => string): Failure | undefined {
  if (error === undefined) {
    // A CallToolResult with isError: the call worked, the tool failed.
    if (typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true)
      return { type: 'tool_error', description: 'the tool reported an error' };
    return undefined;
  }
  if (isMcpError(error)) {
    const code = String(error.code);
    return { type: code, statusCode: code, description: redact(error.message) };
  }
  // Our own failures (timeout, closed connection, abort...) are named by their stable code; their
  // messages may carry local detail (paths, stderr), so they stay out of the exported span.
  if (isMcpBridgeError(error)) return { type: error.code, description: error.code };
  return { type: '_OTHER', description: error instanceof Error ? error.name : typeof error };
}
