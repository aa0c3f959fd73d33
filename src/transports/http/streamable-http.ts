// Streamable HTTP (2025-03-26 and later): one POST per message, JSON or SSE answers, the session id,
// the protocol version header, the lazy GET stream, and DELETE on close (HTTP-1..7, HTTP-18..27).
import { Emitter } from '../../../protocol/events.js';
import { MAX_SHALLOW_TEXT_LENGTH } from '../../../protocol/jsonrpc/depth.js';
import { type BodyKind, bodyKindOf, deleteHeaders, isValidSessionId, McpHeaders, postHeaders, type HeaderState } from '../../../protocol/http/headers.js';
import { redactUrl, type Redact } from '../../../protocol/redact.js';
import { standardHeaders } from '../../../protocol/http/param-headers.js';
import type { JsonRpcMessage, RequestId } from '../../../protocol/jsonrpc/messages.js';
import { featuresOf } from '../../../protocol/mcp/versions.js';
import { SessionExpiredError } from '../../errors/http-errors.js';
import { TransportClosedError } from '../../errors/transport-errors.js';
import type { SendOptions, Transport, TransportEvents } from '../transport.js';
import { abortedByClose, type StreamContext } from './stream-context.js';
import { OpenRequests, type RequestAbort } from './request-abort.js';
import { Post, type PostHost } from './post.js';
import { HttpClient, type HttpResponse } from './http-client.js';
import { ListenStream } from './listen-stream.js';
import { normalizeHttpOptions, type HttpSessionEvents, type HttpTransportOptions, type NormalizedHttpOptions } from './options.js';
import { consumeResponseStream } from './response-stream.js';
import { deliverJson, unexpectedContentType } from './post-answer.js';

/**
 * The Streamable HTTP client transport.
 *
 * `send()` of a notification or response resolves once the server accepted it (202, or any 2xx:
 * a JSON or junk body on a notification is tolerated). `send()` of a request resolves once its
 * response has been delivered on `message` (from a JSON body or an SSE stream, resumed with
 * `Last-Event-ID` if it drops), or at once for a bodiless 2xx; it rejects when the answer cannot be
 * delivered, so the session fails that request instead of waiting for its timeout.
 *
 * Session expiry (HTTP-19): a 404 to a request that carried `Mcp-Session-Id` rejects with
 * {@link SessionExpiredError} (`MCPB_SESSION_EXPIRED`), emits `sessionExpired` on `sessionEvents`, and forgets the id,
 * so the next `initialize` starts a new session on this same transport. Retrying is the client's
 * job, and is safe only for requests the server provably did not run: idempotent ones (`initialize`,
 * `ping`, `tools/list` and other listings) may be re-sent after re-initializing. A `tools/call` may be
 * re-sent only when `context.requestMayHaveRun` is `false`: the 404 answered its own POST, so the
 * server refused it before dispatch. When the session vanished while the call's stream was being
 * resumed (`requestMayHaveRun: true`) the tool may have run, and it must not be re-sent.
 *
 * @example
 * const t = new StreamableHttpTransport({ url: 'https://example.com/mcp', headers: { authorization: `Bearer ${token}` } });
 */
export class StreamableHttpTransport implements Transport {
  readonly kind: string = 'streamable-http';
  readonly events = new Emitter<TransportEvents>();
  /** `sessionExpired` (HTTP-19), apart from `events` so the Transport contract stays as it is. */
  readonly sessionEvents = new Emitter<HttpSessionEvents>();
  private readonly options: NormalizedHttpOptions;
  private readonly client: HttpClient;
  private readonly ctx: StreamContext;
  private readonly listen: ListenStream;
  private readonly closing = new AbortController();
  /** See {@link Transport.deliveringShallow}: up while a value from a short JSON body or SSE event is delivered. */
  deliveringShallow = false;
  /** `closing` has aborted: a field, read per message, where the signal's `aborted` is a getter call. */
  private closed = false;
  /** Every POST not yet settled, requests and notifications alike (a request's handle knows its id). */
  private readonly open = new OpenRequests();
  private sessionId?: string;
  private protocolVersion?: string;
  /** 2026-07-28: stateless, standard headers, no session, GET stream, DELETE or resumption. */
  private modern = false;
  private closePromise?: Promise<void>;
  private postHeadersCache?: { sessionId?: string; protocolVersion?: string; headers: Record<string, string> };
  private readonly host: PostHost;

  constructor(options: HttpTransportOptions) {
    this.options = normalizeHttpOptions(options);
    this.client = new HttpClient(this.options);
    this.ctx = {
      client: this.client,
      url: this.options.url,
      server: this.options.serverName,
      maxMessageBytes: this.options.maxMessageBytes,
      reconnect: this.options.reconnect,
      logger: this.options.logger,
      headerState: () => this.headerState(),
      deliver: (value, textLength) => {
        if (this.closed) return;
        // As on stdio: the session skips the depth walk of a value from a text too short to fail it.
        this.deliveringShallow = textLength !== undefined && textLength <= MAX_SHALLOW_TEXT_LENGTH;
        this.events.emit('message', value);
        this.deliveringShallow = false;
      },
      report: (error) => {
        if (!this.closed) this.events.emit('error', error);
      },
      expireSession: (httpMethod, rpcMethod, mayHaveRun) => this.expire(httpMethod, rpcMethod, mayHaveRun),
      resuming: 0,
      onResumptionsDone: () => this.listen.resumptionsDone(),
    };
    this.listen = new ListenStream(this.ctx);
    this.host = this.postHost();
  }

  // Apart from the class's own members, so that what the POSTs need of it stays out of its public face.
  private postHost(): PostHost {
    const transport = this;
    return {
      ctx: this.ctx,
      url: this.options.url,
      get modern() {
        return transport.modern;
      },
      headersFor: (message, method, extra) => this.headersFor(message, method, extra),
      answer: (message, method, requestId, response, abort) => this.answer(message, method, requestId, response, abort),
      expire: (httpMethod, rpcMethod, mayHaveRun) => this.expire(httpMethod, rpcMethod, mayHaveRun),
      opened: (post) => this.open.add(post),
      closed: (post) => this.open.delete(post),
      outcome: (post, error) => (abortedByClose(this.closing.signal, post.reason) ? this.closedError() : error),
      undelivered: (error, message) => {
        this.events.emit('undelivered', { error, messages: [message] });
      },
    };
  }

  // A new session starts from an initialize that carries neither the old id nor the old version.
  private headersFor(message: JsonRpcMessage, method: string | undefined, extra: Record<string, string> | undefined): Record<string, string> {
    if (this.modern) return { ...extra, ...postHeaders({ custom: this.options.headers, protocolVersion: this.protocolVersion }), ...standardHeaders(message) };
    return method === 'initialize' ? postHeaders({ custom: this.options.headers }) : this.postHeaders();
  }

  /** Masks the configured header values and secrets. */
  get redact(): Redact {
    return this.options.redact;
  }

  /** The URL, redacted, for status lines and errors. */
  get target(): string {
    return this.options.redact(redactUrl(this.options.url));
  }

  /** The auth handler's request in flight, if any (see Transport.authStall). */
  authStall(): { step: string; url: string } | undefined {
    return this.options.auth?.stalledOn?.();
  }

  /** The session id the server assigned, if any (a secret: do not log it). */
  get currentSessionId(): string | undefined {
    return this.sessionId;
  }

  /** Nothing to open until the first POST; rejects only after `close()`. */
  async start(): Promise<void> {
    if (this.closed) throw this.closedError();
  }

  /**
   * HTTP-7: sent as `MCP-Protocol-Version` on every later request when that version uses the header;
   * a 2026-07-28 version switches to the stateless mode (HTTP-8, -14, -16); `undefined` goes back to
   * the handshake mode (the era probe failed, `initialize` comes next).
   */
  setProtocolVersion(version: string | undefined): void {
    const features = version === undefined ? undefined : featuresOf(version);
    this.protocolVersion = features?.protocolVersionHeader ? version : undefined;
    this.modern = features?.era === 'modern';
  }

  /** Whether the transport speaks the stateless 2026 mode. */
  get stateless(): boolean {
    return this.modern;
  }

  /**
   * POSTs one message (see the class notes for when it settles).
   * @throws HttpError (`MCPB_HTTP_STATUS`), HttpConnectError (`MCPB_HTTP_CONNECT`), SessionExpiredError
   *   (`MCPB_SESSION_EXPIRED`), HttpStreamError (`MCPB_HTTP_STREAM_LOST`), FramingError (`MCPB_FRAMING`,
   *   too large) (`MCPB_TRANSPORT_CLOSED`), or the signal's reason on abort.
   */
  send(message: JsonRpcMessage, options: SendOptions = {}): Promise<void> {
    if (this.closed) return Promise.reject(this.closedError());
    const method = 'method' in message ? message.method : undefined;
    if (this.modern && method === 'notifications/cancelled') {
      this.abortCancelled(message);
      return Promise.resolve();
    }
    const requestId = method !== undefined && 'id' in message ? (message.id as RequestId) : undefined;
    const post = new Post(this.host, message, method, requestId, options.headers, options.timeLeftMs);
    return new Promise((resolve, reject) => post.start(options.signal, resolve, reject));
  }

  /**
   * {@link StreamableHttpTransport.send} of a request without a promise: what `send` would reject
   * with comes as an `undelivered` event, later; `timeLeftMs` bounds the one 429 retry as in `send`.
   * @throws TransportClosedError (`MCPB_TRANSPORT_CLOSED`) after `close()`, or what `JSON.stringify`
   *   throws for a message that cannot be encoded.
   */
  fire(message: JsonRpcMessage, _alone?: boolean, signal?: AbortSignal, timeLeftMs?: number): void {
    if (this.closed) throw this.closedError();
    const method = 'method' in message ? message.method : undefined;
    if (method === undefined || !('id' in message) || (this.modern && method === 'notifications/cancelled')) {
      this.send(message, { signal }).catch((error: unknown) => this.events.emit('undelivered', { error, messages: [message] }));
      return;
    }
    new Post(this.host, message, method, message.id as RequestId, undefined, timeLeftMs).start(signal);
  }

  /** Takes a 2xx answer off its POST; a JSON one that came whole is delivered with no promise at all. */
  private answer(
    message: JsonRpcMessage,
    method: string | undefined,
    requestId: RequestId | undefined,
    response: HttpResponse,
    abort: RequestAbort,
  ): Promise<void> | void {
    if (method === 'initialize') this.adoptSession(response);
    if (method === 'notifications/cancelled') this.abortCancelled(message);
    const kind = bodyKindOf(response.header(McpHeaders.contentType));
    if (requestId === undefined) return this.afterNotification(method, kind, response, abort);
    if (kind === 'json') return deliverJson(this.ctx, response, method);
    if (kind === 'sse') return consumeResponseStream(this.ctx, response, { id: requestId, method, resumable: !this.modern }, abort.signal);
    if (kind === 'none' || response.status === 202 || response.status === 204) {
      response.discard();
      return;
    }
    return unexpectedContentType(this.ctx, response, method).then((error) => {
      throw error;
    });
  }

  private async afterNotification(method: string | undefined, kind: BodyKind, response: HttpResponse, abort: RequestAbort): Promise<void> {
    // HTTP-4 says 202 and no body; servers also send 200 with JSON (or junk). Tolerate it, read nothing.
    if (kind === 'sse') await consumeResponseStream(this.ctx, response, { method }, abort.signal);
    else response.discard();
    if (method === 'notifications/initialized' && this.options.listen) this.listen.open();
  }

  private adoptSession(response: HttpResponse): void {
    const id = response.header(McpHeaders.sessionId);
    // HTTP-18: only visible ASCII can be echoed; a malformed id is ignored rather than sent back broken.
    this.sessionId = id !== undefined && isValidSessionId(id) ? id : undefined;
  }

  // The stream of a cancelled request is of no further use (its late answer is ignored anyway).
  private abortCancelled(message: JsonRpcMessage): void {
    const params = 'params' in message ? message.params : undefined;
    const id = params?.requestId;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    // Cancelling is rare: a scan of the POSTs in flight beats a map kept up to date on every POST.
    this.open
      .list()
      .find((abort) => abort.requestId === id)
      ?.abort('request cancelled');
  }

  // Built once per (session id, version) pair, not per POST: the hot path sends thousands with the same.
  private postHeaders(): Record<string, string> {
    const cached = this.postHeadersCache;
    if (cached && cached.sessionId === this.sessionId && cached.protocolVersion === this.protocolVersion) return cached.headers;
    const headers = postHeaders(this.headerState());
    this.postHeadersCache = { sessionId: this.sessionId, protocolVersion: this.protocolVersion, headers };
    return headers;
  }

  private headerState(): HeaderState {
    return { custom: this.options.headers, sessionId: this.sessionId, protocolVersion: this.protocolVersion };
  }

  private expire(httpMethod: string, rpcMethod: string | undefined, requestMayHaveRun: boolean): SessionExpiredError {
    const error = new SessionExpiredError({ server: this.options.serverName, httpMethod, url: String(this.options.url), method: rpcMethod, requestMayHaveRun });
    if (this.sessionId !== undefined) {
      this.sessionId = undefined;
      this.listen.stop();
      if (!this.closing.signal.aborted) this.sessionEvents.emit('sessionExpired', error);
    }
    return error;
  }

  /**
   * Aborts every POST and stream, DELETEs the session (HTTP-20; 405 and errors ignored), closes the
   * pool, and emits `close` once. Bounded by `closeTimeoutMs`; idempotent.
   */
  close(): Promise<void> {
    this.closePromise ??= this.shutdown();
    return this.closePromise;
  }

  private async shutdown(): Promise<void> {
    const reason = this.closedError();
    this.closed = true;
    this.closing.abort(reason);
    for (const controller of this.open.list()) controller.abort(reason);
    this.listen.stop();
    const sessionId = this.sessionId;
    this.sessionId = undefined;
    if (sessionId !== undefined) await this.deleteSession(sessionId);
    await this.client.close(this.options.closeTimeoutMs);
    this.events.emit('close', { reason: 'closed', message: 'the HTTP transport was closed by the client' });
  }

  private closedError(): TransportClosedError {
    return new TransportClosedError({ transport: 'streamable-http', server: this.options.serverName });
  }

  private async deleteSession(sessionId: string): Promise<void> {
    const headers = deleteHeaders({ custom: this.options.headers, sessionId, protocolVersion: this.protocolVersion });
    const signal = AbortSignal.timeout(this.options.closeTimeoutMs);
    try {
      const response = await this.client.send({ method: 'DELETE', url: this.options.url, headers, signal });
      response.discard();
    } catch {
      // HTTP-20: a refused or failed DELETE changes nothing for us; the server will expire the session.
    }
  }
}
