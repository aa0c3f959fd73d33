// Which era a client's request speaks, read from the request itself (a 2026-07-28 request carries
// its version in `_meta`, META-1; an initialize-era one does not), and the shape of a result for
// that era: modern results carry `resultType` (JSONRPC-8), the server's info in `_meta` (META-6) and
// cache hints on cacheable methods (CACHE-1); legacy ones carry none of those.
import {
  CACHEABLE_METHODS,
  ErrorCodes,
  isSupportedInEra,
  MetaKeys,
  MODERN_VERSIONS,
  type ClientCapabilities,
  type Era,
  type Implementation,
  type JsonObject,
  type LoggingLevel,
} from '../../protocol/index.js';
import { RpcError } from './rpc-error.js';

/** What one request says about its sender. */
export interface RequestFacts {
  era: Era;
  /** The request's own version (modern), else undefined (the session's negotiated one applies). */
  version?: string;
  capabilities?: ClientCapabilities;
  clientInfo?: Implementation;
  logLevel?: LoggingLevel;
}

const LEGACY_FACTS: RequestFacts = Object.freeze({ era: 'legacy' });

/**
 * The era facts of a request. A request whose `_meta` names a protocol version is modern: the
 * version must be one we serve (VER-1: `-32022` with `data.supported` otherwise) and the client
 * capabilities must be there (META-2: `-32602`). Anything else is an initialize-era request.
 * @throws RpcError with the spec's code when the envelope is unusable.
 */
export function requestFacts(params: JsonObject | undefined): RequestFacts {
  const meta = params?._meta;
  const version = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>)[MetaKeys.protocolVersion] : undefined;
  if (version === undefined) return LEGACY_FACTS;
  const m = meta as Record<string, unknown>;
  if (!isSupportedInEra(version, 'modern')) {
    throw new RpcError(ErrorCodes.UnsupportedProtocolVersion, `Unsupported protocol version: ${String(version)} (supported: ${MODERN_VERSIONS.join(', ')})`, {
      supported: [...MODERN_VERSIONS],
      requested: typeof version === 'string' ? version : String(version),
    });
  }
  const caps = m[MetaKeys.clientCapabilities];
  if (caps === null || typeof caps !== 'object' || Array.isArray(caps)) {
    throw new RpcError(ErrorCodes.InvalidParams, `_meta["${MetaKeys.clientCapabilities}"] must be an object on every ${version} request`, {
      envelope: MetaKeys.clientCapabilities,
    });
  }
  const info = m[MetaKeys.clientInfo];
  const level = m[MetaKeys.logLevel];
  return {
    era: 'modern',
    version,
    capabilities: caps as ClientCapabilities,
    ...(info !== null && typeof info === 'object' ? { clientInfo: info as Implementation } : {}),
    ...(typeof level === 'string' ? { logLevel: level as LoggingLevel } : {}),
  };
}

// Members only a 2026 result has: a legacy client gets a result as its revision defines it.
const MODERN_ONLY = ['resultType', 'ttlMs', 'cacheScope', 'inputRequests', 'requestState'] as const;

/** A handler's result as the client's era wants it. The handler's object is never modified. */
export function shapeResult(result: JsonObject, era: Era, method: string, serverInfo: Implementation): JsonObject {
  if (era === 'legacy') {
    if (!hasModernMember(result) && !hasServerInfo(result)) return result;
    const out: JsonObject = { ...result };
    for (const k of MODERN_ONLY) delete out[k];
    if (hasServerInfo(out)) {
      const { [MetaKeys.serverInfo]: _gone, ...meta } = out._meta as Record<string, unknown>;
      if (Object.keys(meta).length > 0) out._meta = meta;
      else delete out._meta;
    }
    return out;
  }
  const out: JsonObject = { ...result, resultType: result.resultType ?? 'complete' };
  // CACHE-1: a gateway's lists change with its backends, so nothing is cached unless told otherwise.
  if (CACHEABLE_METHODS.has(method) && out.resultType === 'complete') {
    out.ttlMs ??= 0;
    out.cacheScope ??= 'private';
  }
  out._meta = { ...(result._meta as Record<string, unknown> | undefined), [MetaKeys.serverInfo]: serverInfo };
  return out;
}

// A loop, not `some` with a closure over the result: every answer to a legacy host passes here.
function hasModernMember(result: JsonObject): boolean {
  for (const k of MODERN_ONLY) if (k in result) return true;
  return false;
}

function hasServerInfo(result: JsonObject): boolean {
  const meta = result._meta;
  return meta !== null && typeof meta === 'object' && MetaKeys.serverInfo in (meta as object);
}
