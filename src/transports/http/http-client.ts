// One server's HTTP client over its connection pool (pool.ts: which dispatcher, proxies, keep-alive):
// provided headers, auth challenges, same-origin redirects, and connection failures mapped to typed
// errors. `fetch`, for auth handlers, is loaded from undici on first use.
import { decideRedirect, isRedirectStatus, MAX_REDIRECTS } from '../../../protocol/http/redirect.js';
import { HttpError, HttpHeadersError } from '../../errors/http-errors.js';
import { connectFailure } from './connect-failure.js';
import { hasStaticAuthorization, isAuthChallenge, type AuthFetch, type AuthHandler } from './auth-handler.js';
import { dispatchExchange, targetOf, type AbortSource, type ExchangeSink, type RequestAbort } from './exchange.js';
import { ConnectionPool, type Dispatcher } from './pool.js';

import type { HeadersProvider } from '../../../protocol/http/headers.js';

export type { Dispatcher, HeadersProvider };

/** How to reach the network. */
export interface HttpClientOptions {
  /** Configured server name, for error messages. */
  serverName?: string;
  /** Milliseconds allowed for the TCP/TLS connection. @defaultValue 10000 */
  connectTimeoutMs?: number;
  /** Milliseconds an idle keep-alive socket is kept for reuse. @defaultValue 4000 */
  keepAliveTimeoutMs?: number;
  /**
   * `env` (default) honours HTTP_PROXY / HTTPS_PROXY / NO_PROXY (lower-case too); `none` connects
   * directly; an object overrides the variables.
   */
  proxy?: 'env' | 'none' | { httpProxy?: string; httpsProxy?: string; noProxy?: string };
  /** A dispatcher to use instead of our own (tests); it is not closed by {@link HttpClient.close}. */
  dispatcher?: Dispatcher;
  /**
   * Authorization for every request (OAuth, or a host's own tokens). Ignored when the request's
   * headers already carry `Authorization` (static auth: no discovery).
   */
  auth?: AuthHandler;
  /**
   * Called before every request; what it returns is added to the request's headers (never over the
   * protocol's own: session id, version, Accept, Content-Type). An `Authorization` among them means
   * static auth, as in `headers`.
   */
  headersProvider?: HeadersProvider;
  /** Receives each set of headers the provider returned (the transports learn them as secrets). */
  onProvidedHeaders?: (headers: Record<string, string>) => void;
}

/** Authorizations in a row for one request before its refusal is handed back (step-up's 3, plus one). */
const MAX_AUTH_RETRIES = 4;

/** One HTTP exchange to perform. */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string | URL;
  headers: Record<string, string>;
  body?: string;
  /** Each request gets its own signal; never share one between requests. */
  signal?: AbortSignal;
  /** Instead of `signal`: a handle that makes no AbortSignal unless one is needed (the POST hot path). */
  abort?: RequestAbort;
  /** JSON-RPC method being carried, for error messages. */
  rpcMethod?: string;
}

/** A response whose body has not been read yet. Read it once: `text()`, `chunks()` or `discard()`. */
export interface HttpResponse {
  status: number;
  statusText: string;
  /** Lower-case names; the first value of a repeated header. */
  readonly headers: Record<string, string | undefined>;
  /** One header's first value, by its lower-case name, without reading the others. */
  header(name: string): string | undefined;
  /** The body as raw chunks; breaking out of the loop destroys the body. */
  chunks(): AsyncIterable<Uint8Array>;
  /** The body as text, failing with `tooLarge(bytes)` once it exceeds `limitBytes`. */
  text(limitBytes: number, tooLarge: (bytes: number, head: string) => Error): Promise<string>;
  /**
   * The body as text, read now, when all of it has arrived within `limitBytes` and nothing else read
   * it; otherwise `undefined`, and nothing is read (call `text()`, which also reports what went wrong).
   */
  textIfComplete(limitBytes: number): string | undefined;
  /** Drops the body without reading it (frees the socket for reuse). */
  discard(): void;
}

/** One server's HTTP client: its connections, provided headers, auth, redirects and typed failures. */
export class HttpClient {
  private readonly pool: ConnectionPool;
  /** The last URL sent to, with its origin and path: a URL's `origin` getter builds a new string per call. */
  private lastUrl?: URL;
  private lastTarget?: { origin: string; path: string };

  constructor(private readonly options: HttpClientOptions = {}) {
    this.pool = new ConnectionPool({ ...options, usesFetch: options.auth !== undefined });
  }

  /** `fetch` through this server's dispatcher, for the auth handler's own requests (proxies and NO_PROXY apply). */
  readonly fetch: AuthFetch = (url, init) => this.pool.fetch(url, init);

  /**
   * Performs one exchange and resolves at the response headers, whatever the status. With an auth
   * handler, adds its Authorization value, and on a challenge lets it authorize and sends again.
   * @throws the signal's reason when aborted; HttpConnectError (`MCPB_HTTP_CONNECT`) when no answer came;
   *   the auth handler's typed errors (`MCPB_AUTH_*`).
   */
  send(request: HttpRequest): Promise<HttpResponse> {
    // Without provided headers or an auth handler, the exchange's own promise comes back: no async
    // layer around it (each costs a promise and turns of the microtask queue per POST).
    if (this.options.headersProvider || this.options.auth) return this.sendPrepared(request);
    return this.withRedirects(request);
  }

  private async sendPrepared(request: HttpRequest): Promise<HttpResponse> {
    const req = this.options.headersProvider ? await this.withProvidedHeaders(request, this.options.headersProvider) : request;
    const auth = this.options.auth;
    if (!auth || hasStaticAuthorization(req.headers)) return await this.withRedirects(req);
    for (let retries = 0; ; retries++) {
      const value = await auth.authorization({ signal: signalOf(req), fetch: this.fetch });
      const proof =
        value !== undefined && auth.proofHeaders ? await auth.proofHeaders({ httpMethod: req.method, url: String(req.url), authorization: value }) : undefined;
      const response = await this.withRedirects(value ? { ...req, headers: { ...req.headers, ...proof, authorization: value } } : req);
      const nonce = response.header('dpop-nonce');
      if (nonce !== undefined) auth.onDpopNonce?.(String(req.url), nonce);
      const wwwAuthenticate = response.header('www-authenticate');
      if (!isAuthChallenge(response.status, wwwAuthenticate)) {
        if (value !== undefined && response.status < 400) auth.onAccepted?.();
        return response;
      }
      if (retries >= MAX_AUTH_RETRIES) return response;
      let retry: boolean;
      try {
        retry = await auth.onChallenge({
          status: response.status,
          wwwAuthenticate,
          httpMethod: req.method,
          rpcMethod: req.rpcMethod,
          sentAuthorization: value,
          signal: signalOf(req),
          fetch: this.fetch,
        });
      } catch (error) {
        response.discard();
        throw error;
      }
      if (!retry) return response;
      response.discard();
    }
  }

  /** `req` with the provider's headers added; the protocol's own headers win. @throws HttpHeadersError */
  private async withProvidedHeaders(req: HttpRequest, provider: HeadersProvider): Promise<HttpRequest> {
    const where = { server: this.options.serverName, httpMethod: req.method, url: String(req.url), method: req.rpcMethod };
    let provided: unknown;
    try {
      provided = await provider();
    } catch (error) {
      throw new HttpHeadersError(where, `it threw: ${error instanceof Error ? error.message : String(error)}`, error);
    }
    if (typeof provided !== 'object' || provided === null || Array.isArray(provided))
      throw new HttpHeadersError(where, `it returned ${provided === null ? 'null' : Array.isArray(provided) ? 'an array' : typeof provided}, not an object`);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(provided)) {
      if (typeof value !== 'string') throw new HttpHeadersError(where, `header "${name}" is ${typeof value}, not a string`);
      headers[name.toLowerCase()] = value;
    }
    this.options.onProvidedHeaders?.(headers);
    return { ...req, headers: { ...headers, ...req.headers } };
  }

  /**
   * One exchange, resolved at the response headers whatever the status. A redirect to
   * the same origin is followed with the same method, headers and body (307/308; for GET also
   * 301/302/303), at most {@link MAX_REDIRECTS} times; any other redirect is refused, naming its `Location`.
   * @throws the signal's reason when aborted; HttpConnectError (`MCPB_HTTP_CONNECT`) when no answer came;
   *   HttpError (`MCPB_HTTP_STATUS`, with `location`) for a redirect that is not followed.
   */
  private withRedirects(req: HttpRequest): Promise<HttpResponse> {
    // Never mutated: a followed redirect gets a URL of its own.
    let url: URL;
    try {
      url = req.url instanceof URL ? req.url : new URL(req.url);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.exchange(req, url, 0);
  }

  /**
   * Whether {@link HttpClient.fire} may be used: no provided headers and no auth handler, whose
   * promises would stand between the request and its exchange.
   */
  get direct(): boolean {
    return !this.options.headersProvider && !this.options.auth;
  }

  /**
   * {@link HttpClient.send} without a promise, for a client that is {@link HttpClient.direct}: `sink`
   * hears the head of the first hop (a redirect is the caller's to follow, see
   * {@link HttpClient.followLater}) or the raw failure (map it with {@link HttpClient.failure}).
   */
  fire(method: HttpRequest['method'], url: URL, headers: Record<string, string>, body: string | undefined, abort: AbortSource, sink: ExchangeSink): void {
    const target = this.targetOf(url);
    let dispatcher: Pick<Dispatcher, 'dispatch'>;
    try {
      dispatcher = this.pool.next(target.origin);
    } catch (error) {
      sink.onFailure(error);
      return;
    }
    dispatchExchange(dispatcher, { origin: target.origin, path: target.path, method, headers, body }, abort, sink);
  }

  /** Hop `hops` of a request: its exchange's promise resolves with the final response, redirects followed. */
  private exchange(req: HttpRequest, url: URL, hops: number): Promise<HttpResponse> {
    return new Promise((resolve, reject) => this.dispatch(req, url, new Hop(this, req, url, hops, resolve, reject)));
  }

  private targetOf(url: URL): { origin: string; path: string } {
    let target = this.lastTarget;
    if (url !== this.lastUrl || !target) {
      target = targetOf(url);
      this.lastUrl = url;
      this.lastTarget = target;
    }
    return target;
  }

  private dispatch(req: HttpRequest, url: URL, sink: ExchangeSink): void {
    this.fire(req.method, url, req.headers, req.body, req.abort ?? req.signal, sink);
  }

  /** @internal A redirect answered hop `hops`: followed a turn later, so the next hop is not dispatched from inside the parser's callback. */
  followLater(req: HttpRequest, url: URL, response: HttpResponse, hops: number): Promise<HttpResponse> {
    return Promise.resolve().then(() => this.redirected(req, url, response, hops));
  }

  /** @internal A redirect answered hop `hops`: the next hop's response, or the HttpError refusing it. */
  async redirected(req: HttpRequest, url: URL, response: HttpResponse, hops: number): Promise<HttpResponse> {
    response.discard();
    const decision = decideRedirect(req.method, response.status, url, response.headers.location);
    if (decision.kind === 'follow' && hops < MAX_REDIRECTS) return await this.exchange(req, decision.url, hops + 1);
    const reason = decision.kind === 'refuse' ? decision.reason : `more than ${MAX_REDIRECTS} redirects in a row`;
    const location = decision.kind === 'follow' ? decision.url : decision.location;
    const hasSessionId = Object.keys(req.headers).some((name) => name.toLowerCase() === 'mcp-session-id');
    throw new HttpError({
      server: this.options.serverName,
      httpMethod: req.method,
      url: String(url),
      method: req.rpcMethod,
      status: response.status,
      statusText: response.statusText,
      body: '',
      hasSessionId,
      location: location?.toString(),
      redirect: reason,
    });
  }

  /** @internal What an exchange that got no answer rejects with: the abort reason, or a typed connect failure. */
  failure(req: HttpRequest, url: URL, error: unknown): unknown {
    const abort = req.abort ?? req.signal;
    if (abort?.aborted) return abort.reason;
    return connectFailure({ server: this.options.serverName, httpMethod: req.method, url: String(url), method: req.rpcMethod }, error);
  }

  /** Closes the connections: idle sockets now, busy ones after at most `graceMs`. Idempotent. */
  async close(graceMs = 1_000): Promise<void> {
    await this.pool.close(graceMs);
  }
}

/** One hop of a request on the promise path: typed failures, redirects followed, one object per hop. */
class Hop implements ExchangeSink {
  constructor(
    private readonly client: HttpClient,
    private readonly req: HttpRequest,
    private readonly url: URL,
    private readonly hops: number,
    private readonly resolve: (response: HttpResponse | Promise<HttpResponse>) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  onFailure(error: unknown): void {
    this.reject(this.client.failure(this.req, this.url, error));
  }

  onHead(response: HttpResponse): void {
    this.resolve(isRedirectStatus(response.status) ? this.client.followLater(this.req, this.url, response, this.hops) : response);
  }
}

/** The signal an auth handler is given: the request's own, or one made from its abort handle. */
function signalOf(req: HttpRequest): AbortSignal | undefined {
  return req.signal ?? req.abort?.signal;
}
