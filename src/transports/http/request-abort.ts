// The abort handle of one HTTP request, and the list of those in flight that close() aborts.

/**
 * The abort handle of one request: cheap to create, with a real `AbortSignal` made only on first use.
 * `abort()` stops the exchange in flight (before or after its headers) and any signal handed out.
 */
export class RequestAbort {
  aborted = false;
  reason: unknown;
  /** @internal Neighbours in the {@link OpenRequests} list holding this handle. */
  prev?: RequestAbort;
  /** @internal */
  next?: RequestAbort;
  private target?: AbortTarget;
  private controller?: AbortController;

  /** @param requestId the JSON-RPC id of the request this POST carries, if it carries one. */
  constructor(readonly requestId?: string | number) {}

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.target?.abortWith(reason);
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
  listen(target: AbortTarget): void {
    this.target = target;
  }

  /** @internal `target` stops listening, if it still is the one listening. */
  unlisten(target: AbortTarget): void {
    if (this.target === target) this.target = undefined;
  }
}

/** What a {@link RequestAbort} stops: the exchange in flight. */
export interface AbortTarget {
  abortWith(reason: unknown): void;
}

/** What stops an exchange: a plain signal, or a {@link RequestAbort}. */
export type AbortSource = AbortSignal | RequestAbort | undefined;

/**
 * The handles of the requests in flight, linked through the handles themselves: adding and removing
 * one per POST costs two pointer writes, where a Set hashes and, with constant churn, rehashes.
 */
export class OpenRequests {
  private head?: RequestAbort;

  add(abort: RequestAbort): void {
    abort.next = this.head;
    if (this.head) this.head.prev = abort;
    this.head = abort;
  }

  delete(abort: RequestAbort): void {
    if (abort.prev) abort.prev.next = abort.next;
    else if (this.head === abort) this.head = abort.next;
    else return;
    if (abort.next) abort.next.prev = abort.prev;
    abort.prev = undefined;
    abort.next = undefined;
  }

  /** The handles, the latest first (a copy: aborting one may remove it). */
  list(): RequestAbort[] {
    const all: RequestAbort[] = [];
    for (let a = this.head; a; a = a.next) all.push(a);
    return all;
  }
}
