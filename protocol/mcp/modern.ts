// The 2026-07-28 ("modern") wire rules that need no I/O: the `_meta` envelope every request
// carries (META-1..3), result checks (`resultType`, JSONRPC-8), the discovery result (VER-2) and
// what a peer's error says about its era (VER-1, VER-6, HTTP-15).
import { ErrorCodes } from '../jsonrpc/codes.js';
import type { JsonObject } from '../jsonrpc/messages.js';
import type { ClientCapabilities, Implementation, ServerCapabilities } from './types/initialize.js';
import type { LoggingLevel } from './types/notifications.js';
import { LATEST_MODERN_VERSION } from './versions.js';

/** The reserved `_meta` keys of the modern era. */
export const MetaKeys = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/** What goes into every modern request's `_meta`. */
export interface Envelope {
  protocolVersion: string;
  clientInfo?: Implementation;
  /** Per request (META-2): `{}` declares nothing optional. */
  capabilities: ClientCapabilities;
  /** LOG-1: the level replaces `logging/setLevel`; absent means no log notifications for this request. */
  logLevel?: LoggingLevel;
}

/**
 * The params of a modern request: the caller's params with the envelope merged into their `_meta`
 * (JSONRPC-11: the caller's own keys, e.g. a progress token, stay). `params` is never modified, and
 * every request gets `params._meta`, even one without params (the schema requires both).
 */
export function withEnvelope(params: JsonObject | undefined, envelope: Envelope): JsonObject {
  const meta: Record<string, unknown> = { ...(params?._meta as Record<string, unknown> | undefined) };
  meta[MetaKeys.protocolVersion] = envelope.protocolVersion;
  meta[MetaKeys.clientCapabilities] = modernCapabilities(envelope.capabilities);
  if (envelope.clientInfo) meta[MetaKeys.clientInfo] = envelope.clientInfo;
  if (envelope.logLevel) meta[MetaKeys.logLevel] = envelope.logLevel;
  return { ...params, _meta: meta };
}

// 2026 removed notifications/roots/list_changed, so `roots.listChanged` means nothing any more.
function modernCapabilities(caps: ClientCapabilities): ClientCapabilities {
  if (!caps.roots || !('listChanged' in caps.roots)) return caps;
  const { listChanged: _gone, ...roots } = caps.roots;
  return { ...caps, roots };
}

/** `resultType` of a modern result: `complete` when absent (legacy answers, MRTR-1 tolerance); `task` from the Tasks extension (TASKS-11). */
export type ResultType = 'complete' | 'input_required' | 'task';

/**
 * Reads `resultType`: absent → `complete` (the alpha's "no resultType" case); anything we did not
 * negotiate → an explanation string for an invalid-result error.
 */
export function resultTypeOf(result: JsonObject): ResultType | { invalid: string } {
  const t = result.resultType;
  if (t === undefined || t === 'complete') return 'complete';
  if (t === 'input_required') return 'input_required';
  if (t === 'task') return 'task';
  return { invalid: `"resultType" is ${JSON.stringify(t)}, neither "complete" nor "input_required"` };
}

/** META-6: the server's self-description from a result's `_meta` (display only). */
export function serverInfoOf(result: JsonObject): Implementation | undefined {
  const info = (result._meta as Record<string, unknown> | undefined)?.[MetaKeys.serverInfo] as Implementation | undefined;
  return info && typeof info.name === 'string' && typeof info.version === 'string' ? info : undefined;
}

/** A `server/discover` answer (VER-2). */
export interface DiscoverResult {
  supportedVersions: string[];
  capabilities: ServerCapabilities;
  instructions?: string;
  serverInfo?: Implementation;
}

/** The discovery result in `value`, or `undefined` when it is not one (then the server is not modern). */
export function parseDiscoverResult(value: unknown): DiscoverResult | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const r = value as JsonObject;
  if (!Array.isArray(r.supportedVersions) || typeof r.capabilities !== 'object' || r.capabilities === null) return undefined;
  return {
    supportedVersions: r.supportedVersions.filter((v): v is string => typeof v === 'string'),
    capabilities: r.capabilities as ServerCapabilities,
    instructions: typeof r.instructions === 'string' ? r.instructions : undefined,
    serverInfo: serverInfoOf(r),
  };
}

/** The codes only a modern server sends (JSONRPC-10): positive era evidence (VER-3, VER-6). */
const MODERN_CODES = new Set<number>([ErrorCodes.HeaderMismatch, ErrorCodes.MissingRequiredClientCapability, ErrorCodes.UnsupportedProtocolVersion]);

/** True when a JSON-RPC error code proves a modern peer. `-32601` and `-32000` never do (VER-4). */
export function isModernErrorCode(code: unknown): boolean {
  return typeof code === 'number' && MODERN_CODES.has(code);
}

/** `data.supported` of a `-32022` error (strings only), or `undefined` when the error is not one. */
export function supportedVersionsOf(error: { code: number; data?: unknown }): string[] | undefined {
  if (error.code !== ErrorCodes.UnsupportedProtocolVersion) return undefined;
  const supported = (error.data as { supported?: unknown } | undefined)?.supported;
  return Array.isArray(supported) ? supported.filter((v): v is string => typeof v === 'string') : [];
}

/** The params of the probe: nothing but the envelope (VER-3: it must carry our preferred version). */
export function discoverParams(envelope: Omit<Envelope, 'protocolVersion'> & { protocolVersion?: string }): JsonObject {
  return withEnvelope(undefined, { ...envelope, protocolVersion: envelope.protocolVersion ?? LATEST_MODERN_VERSION });
}
