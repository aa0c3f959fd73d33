// One HTTP exchange dispatched straight to undici's dispatcher, without its request() API: a small
// JSON answer is gathered from its chunks with no stream, promise chain or AsyncResource per response,
// and a request is aborted through undici's own abort function, so a POST needs no AbortSignal unless
// something (a stream read, an auth handler) asks for one. Profiled on the HTTP bench (issue 16).
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import type { HttpResponse } from './http-client.js';
import type { Dispatcher } from './pool.js';

/** What undici's `dump()` reads of a body before it gives up on the connection and aborts it. */
const DISCARD_LIMIT = 128 * 1024;
/** Bytes buffered before anyone reads the body; past this the socket is paused. */
const UNREAD_LIMIT = 64 * 1024;

/**
 * The abort handle of one request: cheap to create, with a real `AbortSignal` made only on first use.
 * `abort()` stops the exchange in flight (before or after its headers) and any signal handed out.
 */
export class RequestAbort {
  aborted = false;
  reason: unknown;
  private hook?: (reason: unknown) => void;
  private controller?: AbortController;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.hook?.(reason);
    this.controller?.abort(reason);
  }

  /** An `AbortSignal` that follows this handle, for code that takes one (SSE reads, auth, sleeps). */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** Follows `signal` too; returns the unlinking function. */
  follow(signal: AbortSignal): () => void {
    if (signal.aborted) {
      this.abort(signal.reason);
      return () => undefined;
    }
    const onAbort = () => this.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    return () => signal.removeEventListener('abort', onAbort);
  }

  /** @internal One exchange at a time listens: the current one (redirects and auth retries come one after another). */
  listen(hook: (reason: unknown) => void): () => void {
    this.hook = hook;
    return () => {
      if (this.hook === hook) this.hook = undefined;
    };
  }
}

/** What stops an exchange: a plain signal, or a {@link RequestAbort}. */
export type AbortSource = AbortSignal | RequestAbort | undefined;

/** What {@link dispatchExchange} sends. */
export interface ExchangeRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
  abort: AbortSource;
}

/**
 * Sends one request through `dispatcher` and resolves at the response headers, whatever the status.
 * @throws the abort reason when aborted; undici's error when no answer came.
 */
export function dispatchExchange(dispatcher: Pick<Dispatcher, 'dispatch'>, req: ExchangeRequest): Promise<HttpResponse> {
  if (req.abort?.aborted) return Promise.reject(req.abort.reason);
  return new Promise<HttpResponse>((resolve, reject) => {
    const exchange = new Exchange(resolve, reject, req.abort);
    const path = req.url.search ? `${req.url.pathname}${req.url.search}` : req.url.pathname;
    dispatcher.dispatch({ origin: req.url.origin, path, method: req.method, headers: req.headers, body: req.body }, exchange);
  });
}

type Mode = 'unread' | 'text' | 'chunks' | 'discard';

/** The undici handler (legacy callbacks, which undici calls without a wrapper) and the response it yields. */
class Exchange implements HttpResponse, Dispatcher.DispatchHandler {
  status = 0;
  statusText = '';
  headers: Record<string, string | undefined> = {};
  private started = false;
  private abortFn?: (reason?: Error) => void;
  private pendingReason?: { reason: unknown };
  private detach?: () => void;
  private resumeFn?: () => void;
  private mode: Mode = 'unread';
  private parts: Buffer[] = [];
  private bytes = 0;
  private done = false;
  private failure?: { error: unknown };
  private readable?: Readable;
  private textWaiter?: { resolve(text: string): void; reject(error: unknown): void; limit: number; tooLarge(bytes: number, head: string): Error };

  constructor(
    private readonly resolveHead: (response: HttpResponse) => void,
    private readonly rejectHead: (error: unknown) => void,
    abort: AbortSource,
  ) {
    if (abort instanceof RequestAbort) this.detach = abort.listen((reason) => this.abortWith(reason));
    else if (abort) {
      const signal = abort;
      const onAbort = () => this.abortWith(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      this.detach = () => signal.removeEventListener('abort', onAbort);
    }
  }

  // --- undici's side -------------------------------------------------------------------------------

  onConnect(abort: (reason?: Error) => void): void {
    this.abortFn = abort;
    if (this.pendingReason) abort(this.pendingReason.reason as Error);
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[] | string[] | null, resume: () => void, statusText: string): boolean {
    if (statusCode < 200) return true;
    const headers = this.headers;
    if (rawHeaders) {
      for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
        const name = rawHeaders[i]!.toString('latin1').toLowerCase();
        if (headers[name] === undefined) headers[name] = rawHeaders[i + 1]!.toString('latin1');
      }
    }
    this.status = statusCode;
    this.statusText = statusText || STATUS_CODES[statusCode] || '';
    this.resumeFn = resume;
    this.started = true;
    this.resolveHead(this);
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.bytes += chunk.length;
    switch (this.mode) {
      case 'discard':
        if (this.bytes > DISCARD_LIMIT) this.abortWith(new Error('response body discarded'));
        return true;
      case 'chunks':
        return this.readable ? this.readable.push(chunk) : true;
      case 'text': {
        const waiter = this.textWaiter!;
        if (this.bytes > waiter.limit) {
          this.textWaiter = undefined;
          waiter.reject(waiter.tooLarge(this.bytes, headOf(this.parts, chunk)));
          this.parts = [];
          this.abortWith(new Error('response body too large'));
          return true;
        }
        this.parts.push(chunk);
        return true;
      }
      default:
        this.parts.push(chunk);
        return this.bytes < UNREAD_LIMIT;
    }
  }

  onComplete(): void {
    this.done = true;
    this.detach?.();
    if (this.mode === 'text' && this.textWaiter) {
      const waiter = this.textWaiter;
      this.textWaiter = undefined;
      waiter.resolve(joined(this.parts));
      this.parts = [];
    } else if (this.mode === 'chunks') this.readable?.push(null);
  }

  onError(error: Error): void {
    this.detach?.();
    const reason = this.pendingReason ? this.pendingReason.reason : error;
    if (!this.started) {
      this.rejectHead(reason);
      return;
    }
    if (this.done || this.failure) return;
    this.failure = { error: reason };
    // Unread chunks stay: a stream read later delivers them before the error.
    if (this.mode !== 'unread') this.parts = [];
    if (this.textWaiter) {
      const waiter = this.textWaiter;
      this.textWaiter = undefined;
      waiter.reject(reason);
    } else if (this.readable && !this.readable.destroyed) this.readable.destroy(reason as Error);
  }

  // --- the reader's side ---------------------------------------------------------------------------

  text(limitBytes: number, tooLarge: (bytes: number, head: string) => Error): Promise<string> {
    if (this.mode !== 'unread') return Promise.reject(new Error('the response body was already read'));
    this.mode = 'text';
    if (this.failure) return Promise.reject(this.failure.error);
    if (this.bytes > limitBytes) {
      const error = tooLarge(this.bytes, headOf(this.parts));
      this.parts = [];
      if (!this.done) this.abortWith(new Error('response body too large'));
      return Promise.reject(error);
    }
    if (this.done) {
      const text = joined(this.parts);
      this.parts = [];
      return Promise.resolve(text);
    }
    return new Promise<string>((resolve, reject) => {
      this.textWaiter = { resolve, reject, limit: limitBytes, tooLarge };
      this.resume();
    });
  }

  chunks(): AsyncIterable<Uint8Array> {
    if (this.mode !== 'unread') throw new Error('the response body was already read');
    this.mode = 'chunks';
    // What arrived before the reader came (a stream may even have broken since) is read first.
    const early = this.parts;
    this.parts = [];
    const failure = this.failure;
    // Destroying the stream (a `for await` left early) aborts the exchange, which frees the socket.
    const readable =
      this.done || failure
        ? undefined
        : new Readable({
            read: () => this.resume(),
            destroy: (error, callback) => {
              if (!this.done && !this.failure) this.abortWith(error ?? new Error('response body closed by the reader'));
              callback(error);
            },
          });
    // The reader iterates a tick later at the earliest; an error before that waits for it, not crash.
    readable?.on('error', noop);
    this.readable = readable;
    return (async function* () {
      let complete = false;
      try {
        yield* early;
        if (failure) throw failure.error;
        if (readable) yield* readable;
        complete = true;
      } finally {
        if (!complete) readable?.destroy();
      }
    })();
  }

  discard(): void {
    if (this.mode !== 'unread') return;
    this.mode = 'discard';
    this.parts = [];
    if (this.done || this.failure) return;
    if (this.bytes > DISCARD_LIMIT) this.abortWith(new Error('response body discarded'));
    else this.resume();
  }

  private resume(): void {
    const resume = this.resumeFn;
    if (resume && !this.done) resume();
  }

  /** Aborts before the headers (the head promise rejects with `reason`) or while the body flows. */
  private abortWith(reason: unknown): void {
    if (this.done || this.failure || this.pendingReason) return;
    this.pendingReason = { reason };
    if (this.abortFn) this.abortFn(reason as Error);
  }
}

const EXCERPT_BYTES = 200;

function joined(parts: Buffer[]): string {
  if (parts.length === 0) return '';
  return parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8');
}

// Only the first bytes are copied: joining every part of a refused body to cut 200 bytes from it
// held the body twice (2.5 times the message limit at the peak).
function headOf(parts: Buffer[], extra?: Buffer): string {
  const head = Buffer.alloc(Math.min(EXCERPT_BYTES, parts.reduce((n, p) => n + p.length, 0) + (extra?.length ?? 0)));
  let offset = 0;
  for (const part of extra ? [...parts, extra] : parts) {
    if (offset >= head.length) break;
    offset += part.copy(head, offset, 0, head.length - offset);
  }
  return head.toString('utf8');
}

function noop(): void {}
