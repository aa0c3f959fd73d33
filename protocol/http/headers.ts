// MCP HTTP header names and pure builders for the headers of POST, GET and DELETE (HTTP-2, -7, -18, -22, -26).

/** Header names, lower-case: HTTP compares names case-insensitively (HTTP-13), undici hands them to us lower-cased. */
export const McpHeaders = {
  sessionId: 'mcp-session-id',
  protocolVersion: 'mcp-protocol-version',
  lastEventId: 'last-event-id',
  accept: 'accept',
  contentType: 'content-type',
} as const;

/** `Accept` of every POST: both answer kinds, or SDK servers reply 406 (HTTP-2). */
export const ACCEPT_POST = 'application/json, text/event-stream';
/** `Accept` of every GET stream (HTTP-22). */
export const ACCEPT_SSE = 'text/event-stream';
export const CONTENT_TYPE_JSON = 'application/json';

/**
 * Headers computed per request (per-user or short-lived credentials): called before every HTTP
 * request; never over the protocol's own headers.
 */
export type HeadersProvider = () => Record<string, string> | Promise<Record<string, string>>;

/** What we know about the connection when building headers. */
export interface HeaderState {
  /** The user's own headers (auth tokens...). They never override the protocol headers below. */
  custom?: Readonly<Record<string, string>>;
  /** Session id from the initialize response (HTTP-18). */
  sessionId?: string;
  /** Negotiated version, set only when that version uses the header (HTTP-7). */
  protocolVersion?: string;
}

function base(state: HeaderState): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(state.custom ?? {})) out[name.toLowerCase()] = value;
  if (state.sessionId !== undefined) out[McpHeaders.sessionId] = state.sessionId;
  if (state.protocolVersion !== undefined) out[McpHeaders.protocolVersion] = state.protocolVersion;
  return out;
}

/** Headers of a POST carrying one JSON-RPC message (HTTP-1, -2). */
export function postHeaders(state: HeaderState): Record<string, string> {
  return { ...base(state), [McpHeaders.accept]: ACCEPT_POST, [McpHeaders.contentType]: CONTENT_TYPE_JSON };
}

/** Headers of a GET opening (or resuming, with `lastEventId`) an SSE stream (HTTP-22, -26). */
export function getHeaders(state: HeaderState & { lastEventId?: string }): Record<string, string> {
  const out: Record<string, string> = { ...base(state), [McpHeaders.accept]: ACCEPT_SSE };
  if (state.lastEventId) out[McpHeaders.lastEventId] = state.lastEventId;
  return out;
}

/** Headers of the DELETE that ends a session (HTTP-20). */
export function deleteHeaders(state: HeaderState): Record<string, string> {
  return base(state);
}

/** The kind of body a response announces through its `Content-Type`. */
export type BodyKind = 'json' | 'sse' | 'none' | 'other';

/** Classifies a `Content-Type` value by its media type, ignoring parameters and case (HTTP-5). */
export function bodyKindOf(contentType: string | undefined): BodyKind {
  // The common answer, without splitting and lower-casing a copy of it.
  if (contentType === CONTENT_TYPE_JSON) return 'json';
  if (contentType === undefined || contentType.trim() === '') return 'none';
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  if (media === 'text/event-stream') return 'sse';
  if (media === 'application/json' || media.endsWith('+json')) return 'json';
  return 'other';
}

/** A session id must be visible ASCII, 0x21-0x7E (HTTP-18); anything else cannot be echoed as a header. */
export function isValidSessionId(value: string): boolean {
  return value.length > 0 && /^[\x21-\x7e]+$/.test(value);
}
