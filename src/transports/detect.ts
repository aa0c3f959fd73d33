// Picks Streamable HTTP or legacy HTTP+SSE for one URL: explicitly, or (auto) from the server's answer
// to the first request, falling back to SSE on 400 / 404 / 405 without a modern error body (SSE-4, 2.4).
import { Emitter } from '../../protocol/events.js';
import { suggestsLegacySse } from '../../protocol/http/response-match.js';
import type { JsonRpcMessage, RequestId } from '../../protocol/jsonrpc/messages.js';
import type { Redact } from '../../protocol/redact.js';
import { HttpDetectError, HttpError } from '../errors/http-errors.js';
import { InvalidOptionsError } from '../errors/options-errors.js';
import { SseTransport } from './http/legacy-sse.js';
import type { HttpSessionEvents, HttpTransportOptions } from './http/options.js';
import { StreamableHttpTransport } from './http/streamable-http.js';
import type { SendOptions, Transport, TransportEvents } from './transport.js';

export { StreamableHttpTransport } from './http/streamable-http.js';
export { SseTransport } from './http/legacy-sse.js';
export type { HttpTransportOptions, HttpSessionEvents } from './http/options.js';

/** Options of {@link createHttpTransport}. */
export interface CreateHttpTransportOptions extends HttpTransportOptions {
  /**
   * `streamable-http` (2025-03-26 and later), `sse` (legacy 2024-11-05), or `auto`: POST first and
   * fall back to SSE when the answer says the server is a legacy one. @defaultValue 'auto'
   */
  transport?: 'auto' | 'streamable-http' | 'sse';
}

/** An HTTP transport whose `kind` tells which protocol was chosen. */
export interface HttpTransport extends Transport {
  /** `streamable-http` or `sse`; `auto` until the first request has been answered. */
  readonly kind: string;
  /** `sessionExpired` of the Streamable HTTP transport (never fires for SSE). */
  readonly sessionEvents: Emitter<HttpSessionEvents>;
}

/**
 * Creates the HTTP transport for `options.url`.
 * @example
 * const transport = createHttpTransport({ url: 'http://127.0.0.1:3000/mcp', headers: { authorization: 'Bearer …' } });
 * @throws InvalidOptionsError (`MCPB_INVALID_OPTIONS`) for invalid options (bad URL or transport, a header that is not a string, negative limits).
 */
export function createHttpTransport(options: CreateHttpTransportOptions): HttpTransport {
  const choice = options.transport ?? 'auto';
  if (choice === 'streamable-http') return new StreamableHttpTransport(options);
  if (choice === 'sse') return Object.assign(new SseTransport(options), { sessionEvents: new Emitter<HttpSessionEvents>() });
  if (choice !== 'auto')
    throw new InvalidOptionsError({
      server: options.serverName,
      where: 'HTTP transport',
      option: 'transport',
      problem: `must be 'auto', 'streamable-http' or 'sse', got ${JSON.stringify(String(choice)).slice(0, 60)}`,
      hint:
        choice === 'http'
          ? "use 'auto' (Streamable HTTP, falling back to legacy SSE), as hosts mean by http"
          : "use 'auto' unless the server needs one transport",
    });
  return new AutoHttpTransport(options);
}

/** Streamable HTTP until the first request proves the server legacy; then SSE for the rest of its life. */
class AutoHttpTransport implements HttpTransport {
  readonly events = new Emitter<TransportEvents>();
  readonly sessionEvents = new Emitter<HttpSessionEvents>();
  private current: Transport;
  private decided?: 'streamable-http' | 'sse';
  private detaching: (() => void)[] = [];
  private protocolVersion?: string;

  constructor(private readonly options: CreateHttpTransportOptions) {
    const streamable = new StreamableHttpTransport(options);
    this.current = streamable;
    this.attach(streamable);
    this.detaching.push(streamable.sessionEvents.on('sessionExpired', (e) => this.sessionEvents.emit('sessionExpired', e)));
  }

  get kind(): string {
    return this.decided ?? 'auto';
  }

  get target(): string | undefined {
    return this.current.target;
  }

  get redact(): Redact | undefined {
    return this.current.redact;
  }

  get currentSessionId(): string | undefined {
    return this.current.currentSessionId;
  }

  /** The decided transport's, read inside the `message` emit it forwards. */
  get deliveringShallow(): boolean | undefined {
    return this.current.deliveringShallow;
  }

  authStall(): { step: string; url: string } | undefined {
    return this.current.authStall?.();
  }

  start(): Promise<void> {
    return this.current.start();
  }

  setProtocolVersion(version: string | undefined): void {
    this.protocolVersion = version;
    this.current.setProtocolVersion?.(version);
  }

  /**
   * The first request decides: a Streamable HTTP answer keeps it; an HTTP 400 / 404 / 405 without a
   * modern JSON-RPC error body opens the legacy SSE stream and re-sends the same message there.
   * @throws HttpDetectError (`MCPB_HTTP_DETECT_FAILED`) when SSE fails too, naming both answers.
   */
  send(message: JsonRpcMessage, options?: SendOptions): Promise<void> {
    // Once decided, the chosen transport's own promise: no async layer per message.
    if (this.decided || !('method' in message && 'id' in message)) return this.current.send(message, options);
    return this.detect(message, options);
  }

  /**
   * Once decided, the chosen transport's own `fire` (or its `send`, whose failure comes back as
   * `undelivered`); before that, the first request decides through {@link AutoHttpTransport.send}.
   */
  fire(message: JsonRpcMessage, alone?: boolean, signal?: AbortSignal, timeLeftMs?: number): void {
    const current = this.current;
    if (this.decided && current.fire) {
      current.fire(message, alone, signal, timeLeftMs);
      return;
    }
    const requestId = 'id' in message ? (message.id as RequestId) : undefined;
    this.send(message, { requestId, signal, timeLeftMs }).catch((error: unknown) => this.events.emit('undelivered', { error, messages: [message] }));
  }

  private async detect(message: JsonRpcMessage & { method: string }, options?: SendOptions): Promise<void> {
    // The era probe decides nothing here: what its refusal means is the era detector's call (3.3).
    if (message.method === 'server/discover') {
      await this.current.send(message, options);
      this.decided = 'streamable-http';
      return;
    }
    try {
      await this.current.send(message, options);
      this.decided = 'streamable-http';
      return;
    } catch (error) {
      if (!(error instanceof HttpError) || !suggestsLegacySse(error.status, error.body)) {
        // A server that answered at all with a non-fallback status is a Streamable HTTP one.
        if (error instanceof HttpError) this.decided = 'streamable-http';
        throw error;
      }
      await this.fallBack(error);
    }
    return this.current.send(message, options);
  }

  private async fallBack(streamableError: HttpError): Promise<void> {
    this.options.logger?.debug('POST was refused; trying the legacy HTTP+SSE transport', { server: this.options.serverName, status: streamableError.status });
    const legacy = new SseTransport(this.options);
    try {
      await legacy.start();
    } catch (legacyError) {
      await legacy.close().catch(() => undefined);
      throw new HttpDetectError({ server: this.options.serverName, url: String(this.options.url) }, streamableError, legacyError);
    }
    const old = this.current;
    for (const off of this.detaching.splice(0)) off();
    await old.close().catch(() => undefined);
    this.current = legacy;
    this.attach(legacy);
    if (this.protocolVersion) legacy.setProtocolVersion(this.protocolVersion);
    this.decided = 'sse';
  }

  private attach(transport: Transport): void {
    this.detaching.push(
      transport.events.on('message', (v) => this.events.emit('message', v)),
      transport.events.on('error', (e) => this.events.emit('error', e)),
      transport.events.on('close', (i) => this.events.emit('close', i)),
      transport.events.on('undelivered', (u) => this.events.emit('undelivered', u)),
    );
  }

  close(): Promise<void> {
    return this.current.close();
  }
}
