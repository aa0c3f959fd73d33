// Pure version negotiation for the handshake era (LIFE-2, LIFE-3): proposed vs answered.
import { UnsupportedVersionError } from '../errors/protocol-errors.js';
import { isSupportedVersion, SUPPORTED_VERSIONS } from './versions.js';

/**
 * Returns the version both sides will use, or throws when the server answered one we do not speak.
 * @throws UnsupportedVersionError (`MCPB_UNSUPPORTED_VERSION`) naming both sides' versions.
 */
export function negotiateVersion(proposed: string, answered: unknown, server?: string): string {
  if (isSupportedVersion(answered)) return answered;
  throw new UnsupportedVersionError(proposed, answered, SUPPORTED_VERSIONS, server);
}
