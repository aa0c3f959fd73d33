// The 2026-07-28 "handshake": `server/discover` with the full envelope (VER-2), one retry on
// -32022 at a version from `data.supported` (VER-1), and the ServerSnapshot from the answer.
import {
  chooseVersion,
  discoverParams,
  ErrorCodes,
  isMcpError,
  LATEST_MODERN_VERSION,
  Methods,
  MODERN_VERSIONS,
  NoSharedVersionError,
  parseDiscoverResult,
  supportedVersionsOf,
  type ClientCapabilities,
  type Implementation,
  type JsonObject,
} from '../../protocol/index.js';
import { InvalidResultError } from '../errors/session-errors.js';
import type { Session } from '../session/session.js';
import type { ServerSnapshot } from './handshake.js';

export interface ModernConnectOptions {
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
  timeoutMs: number;
  serverName?: string;
  signal?: AbortSignal;
}

/** The discovery request's params for `version`. */
export function probeParams(options: ModernConnectOptions, version: string = LATEST_MODERN_VERSION): JsonObject {
  return discoverParams({ protocolVersion: version, clientInfo: options.clientInfo, capabilities: options.capabilities });
}

/**
 * Snapshot from a discovery answer, or `undefined` when it is not a `DiscoverResult` or names no
 * modern version we speak (then the server is treated as legacy, like Python's SDK does).
 */
export function snapshotFromDiscover(result: unknown): ServerSnapshot | undefined {
  const d = parseDiscoverResult(result);
  const version = d && chooseVersion(d.supportedVersions, 'modern');
  if (!d || !version) return undefined;
  return {
    era: 'modern',
    protocolVersion: version,
    serverInfo: d.serverInfo ?? { name: 'unknown', version: 'unknown' },
    capabilities: d.capabilities,
    instructions: d.instructions,
  };
}

/**
 * Discovers a server known (or required) to be modern and switches the transport to its version.
 * @throws NoSharedVersionError (`MCPB_UNSUPPORTED_VERSION`) naming the server's versions.
 * @throws McpError for any other refusal; InvalidResultError when the answer is not a DiscoverResult.
 */
export async function modernConnect(
  session: Session,
  options: ModernConnectOptions,
  version: string = LATEST_MODERN_VERSION,
  retried = false,
): Promise<ServerSnapshot> {
  session.transport.setProtocolVersion?.(version);
  let result: unknown;
  try {
    result = await session.request(Methods.serverDiscover, probeParams(options, version), {
      timeoutMs: options.timeoutMs,
      cancellable: false,
      signal: options.signal,
    });
  } catch (error) {
    if (!isMcpError(error) || error.code !== ErrorCodes.UnsupportedProtocolVersion) throw error;
    const theirs = supportedVersionsOf(error) ?? [];
    const next = chooseVersion(theirs, 'modern');
    // VER-1: one retry, never a loop.
    if (next && next !== version && !retried) return modernConnect(session, options, next, true);
    throw new NoSharedVersionError({ server: options.serverName, theirs, ours: MODERN_VERSIONS, era: 'modern', cause: error });
  }
  const snapshot = snapshotFromDiscover(result);
  if (!snapshot) {
    const d = parseDiscoverResult(result);
    if (d) throw new NoSharedVersionError({ server: options.serverName, theirs: d.supportedVersions, ours: MODERN_VERSIONS, era: 'modern' });
    throw new InvalidResultError(
      { server: options.serverName, method: Methods.serverDiscover },
      'the answer is not a DiscoverResult (no supportedVersions or capabilities)',
    );
  }
  if (snapshot.protocolVersion !== version) session.transport.setProtocolVersion?.(snapshot.protocolVersion);
  return snapshot;
}
