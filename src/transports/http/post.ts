// One POST of the Streamable HTTP transport, from its headers to its delivered answer, as an object
// that the exchange calls back: `send()` wraps it in a promise, `fire()` reports its failure as the
// transport's `undelivered` event. Both run the same steps (429 retry, session expiry, in-band 2026
// errors, JSON or SSE answers), so a request has the same outcomes on either path; on the fired path
// a JSON answer costs no promise at all.
import type { JsonRpcMessage, RequestId } from '../../../protocol/jsonrpc/messages.js';
import { isRedirectStatus } from '../../../protocol/http/redirect.js';
import { McpHeaders } from '../../../protocol/http/headers.js';
import type { HttpError } from '../../errors/http-errors.js';
import type { ExchangeSink } from './exchange.js';
import type { HttpClient, HttpRequest, HttpResponse } from './http-client.js';
import { fitsBefore, statusError } from './post-answer.js';
import { RequestAbort } from './request-abort.js';
import { sleep, type StreamContext } from './stream-context.js';

/** What a {@link Post} needs of its transport. */
export interface PostHost {
  readonly ctx: StreamContext;
  readonly url: URL;
  /** 2026-07-28 stateless mode: a refused request's 400/404 JSON-RPC error body is its answer (HTTP-15). */
  readonly modern: boolean;
  /** The headers of one attempt (they may change between attempts: a session that expired, a new version). */
  headersFor(message: JsonRpcMessage, method: string | undefined, extra: Record<string, string> | undefined): Record<string, string>;
  /** Takes a 2xx answer off the POST: delivered now, or the promise of its delivery. */
  answer(
    message: JsonRpcMessage,
    method: string | undefined,
    requestId: RequestId | undefined,
    response: HttpResponse,
    abort: RequestAbort,
  ): Promise<void> | void;
  /** A 404 to a POST that carried the session id: forgets the session, returns its error (HTTP-19). */
  expire(httpMethod: string, rpcMethod: string | undefined, requestMayHaveRun: boolean): unknown;
  /** The POST is in flight (close() aborts it) ... */
  opened(post: Post): void;
  /** ... and no longer. */
  closed(post: Post): void;
  /** What a failure is reported as: the transport-closed error when close() aborted the POST. */
  outcome(post: Post, error: unknown): unknown;
  /** A fired POST failed: the transport's `undelivered` event. */
  undelivered(error: unknown, message: JsonRpcMessage): void;
}

const NO_HEADERS: Record<string, string> = {};

/**
 * Heads that arrived during one parse, read in one microtask once it is over: one task per batch
 * of answers, not a closure and a task per POST.
 */
let heads: Post[] = [];

function readHeads(): void {
  const batch = heads;
  heads = [];
  for (const post of batch) post.readHead();
}

/** One POST in flight; also its abort handle, listed in the transport's open requests. */
export class Post extends RequestAbort implements ExchangeSink {
  private body = '';
  private headers: Record<string, string> = NO_HEADERS;
  private head?: HttpResponse;
  private sentSession = false;
  private retryBy: number | undefined;
  private unlink?: () => void;
  private resolve?: () => void;
  private reject?: (error: unknown) => void;
  private settled = false;

  constructor(
    private readonly host: PostHost,
    private readonly message: JsonRpcMessage,
    private readonly method: string | undefined,
    requestId: RequestId | undefined,
    private readonly extraHeaders: Record<string, string> | undefined,
    timeLeftMs: number | undefined,
  ) {
    super(requestId);
    // A 429 is retried once, when its Retry-After ends within the request's time.
    this.retryBy = requestId !== undefined && timeLeftMs !== undefined ? Date.now() + timeLeftMs : undefined;
  }

  /**
   * Sends it; `done`/`failed` given: the promise path, else failures go to `undelivered`.
   * @throws what `JSON.stringify` throws for a message that cannot be encoded, before anything is sent.
   */
  start(signal: AbortSignal | undefined, done?: () => void, failed?: (error: unknown) => void): void {
    this.body = JSON.stringify(this.message);
    this.resolve = done;
    this.reject = failed;
    // Never share one signal between requests: each POST is its own abort handle, which makes an
    // AbortSignal only if a stream read, a wait or an auth handler needs one. It follows the caller's
    // signal only when there is one; close() aborts it through the transport's open list.
    if (signal) this.unlink = this.follow(signal);
    this.host.opened(this);
    this.dispatch();
  }

  private dispatch(): void {
    try {
      const headers = this.host.headersFor(this.message, this.method, this.extraHeaders);
      this.headers = headers;
      this.sentSession = headers[McpHeaders.sessionId] !== undefined;
      const client: HttpClient = this.host.ctx.client;
      if (client.direct) client.fire('POST', this.host.url, headers, this.body, this, this);
      else
        client.send(this.request()).then(
          (response: HttpResponse) => this.received(response),
          (error: unknown) => this.fail(error),
        );
    } catch (error) {
      this.fail(error);
    }
  }

  /** The attempt as an HttpRequest: built only when the client needs one (auth, a redirect, a failure). */
  private request(): HttpRequest & { url: URL } {
    return { method: 'POST', url: this.host.url, headers: this.headers, body: this.body, abort: this, rpcMethod: this.method };
  }

  /** @internal The first hop's head, from inside the parser: read a turn later, once the chunks that came with it are in. */
  onHead(response: HttpResponse): void {
    if (isRedirectStatus(response.status)) {
      this.host.ctx.client.followLater(this.request(), this.host.url, response, 0).then(
        (followed: HttpResponse) => this.received(followed),
        (error: unknown) => this.fail(error),
      );
      return;
    }
    this.head = response;
    if (heads.push(this) === 1) queueMicrotask(readHeads);
  }

  /** @internal No answer to the first hop. */
  onFailure(error: unknown): void {
    this.fail(this.host.ctx.client.failure(this.request(), this.host.url, error));
  }

  /** @internal Reads the head stored by {@link Post.onHead}. */
  readHead(): void {
    const response = this.head!;
    this.head = undefined;
    this.received(response);
  }

  private received(response: HttpResponse): void {
    try {
      const status = response.status;
      if (status === 404 && this.sentSession) {
        response.discard();
        this.fail(this.host.expire('POST', this.method, false));
        return;
      }
      if (status < 200 || status >= 300) {
        // Whatever throws on the way (a host's logger) fails this POST, not the process.
        statusError(this.host.ctx, response, 'POST', this.method, this.sentSession)
          .then((error) => this.refused(error))
          .catch((error: unknown) => this.fail(error));
        return;
      }
      const reading = this.host.answer(this.message, this.method, this.requestId, response, this);
      if (reading)
        reading.then(
          () => this.succeed(),
          (error: unknown) => this.fail(error),
        );
      else this.succeed();
    } catch (error) {
      this.fail(error);
    }
  }

  private refused(error: HttpError): void {
    if (error.status === 429 && this.retryBy !== undefined && fitsBefore(error.retryAfter, this.retryBy)) {
      const ctx = this.host.ctx;
      ctx.logger.debug('rate limited: retrying once after Retry-After', { server: ctx.server, method: this.method, retryAfter: error.retryAfter!.raw });
      this.retryBy = undefined;
      sleep(error.retryAfter!.delayMs, this.signal).then(
        () => this.dispatch(),
        (reason: unknown) => this.fail(reason),
      );
      return;
    }
    // HTTP-15: a 2026 server answers refused requests with 400/404 and a JSON-RPC error body; that
    // error is the request's answer, delivered like any other (auth statuses stay HTTP errors).
    const id = this.requestId;
    const inBand = this.host.modern && id !== undefined && (error.status === 400 || error.status === 404) ? error.rpcError : undefined;
    if (!inBand) {
      this.fail(error);
      return;
    }
    this.host.ctx.deliver({ jsonrpc: '2.0', id, error: inBand });
    this.succeed();
  }

  private succeed(): void {
    if (this.finish()) this.resolve?.();
  }

  private fail(error: unknown): void {
    if (!this.finish()) return;
    const outcome = this.host.outcome(this, error);
    if (this.reject) this.reject(outcome);
    else this.host.undelivered(outcome, this.message);
  }

  private finish(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.unlink?.();
    this.host.closed(this);
    return true;
  }
}
