// Pure version negotiation for the handshake era (LIFE-2, LIFE-3): proposed vs answered.
import { UnsupportedVersionError } from '../errors/protocol-errors.js';
import { isSupportedInEra, LEGACY_VERSIONS } from './versions.js';

/**
 * Returns the version both sides will use, or throws when the server answered one we do not speak.
 * @throws UnsupportedVersionError (`MCPB_UNSUPPORTED_VERSION`) naming both sides' versions.
 */
export function negotiateVersion(proposed: string, answered: unknown, server?: string): string {
  // A handshake answer can only be a handshake-era version: 2026-07-28 has no initialize.
  if (isSupportedInEra(answered, 'legacy')) return answered;
  throw new UnsupportedVersionError(proposed, answered, LEGACY_VERSIONS, server);
}
