// One HTTP exchange dispatched straight to undici's dispatcher, without its request() API: a small
// JSON answer is gathered from its chunks with no stream, promise chain or AsyncResource per response,
// and a request is aborted through undici's own abort function, so a POST needs no AbortSignal unless
// something (a stream read, an auth handler) asks for one. Profiled on the HTTP bench (issue 16).
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import type { HttpResponse } from './http-client.js';
import type { Dispatcher } from './pool.js';
import { latin1, nameIs } from './raw-headers.js';
import { RequestAbort, type AbortSource, type AbortTarget } from './request-abort.js';

export { RequestAbort, type AbortSource } from './request-abort.js';

/** What undici's `dump()` reads of a body before it gives up on the connection and aborts it. */
const DISCARD_LIMIT = 128 * 1024;
/** Bytes buffered before anyone reads the body; past this the socket is paused. */
const UNREAD_LIMIT = 64 * 1024;

/** What {@link dispatchExchange} sends, as undici's `dispatch()` takes it. */
export interface ExchangeRequest {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** The `origin` and `path` of a request to `url`. */
export function targetOf(url: URL): { origin: string; path: string } {
  return { origin: url.origin, path: url.search ? `${url.pathname}${url.search}` : url.pathname };
}

/**
 * Who hears how an exchange settles, in place of a promise: the head (any status) or the failure
 * before it. `onHead` is called from inside undici's parser, before the body's first chunk: whatever
 * reads the body or sends again must run a turn later.
 */
export interface ExchangeSink {
  onHead(response: HttpResponse): void;
  /** undici's error, or the abort reason when aborted. */
  onFailure(error: unknown): void;
}

/**
 * Sends one request through `dispatcher`; `sink` hears the response headers, whatever the status,
 * or the failure (at once when `abort` has already aborted). No promise: the caller decides whether
 * it wants one.
 */
export function dispatchExchange(dispatcher: Pick<Dispatcher, 'dispatch'>, req: ExchangeRequest, abort: AbortSource, sink: ExchangeSink): void {
  if (abort?.aborted) {
    sink.onFailure(abort.reason);
    return;
  }
  const exchange = new Exchange(sink, abort);
  try {
    dispatcher.dispatch(req, exchange);
  } catch (error) {
    exchange.onError(error as Error);
  }
}

type Mode = 'unread' | 'text' | 'chunks' | 'discard';

/** The undici handler (legacy callbacks, which undici calls without a wrapper) and the response it yields. */
class Exchange implements HttpResponse, Dispatcher.DispatchHandler, AbortTarget {
  status = 0;
  statusText = '';
  /** undici's raw header list, names and values alternating; read into {@link headers} on first use. */
  private rawHeaders: Buffer[] | string[] | null = null;
  private headerMap?: Record<string, string | undefined>;
  private started = false;
  private abortFn?: (reason?: Error) => void;
  private pendingReason?: { reason: unknown };
  private onAbort?: () => void;
  private resumeFn?: () => void;
  private mode: Mode = 'unread';
  /** The body's chunks not yet read; {@link NO_PARTS} (shared, never pushed to) until the first. */
  private parts: Buffer[] = NO_PARTS;
  private bytes = 0;
  private done = false;
  private failure?: { error: unknown };
  private readable?: Readable;
  private textWaiter?: { resolve(text: string): void; reject(error: unknown): void; limit: number; tooLarge(bytes: number, head: string): Error };

  constructor(
    private readonly sink: ExchangeSink,
    private readonly source: AbortSource,
  ) {
    // A handle is told of its exchange (no closure per POST); a plain signal gets a listener.
    if (source instanceof RequestAbort) source.listen(this);
    else if (source) {
      this.onAbort = () => this.abortWith(source.reason);
      source.addEventListener('abort', this.onAbort, { once: true });
    }
  }

  private detach(): void {
    const source = this.source;
    if (source instanceof RequestAbort) source.unlisten(this);
    else if (this.onAbort) source?.removeEventListener('abort', this.onAbort);
  }

  // --- undici's side -------------------------------------------------------------------------------

  onConnect(abort: (reason?: Error) => void): void {
    this.abortFn = abort;
    if (this.pendingReason) abort(this.pendingReason.reason as Error);
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[] | string[] | null, resume: () => void, statusText: string): boolean {
    if (statusCode < 200) return true;
    // Read when asked: a JSON answer on the hot path needs its Content-Type alone (see header()).
    this.rawHeaders = rawHeaders;
    this.status = statusCode;
    this.statusText = statusText || STATUS_CODES[statusCode] || '';
    this.resumeFn = resume;
    this.started = true;
    this.sink.onHead(this);
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
          this.parts = NO_PARTS;
          this.abortWith(new Error('response body too large'));
          return true;
        }
        this.add(chunk);
        return true;
      }
      default:
        this.add(chunk);
        return this.bytes < UNREAD_LIMIT;
    }
  }

  onComplete(): void {
    this.done = true;
    this.detach();
    if (this.mode === 'text' && this.textWaiter) {
      const waiter = this.textWaiter;
      this.textWaiter = undefined;
      waiter.resolve(joined(this.parts));
      this.parts = NO_PARTS;
    } else if (this.mode === 'chunks') this.readable?.push(null);
  }

  onError(error: Error): void {
    this.detach();
    const reason = this.pendingReason ? this.pendingReason.reason : error;
    if (!this.started) {
      this.sink.onFailure(reason);
      return;
    }
    if (this.done || this.failure) return;
    this.failure = { error: reason };
    // Unread chunks stay: a stream read later delivers them before the error.
    if (this.mode !== 'unread') this.parts = NO_PARTS;
    if (this.textWaiter) {
      const waiter = this.textWaiter;
      this.textWaiter = undefined;
      waiter.reject(reason);
    } else if (this.readable && !this.readable.destroyed) this.readable.destroy(reason as Error);
  }

  // --- the reader's side ---------------------------------------------------------------------------

  /** Lower-case names; the first value of a repeated header. */
  get headers(): Record<string, string | undefined> {
    if (this.headerMap) return this.headerMap;
    const headers: Record<string, string | undefined> = {};
    const raw = this.rawHeaders;
    if (raw) {
      for (let i = 0; i + 1 < raw.length; i += 2) {
        const name = raw[i]!.toString('latin1').toLowerCase();
        if (headers[name] === undefined) headers[name] = raw[i + 1]!.toString('latin1');
      }
    }
    this.headerMap = headers;
    return headers;
  }

  header(name: string): string | undefined {
    if (this.headerMap) return this.headerMap[name];
    const raw = this.rawHeaders;
    if (!raw) return undefined;
    // Names are compared byte by byte, values decoded only for the match: most headers stay unread.
    for (let i = 0; i + 1 < raw.length; i += 2) if (nameIs(raw[i]!, name)) return latin1(raw[i + 1]!);
    return undefined;
  }

  textIfComplete(limitBytes: number): string | undefined {
    if (this.mode !== 'unread' || !this.done || this.failure || this.bytes > limitBytes) return undefined;
    this.mode = 'text';
    const text = joined(this.parts);
    this.parts = NO_PARTS;
    return text;
  }

  text(limitBytes: number, tooLarge: (bytes: number, head: string) => Error): Promise<string> {
    if (this.mode !== 'unread') return Promise.reject(new Error('the response body was already read'));
    this.mode = 'text';
    if (this.failure) return Promise.reject(this.failure.error);
    if (this.bytes > limitBytes) {
      const error = tooLarge(this.bytes, headOf(this.parts));
      this.parts = NO_PARTS;
      if (!this.done) this.abortWith(new Error('response body too large'));
      return Promise.reject(error);
    }
    if (this.done) {
      const text = joined(this.parts);
      this.parts = NO_PARTS;
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
    this.parts = NO_PARTS;
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
    this.parts = NO_PARTS;
    if (this.done || this.failure) return;
    if (this.bytes > DISCARD_LIMIT) this.abortWith(new Error('response body discarded'));
    else this.resume();
  }

  // A small answer is one chunk: an array of one, not an empty array grown by a push.
  private add(chunk: Buffer): void {
    if (this.parts.length === 0) this.parts = [chunk];
    else this.parts.push(chunk);
  }

  private resume(): void {
    const resume = this.resumeFn;
    if (resume && !this.done) resume();
  }

  /** Aborts before the headers (the head promise rejects with `reason`) or while the body flows. */
  abortWith(reason: unknown): void {
    if (this.done || this.failure || this.pendingReason) return;
    this.pendingReason = { reason };
    if (this.abortFn) this.abortFn(reason as Error);
  }
}

const EXCERPT_BYTES = 200;
const NO_PARTS: Buffer[] = [];

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
