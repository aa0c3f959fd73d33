// Every protocol revision we speak, newest first, with what changes between them as data (STYLE 3.4):
// no other file compares version strings.

/** The era decides the connection algorithm: a handshake (`legacy`) or self-describing requests (`modern`). */
export type Era = 'legacy' | 'modern';

export interface VersionFeatures {
  era: Era;
  /** Streamable HTTP exists (HTTP+SSE before). */
  streamableHttp: boolean;
  /** `MCP-Protocol-Version` header after initialize (HTTP-7). */
  protocolVersionHeader: boolean;
  /** JSON-RPC batches may arrive (JSONRPC-7). */
  batches: boolean;
  audioContent: boolean;
  toolAnnotations: boolean;
  structuredContent: boolean;
  resourceLinks: boolean;
  elicitation: boolean;
  /** Elicitation modes (`form` / `url`) are declared separately. */
  elicitationModes: boolean;
  /** `title`, `icons` etc. on Implementation. */
  richImplementationInfo: boolean;
  /** SSE polling: the server may close a stream after a priming event and expect a reconnect (HTTP-27). */
  ssePolling: boolean;
}

const F = (era: Era, f: Partial<VersionFeatures>): VersionFeatures => ({
  era,
  streamableHttp: false,
  protocolVersionHeader: false,
  batches: false,
  audioContent: false,
  toolAnnotations: false,
  structuredContent: false,
  resourceLinks: false,
  elicitation: false,
  elicitationModes: false,
  richImplementationInfo: false,
  ssePolling: false,
  ...f,
});

/** Supported revisions, newest first. */
export const VERSIONS: ReadonlyArray<readonly [string, VersionFeatures]> = [
  ['2025-11-25', F('legacy', { streamableHttp: true, protocolVersionHeader: true, audioContent: true, toolAnnotations: true, structuredContent: true, resourceLinks: true, elicitation: true, elicitationModes: true, richImplementationInfo: true, ssePolling: true })],
  ['2025-06-18', F('legacy', { streamableHttp: true, protocolVersionHeader: true, audioContent: true, toolAnnotations: true, structuredContent: true, resourceLinks: true, elicitation: true, richImplementationInfo: true })],
  ['2025-03-26', F('legacy', { streamableHttp: true, batches: true, audioContent: true, toolAnnotations: true })],
  ['2024-11-05', F('legacy', {})],
];

/** The revisions that use the `initialize` handshake, newest first. */
export const LEGACY_VERSIONS: readonly string[] = VERSIONS.filter(([, f]) => f.era === 'legacy').map(([v]) => v);

/** The newest handshake-era revision: what `initialize` proposes (LIFE-2). */
export const LATEST_LEGACY_VERSION = LEGACY_VERSIONS[0]!;

/** All versions we support, newest first. */
export const SUPPORTED_VERSIONS: readonly string[] = VERSIONS.map(([v]) => v);

const BY_VERSION = new Map(VERSIONS);

/** Feature flags of a supported version; `undefined` for one we do not speak. */
export function featuresOf(version: string): VersionFeatures | undefined {
  return BY_VERSION.get(version);
}

/** True when we can speak `version`. */
export function isSupportedVersion(version: unknown): version is string {
  return typeof version === 'string' && BY_VERSION.has(version);
}
