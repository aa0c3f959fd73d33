// SSE event → JSON-RPC value | endpoint URI | ignorable: the pure mapping shared by both HTTP transports
// (HTTP-6, HTTP-27, SSE-1, SSE-2). The byte-level SSE parsing itself happens in the shell.

/** One event as an SSE parser reports it. */
export interface SseEvent {
  /** `event:` field; absent means `message`. */
  event?: string;
  data: string;
  id?: string;
}

export type SseMapped =
  /** A parsed JSON value (a message, or a batch array) for the session to classify. */
  | { kind: 'message'; value: unknown }
  /** Legacy HTTP+SSE: the URI to POST to (SSE-2), unresolved. */
  | { kind: 'endpoint'; uri: string }
  /** Priming events (id, empty data; HTTP-27) and event types we do not use. */
  | { kind: 'ignore'; reason: 'empty-data' | 'other-event' }
  /** `data` that is not JSON. */
  | { kind: 'invalid'; reason: string; excerpt: string };

/** Maps one SSE event. `message` (or no type) carries JSON; `endpoint` carries the POST URI. */
export function mapSseEvent(event: SseEvent): SseMapped {
  const type = event.event ?? 'message';
  if (type === 'endpoint') {
    const uri = event.data.trim();
    return uri === '' ? { kind: 'invalid', reason: 'the endpoint event has no URI', excerpt: '' } : { kind: 'endpoint', uri };
  }
  if (type !== 'message') return { kind: 'ignore', reason: 'other-event' };
  if (event.data.trim() === '') return { kind: 'ignore', reason: 'empty-data' };
  try {
    return { kind: 'message', value: JSON.parse(event.data) as unknown };
  } catch (error) {
    return { kind: 'invalid', reason: `SSE data is not JSON (${error instanceof Error ? error.message : String(error)})`, excerpt: event.data.slice(0, 200) };
  }
}

export type EndpointResolution = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Resolves the `endpoint` event's URI against the SSE URL (SSE-2). An endpoint on another origin is
 * refused: it would send our messages (and auth headers) to a host the user never named.
 */
export function resolveEndpoint(sseUrl: string | URL, uri: string): EndpointResolution {
  let base: URL;
  let url: URL;
  try {
    base = new URL(String(sseUrl));
    url = new URL(uri, base);
  } catch {
    return { ok: false, reason: `the endpoint ${JSON.stringify(uri.slice(0, 200))} is not a valid URI` };
  }
  if (url.origin !== base.origin) {
    return { ok: false, reason: `the endpoint is on another origin (${url.origin}, expected ${base.origin})` };
  }
  return { ok: true, url };
}
