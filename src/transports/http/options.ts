// Options shared by the Streamable HTTP and legacy SSE transports, and their one normaliser.
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../../protocol/framing/line-framer.js';
import { DEFAULT_RECONNECT, type ReconnectPolicy } from '../../../protocol/http/reconnect.js';
import { collectSecrets, composeRedactors, createLearningRedactor, createRedactor, type Redact } from '../../../protocol/redact.js';
import type { SessionExpiredError } from '../../errors/http-errors.js';
import { nullLogger, type Logger } from '../../log.js';
import type { HeadersProvider, HttpClientOptions } from './http-client.js';

/** Options of {@link StreamableHttpTransport} and {@link SseTransport}. */
export interface HttpTransportOptions extends HttpClientOptions {
  /** The MCP endpoint (Streamable HTTP) or the SSE URL (legacy). */
  url: string | URL;
  /**
   * Extra headers on every request, e.g. `Authorization`. Never logged, never put in errors. A
   * function is called before every HTTP request (POST, GET stream, DELETE), for per-user or
   * short-lived credentials; what it returns is masked like static header values.
   */
  headers?: Record<string, string> | HeadersProvider;
  /** Largest JSON body or SSE event accepted, in bytes. @defaultValue 134217728 (128 MiB, {@link DEFAULT_MAX_MESSAGE_BYTES}) */
  maxMessageBytes?: number;
  /** Open the standalone GET stream for server → client messages after `notifications/initialized`. @defaultValue true */
  listen?: boolean;
  /** Reconnection of dropped SSE streams. */
  reconnect?: Partial<ReconnectPolicy>;
  /** Bound on `close()`: the session DELETE and the pool shutdown. @defaultValue 2000 */
  closeTimeoutMs?: number;
  /** Legacy SSE: how long to wait for the `endpoint` event. @defaultValue 10000 */
  endpointTimeoutMs?: number;
  /** Debug notes on streams, reconnections and fallback; never header values or the session id. */
  logger?: Logger;
  /** Extra values to mask in every error and log line (header values are masked anyway). */
  secrets?: readonly string[];
}

/** Session events of the Streamable HTTP transport, on its `sessionEvents` emitter. */
export interface HttpSessionEvents {
  /** A request carrying `Mcp-Session-Id` got 404 (HTTP-19); the id is already forgotten. */
  sessionExpired: SessionExpiredError;
}

export interface NormalizedHttpOptions extends Omit<HttpTransportOptions, 'url' | 'reconnect' | 'headers'> {
  url: URL;
  /** The static headers (none when `headers` was a function: that one is `headersProvider`). */
  headers: Record<string, string>;
  maxMessageBytes: number;
  listen: boolean;
  reconnect: ReconnectPolicy;
  closeTimeoutMs: number;
  endpointTimeoutMs: number;
  logger: Logger;
  /** Masks the header values and `secrets`. */
  redact: Redact;
}

function positive(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new TypeError(
      `HTTP transport option ${name} must be a non-negative number of ${name.endsWith('Bytes') ? 'bytes' : 'milliseconds'}, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/** Validates the options once, filling every default. */
export function normalizeHttpOptions(options: HttpTransportOptions): NormalizedHttpOptions {
  let url: URL;
  try {
    url = new URL(String(options.url));
  } catch {
    throw new TypeError(`HTTP transport option url must be an absolute http(s) URL, got ${JSON.stringify(String(options.url)).slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`HTTP transport option url must use http: or https:, got ${url.protocol}`);
  const headers: Record<string, string> = {};
  const provider = typeof options.headers === 'function' ? options.headers : undefined;
  for (const [name, value] of Object.entries(provider ? {} : (options.headers ?? {}))) {
    if (typeof value !== 'string') throw new TypeError(`HTTP transport header ${name} must be a string value`);
    headers[name] = value;
  }
  // Values a headers function returns are learnt as they come, so they are masked like static ones.
  const learnt = provider ? createLearningRedactor() : undefined;
  const r = options.reconnect ?? {};
  return {
    ...options,
    url,
    headers,
    maxMessageBytes: positive('maxMessageBytes', options.maxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES),
    listen: options.listen ?? true,
    reconnect: {
      maxAttempts: positive('reconnect.maxAttempts', r.maxAttempts, DEFAULT_RECONNECT.maxAttempts),
      initialDelayMs: positive('reconnect.initialDelayMs', r.initialDelayMs, DEFAULT_RECONNECT.initialDelayMs),
      maxDelayMs: positive('reconnect.maxDelayMs', r.maxDelayMs, DEFAULT_RECONNECT.maxDelayMs),
    },
    closeTimeoutMs: positive('closeTimeoutMs', options.closeTimeoutMs, 2_000),
    endpointTimeoutMs: positive('endpointTimeoutMs', options.endpointTimeoutMs, 10_000),
    logger: options.logger ?? nullLogger,
    // The auth handler's secrets (tokens, client secrets) join as it obtains them: a server may echo them.
    redact: composeRedactors(createRedactor(collectSecrets({ headers, secrets: options.secrets })), learnt?.redact, options.auth?.redact),
    ...(provider && learnt
      ? { headersProvider: provider, onProvidedHeaders: (h: Record<string, string>) => learnt.learn(collectSecrets({ headers: h })) }
      : {}),
  };
}
