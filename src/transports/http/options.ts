// Options shared by the Streamable HTTP and legacy SSE transports, and their one normaliser.
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../../protocol/framing/line-framer.js';
import { DEFAULT_RECONNECT, type ReconnectPolicy } from '../../../protocol/http/reconnect.js';
import { collectSecrets, composeRedactors, createLearningRedactor, createRedactor, redactUrl, type Redact } from '../../../protocol/redact.js';
import type { SessionExpiredError } from '../../errors/http-errors.js';
import { InvalidOptionsError } from '../../errors/options-errors.js';
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

function positive(name: string, value: unknown, fallback: number, server: string | undefined): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    const unit = name.endsWith('Bytes') ? 'bytes' : name.endsWith('Attempts') ? 'attempts' : 'milliseconds';
    throw new InvalidOptionsError({
      server,
      where: 'HTTP transport',
      option: name,
      problem: `must be a non-negative number of ${unit}, got ${typeof value === 'number' ? String(value) : typeof value}`,
      hint: `pass a finite number >= 0, or leave ${name} out for the default`,
    });
  }
  return value;
}

/** Validates the options once, filling every default. */
export function normalizeHttpOptions(options: HttpTransportOptions): NormalizedHttpOptions {
  const server = options.serverName;
  let url: URL;
  try {
    url = new URL(String(options.url));
  } catch {
    throw new InvalidOptionsError({
      server,
      where: 'HTTP transport',
      option: 'url',
      problem: `must be an absolute http(s) URL, got ${JSON.stringify(redactUrl(String(options.url))).slice(0, 200)}`,
      hint: /^[a-z][a-z0-9+.-]*:/i.test(String(options.url)) ? 'check the URL for typos' : 'add the scheme, e.g. http://127.0.0.1:3000/mcp',
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidOptionsError({
      server,
      where: 'HTTP transport',
      option: 'url',
      problem: `must use http: or https:, got ${url.protocol}`,
      hint: String(options.url).includes('://')
        ? 'MCP over HTTP needs an http:// or https:// URL; a local program is started with command and args instead'
        : 'add the scheme, e.g. http://127.0.0.1:3000/mcp',
    });
  const headers: Record<string, string> = {};
  const provider = typeof options.headers === 'function' ? options.headers : undefined;
  for (const [name, value] of Object.entries(provider ? {} : (options.headers ?? {}))) {
    if (typeof value !== 'string')
      throw new InvalidOptionsError({
        server,
        where: 'HTTP transport',
        option: `headers.${name}`,
        problem: `must be a string, got ${value === null ? 'null' : typeof value}`,
        hint: `pass ${name}: "value" (convert numbers with String()), or leave the header out`,
      });
    headers[name] = value;
  }
  // Values a headers function returns are learnt as they come, so they are masked like static ones.
  const learnt = provider ? createLearningRedactor() : undefined;
  const r = options.reconnect ?? {};
  return {
    ...options,
    url,
    headers,
    maxMessageBytes: positive('maxMessageBytes', options.maxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES, server),
    listen: options.listen ?? true,
    reconnect: {
      maxAttempts: positive('reconnect.maxAttempts', r.maxAttempts, DEFAULT_RECONNECT.maxAttempts, server),
      initialDelayMs: positive('reconnect.initialDelayMs', r.initialDelayMs, DEFAULT_RECONNECT.initialDelayMs, server),
      maxDelayMs: positive('reconnect.maxDelayMs', r.maxDelayMs, DEFAULT_RECONNECT.maxDelayMs, server),
    },
    closeTimeoutMs: positive('closeTimeoutMs', options.closeTimeoutMs, 2_000, server),
    endpointTimeoutMs: positive('endpointTimeoutMs', options.endpointTimeoutMs, 10_000, server),
    logger: options.logger ?? nullLogger,
    // The auth handler's secrets (tokens, client secrets) join as it obtains them: a server may echo them.
    redact: composeRedactors(createRedactor(collectSecrets({ headers, secrets: options.secrets })), learnt?.redact, options.auth?.redact),
    ...(provider && learnt
      ? { headersProvider: provider, onProvidedHeaders: (h: Record<string, string>) => learnt.learn(collectSecrets({ headers: h })) }
      : {}),
  };
}
