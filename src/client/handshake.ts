// The legacy-era handshake (LIFE-1..4): initialize → check the answer → notifications/initialized.
// The modern era (2026-07-28, no initialize) has its sibling in modern-connect.ts; callers only see
// the ServerSnapshot both produce.
import {
  LATEST_LEGACY_VERSION,
  Methods,
  negotiateVersion,
  type ClientCapabilities,
  type Era,
  type Implementation,
  type InitializeResult,
  type ServerCapabilities,
} from '../../protocol/index.js';
import { InvalidResultError } from '../errors/session-errors.js';
import type { Session } from '../session/session.js';

/** What the client knows about the server once connected. */
export interface ServerSnapshot {
  /** `legacy` (initialize handshake) or `modern` (2026-07-28, stateless). */
  era: Era;
  protocolVersion: string;
  serverInfo: Implementation;
  capabilities: ServerCapabilities;
  instructions?: string;
}

export interface HandshakeOptions {
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
  /** Version to propose. @defaultValue the newest legacy revision (LIFE-2) */
  protocolVersion?: string;
  timeoutMs: number;
  serverName?: string;
}

/**
 * Runs initialize and sends initialized.
 * @throws UnsupportedVersionError (`MCPB_UNSUPPORTED_VERSION`) when the server answers a version we don't speak.
 * @throws InvalidResultError (`MCPB_INVALID_RESULT`) when the answer lacks required fields.
 */
export async function legacyHandshake(session: Session, options: HandshakeOptions): Promise<ServerSnapshot> {
  const proposed = options.protocolVersion ?? LATEST_LEGACY_VERSION;
  session.transport.setProtocolVersion?.(undefined);
  const result = await session.request<InitializeResult>(
    Methods.initialize,
    {
      protocolVersion: proposed,
      capabilities: options.capabilities,
      clientInfo: options.clientInfo,
    },
    { timeoutMs: options.timeoutMs },
  );
  const ctx = { server: options.serverName, method: Methods.initialize };
  // LIFE-3: an answer we cannot speak ends the connection with both versions named.
  const protocolVersion = negotiateVersion(proposed, result.protocolVersion, options.serverName);
  if (typeof result.capabilities !== 'object' || result.capabilities === null) throw new InvalidResultError(ctx, '"capabilities" is missing');
  const serverInfo = isImplementation(result.serverInfo) ? result.serverInfo : { name: 'unknown', version: 'unknown' };
  session.transport.setProtocolVersion?.(protocolVersion);
  // LIFE-4
  await session.notify(Methods.initialized);
  return {
    era: 'legacy',
    protocolVersion,
    serverInfo,
    capabilities: result.capabilities,
    instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
  };
}

function isImplementation(value: unknown): value is Implementation {
  return typeof value === 'object' && value !== null && typeof (value as Implementation).name === 'string';
}
