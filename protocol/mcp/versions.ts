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
  /** Sessions, `Mcp-Session-Id`, the GET stream and DELETE exist (legacy Streamable HTTP). */
  sessions: boolean;
  /** SSE event ids and `Last-Event-ID` resumption (HTTP-26); 2026 has none (HTTP-14). */
  resumption: boolean;
  /** Every request carries the `_meta` envelope: version, client info, capabilities (META-1..3). */
  requestEnvelope: boolean;
  /** `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` headers on every POST (HTTP-8..10). */
  standardHeaders: boolean;
  /** Results carry `resultType`; `input_required` drives multi-round-trip requests (MRTR). */
  resultType: boolean;
  /** `ping` and `logging/setLevel` are gone; the log level travels in `_meta` (LOG-1). */
  pingRemoved: boolean;
  /** Cancellation over HTTP is aborting the request's stream, not `notifications/cancelled` (CANCEL-5). */
  cancelByAbort: boolean;
  /** Listing results carry `ttlMs` / `cacheScope` (CACHE-1). */
  cacheHints: boolean;
  /** Change notifications come over `subscriptions/listen` (SUB-1). */
  listenSubscriptions: boolean;
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
  sessions: era === 'legacy',
  resumption: era === 'legacy',
  requestEnvelope: era === 'modern',
  standardHeaders: era === 'modern',
  resultType: era === 'modern',
  pingRemoved: era === 'modern',
  cancelByAbort: era === 'modern',
  cacheHints: era === 'modern',
  listenSubscriptions: era === 'modern',
  ...f,
});

/** Supported revisions, newest first. */
export const VERSIONS: ReadonlyArray<readonly [string, VersionFeatures]> = [
  [
    '2026-07-28',
    F('modern', {
      streamableHttp: true,
      protocolVersionHeader: true,
      audioContent: true,
      toolAnnotations: true,
      structuredContent: true,
      resourceLinks: true,
      elicitation: true,
      elicitationModes: true,
      richImplementationInfo: true,
    }),
  ],
  [
    '2025-11-25',
    F('legacy', {
      streamableHttp: true,
      protocolVersionHeader: true,
      audioContent: true,
      toolAnnotations: true,
      structuredContent: true,
      resourceLinks: true,
      elicitation: true,
      elicitationModes: true,
      richImplementationInfo: true,
      ssePolling: true,
    }),
  ],
  [
    '2025-06-18',
    F('legacy', {
      streamableHttp: true,
      protocolVersionHeader: true,
      audioContent: true,
      toolAnnotations: true,
      structuredContent: true,
      resourceLinks: true,
      elicitation: true,
      richImplementationInfo: true,
    }),
  ],
  ['2025-03-26', F('legacy', { streamableHttp: true, batches: true, audioContent: true, toolAnnotations: true })],
  ['2024-11-05', F('legacy', {})],
];

/** The revisions that use the `initialize` handshake, newest first. */
export const LEGACY_VERSIONS: readonly string[] = VERSIONS.filter(([, f]) => f.era === 'legacy').map(([v]) => v);

/** The newest handshake-era revision: what `initialize` proposes (LIFE-2). */
export const LATEST_LEGACY_VERSION = LEGACY_VERSIONS[0]!;

/** The stateless revisions (no `initialize`), newest first. */
export const MODERN_VERSIONS: readonly string[] = VERSIONS.filter(([, f]) => f.era === 'modern').map(([v]) => v);

/** The newest stateless revision: what the `server/discover` probe carries (VER-3). */
export const LATEST_MODERN_VERSION: string = MODERN_VERSIONS[0] ?? '2026-07-28';

/** All versions we support, newest first. */
export const SUPPORTED_VERSIONS: readonly string[] = VERSIONS.map(([v]) => v);

const BY_VERSION = new Map(VERSIONS);

/** Feature flags of a supported version; `undefined` for one we do not speak. */
export function featuresOf(version: string): VersionFeatures | undefined {
  return BY_VERSION.get(version);
}

/** The era of a version we speak; `undefined` for one we do not. */
export function eraOf(version: string): Era | undefined {
  return BY_VERSION.get(version)?.era;
}

/** True when we can speak `version` within `era`. */
export function isSupportedInEra(version: unknown, era: Era): version is string {
  return typeof version === 'string' && BY_VERSION.get(version)?.era === era;
}

/**
 * VER-1: the newest version in both lists within `era` (ours are already newest first), or
 * `undefined` when the lists share none. Their list is untrusted: non-strings are ignored.
 */
export function chooseVersion(theirs: readonly unknown[], era: Era): string | undefined {
  const offered = new Set(theirs.filter((v): v is string => typeof v === 'string'));
  return VERSIONS.find(([v, f]) => f.era === era && offered.has(v))?.[0];
}

/** True when we can speak `version`. */
export function isSupportedVersion(version: unknown): version is string {
  return typeof version === 'string' && BY_VERSION.has(version);
}
