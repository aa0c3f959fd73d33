// Legacy HTTP+SSE (2024-11-05): GET the SSE URL, wait for the `endpoint` event, POST every message
// there, read every answer from the stream; the stream ending ends the connection (SSE-1..3).
import { InvalidMessageError, FramingError } from '../../../protocol/errors/protocol-errors.js';
import { Emitter } from '../../../protocol/events.js';
import { mapSseEvent, resolveEndpoint } from '../../../protocol/framing/sse-event.js';
import { bodyKindOf, CONTENT_TYPE_JSON, getHeaders, McpHeaders } from '../../../protocol/http/headers.js';
import { redactUrl, type Redact } from '../../../protocol/redact.js';
import type { JsonRpcMessage } from '../../../protocol/jsonrpc/messages.js';
import { featuresOf } from '../../../protocol/mcp/versions.js';
import { HttpError, SseEndpointError } from '../../errors/http-errors.js';
import { TransportClosedError } from '../../errors/transport-errors.js';
import type { SendOptions, Transport, TransportCloseInfo, TransportEvents } from '../transport.js';
import { abortedByClose, linkedController } from './stream-context.js';
import { HttpClient } from './http-client.js';
import { normalizeHttpOptions, type HttpTransportOptions, type NormalizedHttpOptions } from './options.js';
import { readSse, type SseCursor } from './sse-reader.js';

const ERROR_BODY_LIMIT = 64 * 1024;

/**
 * The legacy HTTP+SSE client transport of protocol 2024-11-05. `start()` resolves once the server's
 * `endpoint` event has named a same-origin URL to POST to; `send()` resolves when a POST is accepted
 * (answers arrive on the stream). When the SSE stream ends or breaks, the connection is over: `close`
 * is emitted with reason `disconnected`, since the server's session died with the stream (SSE-3).
 */
export class SseTransport implements Transport {
  readonly kind: string = 'sse';
  readonly events = new Emitter<TransportEvents>();
  private readonly options: NormalizedHttpOptions;
  private readonly client: HttpClient;
  private readonly closing = new AbortController();
  private endpoint?: URL;
  private protocolVersion?: string;
  private startPromise?: Promise<void>;
  private closePromise?: Promise<void>;
  private closed = false;

  constructor(options: HttpTransportOptions) {
    this.options = normalizeHttpOptions(options);
    this.client = new HttpClient(this.options);
  }

  /** Masks the configured header values and secrets. */
  get redact(): Redact {
    return this.options.redact;
  }

  /** The SSE URL, redacted, for status lines and errors. */
  get target(): string {
    return this.options.redact(redactUrl(this.options.url));
  }

  /** The auth handler's request in flight, if any (see Transport.authStall). */
  authStall(): { step: string; url: string } | undefined {
    return this.options.auth?.stalledOn?.();
  }

  /** The URL messages are POSTed to, once known. */
  get endpointUrl(): URL | undefined {
    return this.endpoint;
  }

  /**
   * Opens the SSE stream and waits for the `endpoint` event (SSE-2). Idempotent.
   * @throws HttpError (`MCPB_HTTP_STATUS`), HttpConnectError (`MCPB_HTTP_CONNECT`), SseEndpointError (`MCPB_SSE_ENDPOINT`).
   */
  start(): Promise<void> {
    this.startPromise ??= this.open();
    return this.startPromise;
  }

  /** Only a header on versions that define it (HTTP-7); 2024-11-05 servers ignore it. */
  setProtocolVersion(version: string | undefined): void {
    this.protocolVersion = version !== undefined && featuresOf(version)?.protocolVersionHeader ? version : undefined;
  }

  private async open(): Promise<void> {
    const url = this.options.url;
    if (this.closing.signal.aborted) throw this.closedError();
    const headers = getHeaders({ custom: this.options.headers });
    const response = await this.client.send({ method: 'GET', url, headers, signal: this.closing.signal });
    if (response.status < 200 || response.status >= 300) {
      const body = await response.text(ERROR_BODY_LIMIT, () => new Error('too large')).catch(() => '');
      throw new HttpError({
        server: this.options.serverName,
        httpMethod: 'GET',
        url: String(url),
        status: response.status,
        statusText: response.statusText,
        body,
        hasSessionId: false,
      });
    }
    if (bodyKindOf(response.headers[McpHeaders.contentType]) !== 'sse') {
      response.discard();
      throw new SseEndpointError(
        { server: this.options.serverName, url: String(url) },
        `GET answered ${response.headers[McpHeaders.contentType] ?? 'no Content-Type'}, not text/event-stream`,
      );
    }
    let settle!: (error?: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve());
    });
    const timer = setTimeout(
      () =>
        settle(new SseEndpointError({ server: this.options.serverName, url: String(url) }, `no endpoint event within ${this.options.endpointTimeoutMs} ms`)),
      this.options.endpointTimeoutMs,
    );
    const cursor: SseCursor = {};
    void readSse(response.chunks(), {
      maxEventChars: this.options.maxMessageBytes,
      cursor,
      onEvent: (event) => {
        const mapped = mapSseEvent(event);
        if (mapped.kind === 'endpoint') {
          if (this.endpoint) return;
          const resolved = resolveEndpoint(url, mapped.uri);
          if (resolved.ok) {
            this.endpoint = resolved.url;
            settle();
          } else settle(new SseEndpointError({ server: this.options.serverName, url: String(url) }, resolved.reason));
        } else if (mapped.kind === 'message') {
          if (!this.closed) this.events.emit('message', mapped.value);
        } else if (mapped.kind === 'invalid' && !this.closed) {
          this.events.emit('error', new InvalidMessageError(mapped.reason, mapped.excerpt, this.options.serverName));
        }
      },
    }).then((end) => {
      const reason =
        end.kind === 'error'
          ? `the SSE stream broke (${end.error instanceof Error ? end.error.message : String(end.error)})`
          : end.kind === 'too-large'
            ? `an SSE event exceeded the ${end.limit}-byte message limit`
            : 'the server closed the SSE stream';
      if (end.kind === 'too-large' && !this.closed)
        this.events.emit('error', new FramingError('too-large', reason, { limit: end.limit, server: this.options.serverName }));
      settle(new SseEndpointError({ server: this.options.serverName, url: String(url) }, `${reason} before sending the endpoint event`));
      if (!this.closing.signal.aborted && this.endpoint) {
        this.finish({
          reason: 'disconnected',
          message: `${reason}; a legacy SSE connection cannot be resumed`,
          error: end.kind === 'error' ? end.error : undefined,
        });
        void this.client.close(this.options.closeTimeoutMs);
      }
    });
    try {
      await ready;
    } catch (error) {
      this.closing.abort(error);
      await this.client.close(this.options.closeTimeoutMs);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * POSTs one message to the endpoint; resolves when the server accepted it.
   * @throws HttpError (`MCPB_HTTP_STATUS`), HttpConnectError (`MCPB_HTTP_CONNECT`)
   *   (`MCPB_TRANSPORT_CLOSED`), or the signal's reason on abort.
   */
  async send(message: JsonRpcMessage, options: SendOptions = {}): Promise<void> {
    const method = 'method' in message ? message.method : undefined;
    if (this.closed || this.closing.signal.aborted) throw this.closedError();
    if (!this.endpoint) await this.start();
    const endpoint = this.endpoint!;
    const headers: Record<string, string> = { ...lower(this.options.headers), [McpHeaders.contentType]: CONTENT_TYPE_JSON };
    if (this.protocolVersion) headers[McpHeaders.protocolVersion] = this.protocolVersion;
    const { controller, dispose } = linkedController(options.signal, this.closing.signal);
    try {
      const response = await this.client.send({
        method: 'POST',
        url: endpoint,
        headers,
        body: JSON.stringify(message),
        signal: controller.signal,
        rpcMethod: method,
      });
      if (response.status < 200 || response.status >= 300) {
        const body = await response.text(ERROR_BODY_LIMIT, () => new Error('too large')).catch(() => '');
        throw new HttpError({
          server: this.options.serverName,
          httpMethod: 'POST',
          url: String(endpoint),
          method,
          status: response.status,
          statusText: response.statusText,
          body,
          hasSessionId: false,
        });
      }
      response.discard();
    } catch (error) {
      throw abortedByClose(this.closing.signal, controller.signal.reason) ? this.closedError() : error;
    } finally {
      dispose();
    }
  }

  /** Ends the SSE stream and the pool; emits `close` once. Idempotent. */
  close(): Promise<void> {
    this.closePromise ??= (async () => {
      this.closing.abort(this.closedError());
      await this.client.close(this.options.closeTimeoutMs);
      this.finish({ reason: 'closed', message: 'the SSE transport was closed by the client' });
    })();
    return this.closePromise;
  }

  private closedError(): TransportClosedError {
    return new TransportClosedError({ transport: 'sse', server: this.options.serverName });
  }

  private finish(info: TransportCloseInfo): void {
    if (this.closed) return;
    this.closed = true;
    this.events.emit('close', info);
  }
}

function lower(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}
