// A JSON-RPC session over one transport: id allocation, the pending table, dispatch of what the
// peer sends, timeouts, cancellation and progress. Knows nothing of MCP's handshake or tools.
import {
  Emitter,
  InvalidMessageError,
  McpError,
  Methods,
  type ClientRequests,
  type JsonObject,
  type JsonRpcErrorResponse,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResultResponse,
  type McpBridgeError,
  type RequestId,
} from '../../protocol/index.js';
import { ConnectionClosedError, RequestAbortedError, RequestTimeoutError } from '../errors/session-errors.js';
import { excerptOf } from '../../protocol/jsonrpc/excerpt.js';
import { messageKindOf } from '../../protocol/jsonrpc/message-kind.js';
import { nullLogger, type Logger } from '../log.js';
import type { Transport, TransportCloseInfo } from '../transports/transport.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, type RequestOptions, type SessionEvents, type SessionOptions } from './options.js';
import { Dispatcher, type NotificationHandler, type RequestHandler } from './dispatcher.js';
import { IncomingRequests } from './incoming.js';
import { failInvalidAnswer, failUnreadableAnswer } from './read-failures.js';
import { applyHooks, openEntry, outgoingParams } from './request-entry.js';
import { RequestDelivery } from './delivery.js';
import { PendingTable, systemClock, type Clock, type PendingEntry, type RequestHooks, type TimeoutKind } from './pending.js';
import type { RequestObserver } from './observer.js';

export { DEFAULT_REQUEST_TIMEOUT_MS, type RequestOptions, type SessionEvents, type SessionOptions } from './options.js';
export type { RequestHooks } from './pending.js';

/** One JSON-RPC conversation with a peer over a {@link Transport}. */
export class Session {
  readonly events = new Emitter<SessionEvents>();
  private readonly dispatcher = new Dispatcher();
  private readonly pending: PendingTable;
  private readonly incoming: IncomingRequests;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly serverName?: string;
  private readonly defaultTimeoutMs: number;
  private nextId = 1;
  private closeInfo?: TransportCloseInfo;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly delivery: RequestDelivery;
  private readonly observer?: RequestObserver;
  private readonly progressMethods?: ReadonlySet<string>;

  constructor(
    readonly transport: Transport,
    options: SessionOptions = {},
  ) {
    this.logger = options.logger ?? nullLogger;
    this.clock = options.clock ?? systemClock;
    this.serverName = options.serverName;
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.observer = options.observer;
    this.progressMethods = options.progressMethods;
    this.pending = new PendingTable({ clock: this.clock, onTimeout: (entry, kind) => this.timeOut(entry, kind) });
    this.delivery = new RequestDelivery(transport, this.pending);
    this.incoming = new IncomingRequests({
      dispatcher: this.dispatcher,
      closed: () => this.closeInfo !== undefined,
      answer: (response, method) => {
        this.transport.send(response).catch((error) => {
          this.logger.warn(`could not answer ${method}`, { server: this.serverName, error: String(error) });
        });
      },
    });
    // PING-1: answer pings from the first moment, before the handshake has finished.
    this.dispatcher.handleRequest(Methods.ping, () => ({}));
    const ev = transport.events;
    this.unsubscribe.push(
      ev.on('message', this.receive),
      ev.on('error', (error) => this.onTransportError(error)),
      ev.on('close', (info) => this.onTransportClose(info)),
      ev.on('undelivered', ({ error, messages }) => this.delivery.undelivered(error, messages)),
    );
  }

  /** Whether the transport has ended. */
  get closed(): boolean {
    return this.closeInfo !== undefined;
  }

  /** Number of requests awaiting an answer. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Starts the transport. */
  start(): Promise<void> {
    return this.transport.start();
  }

  /**
   * Sends a request and resolves with its result. A method of {@link ClientRequests} types its params
   * and result from that map (`request('tools/list')` resolves to a `ListToolsResult`); any other
   * method takes JSON params and resolves to `R`. The overloads are types only: one code path.
   * @throws McpError when the peer answers with a JSON-RPC error.
   * @throws RequestTimeoutError (`MCPB_REQUEST_TIMEOUT`), RequestAbortedError (`MCPB_REQUEST_ABORTED`),
   *   ConnectionClosedError (`MCPB_CONNECTION_CLOSED`), or the transport's delivery error.
   */
  request<M extends keyof ClientRequests>(method: M, params?: ClientRequests[M]['params'], options?: RequestOptions): Promise<ClientRequests[M]['result']>;
  request<R = Record<string, unknown>, M extends string = string>(
    method: Exclude<M, keyof ClientRequests>,
    params?: JsonObject,
    options?: RequestOptions,
  ): Promise<R>;
  request<R>(method: string, params?: object, options: RequestOptions = {}): Promise<R> {
    return this.requestWith<R>(method, params as JsonObject | undefined, options, undefined);
  }

  /**
   * {@link Session.request} with `hooks` applied to the outcome as it settles: the promise returned
   * is the request's own, already checked or rescued (see {@link RequestHooks}).
   */
  requestWith<R>(method: string, params: JsonObject | undefined, options: RequestOptions, hooks: RequestHooks | undefined): Promise<R> {
    if (this.closeInfo) return this.failEarly(new ConnectionClosedError({ server: this.serverName, method }, this.closeInfo), method, params, options, hooks);
    const signal = options.signal;
    if (signal?.aborted) return this.failEarly(new RequestAbortedError({ server: this.serverName, method }, signal.reason), method, params, options, hooks);
    // JSONRPC-3: ids only go up, never reused within the session.
    const id = this.nextId++;
    // Progress is asked for when someone listens: the caller's callback, or the timeout, which
    // progress restarts (TIME-3), for the methods that ask by default (tool calls).
    const wantsProgress =
      options.onProgress !== undefined || (options.progress ?? (this.progressMethods?.has(method) === true && options.resetTimeoutOnProgress !== false));
    // PROG-2: the request id is unique among our active requests, so it doubles as the token.
    const progressToken = wantsProgress ? id : undefined;
    let finalParams = outgoingParams(params, options.meta, progressToken, hooks?.paramsFresh === true);
    // Tracing (when installed) sees the request as it goes out and may add trace context to `_meta`.
    const observed = this.observer?.open(id, method, finalParams);
    if (observed !== undefined) finalParams = observed.params;
    const message: JsonRpcRequest = finalParams === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params: finalParams };
    // The one place that decides what may be cancelled: never initialize (LIFE-8), on either path.
    const cancellable = method !== Methods.initialize && (options.cancellable ?? true);
    const entry = openEntry(id, method, progressToken, cancellable, this.clock.now(), options.timeoutMs ?? this.defaultTimeoutMs, options);
    // Traced requests keep the hooks out of the entry, so the span ends with the server's own outcome.
    if (hooks !== undefined && observed === undefined) {
      entry.hooks = hooks;
      entry.params = params;
      entry.options = options;
    }
    const answer = entry.answer as Promise<R>;
    if (signal) this.watchAbort(entry, signal);
    this.pending.add(entry);
    // How long it may run: its timeout, or its total bound when that is shorter.
    this.delivery.deliver(message, options, entry.maxTotalTimeoutMs === undefined ? entry.timeoutMs : Math.min(entry.timeoutMs, entry.maxTotalTimeoutMs));
    if (observed === undefined) return answer;
    return this.traced(answer, observed, hooks, method, params, options);
  }

  // Apart from requestWith: closures there would make V8 allocate their captured variables on every
  // request, traced or not.
  private traced<R>(
    answer: Promise<R>,
    observed: NonNullable<ReturnType<RequestObserver['open']>>,
    hooks: RequestHooks | undefined,
    method: string,
    params: JsonObject | undefined,
    options: RequestOptions,
  ): Promise<R> {
    answer.then(
      (result) => observed.end(undefined, result),
      (error: unknown) => observed.end(error),
    );
    return hooks === undefined ? answer : (applyHooks(answer, hooks, method, params, options) as Promise<R>);
  }

  private failEarly<R>(error: unknown, method: string, params: JsonObject | undefined, options: RequestOptions, hooks: RequestHooks | undefined): Promise<R> {
    const failed = Promise.reject(error);
    return hooks === undefined ? failed : (applyHooks(failed, hooks, method, params, options) as Promise<R>);
  }

  // Aborting fails the request and tells the server (unless it may not be cancelled).
  private watchAbort(entry: PendingEntry, signal: AbortSignal): void {
    const { id, method, cancellable } = entry;
    const onAbort = () => {
      if (this.pending.reject(id, new RequestAbortedError({ server: this.serverName, method, requestId: id }, signal.reason)) && cancellable) {
        this.sendCancelled(id, 'The client cancelled the request.');
      }
    };
    signal.addEventListener('abort', onAbort, { once: true });
    entry.detachAbort = () => signal.removeEventListener('abort', onAbort);
  }

  /** Sends a notification (no answer expected). */
  async notify(method: string, params?: JsonObject): Promise<void> {
    if (this.closeInfo) throw new ConnectionClosedError({ server: this.serverName, method }, this.closeInfo);
    try {
      await this.transport.send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
    } catch (error) {
      // A peer that ended on its own is explained by its close (exit code, stderr), not by EPIPE.
      await this.delivery.settleEnding();
      if (this.closeInfo) throw new ConnectionClosedError({ server: this.serverName, method }, this.closeInfo);
      throw error;
    }
  }

  /** Sets the handler of a request the peer may send; returns a disposer. */
  handleRequest(method: string, handler: RequestHandler): () => void {
    return this.dispatcher.handleRequest(method, handler);
  }

  /** Whether a handler for a peer request method is installed. */
  hasRequestHandler(method: string): boolean {
    return this.dispatcher.hasRequestHandler(method);
  }

  /**
   * Runs the local handler of a peer request method without a peer request on the wire: the
   * modern era's `input_required` asks go through the same hooks as legacy server requests (MRTR).
   */
  serveLocally(
    method: string,
    params: JsonObject | undefined,
    signal: AbortSignal,
  ): Promise<{ result: unknown } | { error: { code: number; message: string; data?: unknown } }> {
    return this.dispatcher.dispatchRequest(method, params, { requestId: `local-${method}`, method, signal, meta: undefined });
  }

  /** Listens to a notification method (`*` for all not routed elsewhere); returns a disposer. */
  onNotification(method: string, handler: NotificationHandler): () => void {
    return this.dispatcher.onNotification(method, handler);
  }

  /** Closes the transport; every pending request is rejected. Idempotent. */
  async close(): Promise<void> {
    try {
      await this.transport.close();
    } finally {
      // A transport that failed to report its end must still not leave a promise hanging.
      this.onTransportClose({ reason: 'closed', message: 'the client closed the connection' });
    }
  }

  // Our ids are integers. A peer that echoes one as a string ("7" for 7) is matched by value after
  // the exact lookup misses, as the SDK does, rather than left to time out.
  private ownId(id: RequestId): RequestId {
    return typeof id === 'string' ? this.ownStringId(id) : id;
  }

  private ownStringId(id: string): RequestId {
    if (this.pending.get(id) !== undefined || !/^(?:0|[1-9][0-9]{0,15})$/.test(id)) return id;
    const value = Number(id);
    if (this.pending.get(value) === undefined) return id;
    this.logger.debug(`matched response id "${id}" (a string) to request ${value}: the server echoed the id with another JSON type`, {
      server: this.serverName,
      id,
    });
    return value;
  }

  // A field, so the transport calls it with no arrow in between. This and receiveOne keep an answer's
  // path in few bytecodes, the rest out of line: TurboFan inlines a callee only while the bytecode
  // inlined into one compile stays within a budget, and past it compiles each callee again on its own.
  private readonly receive = (value: unknown): void => {
    if (Array.isArray(value)) this.receiveBatch(value);
    else this.receiveOne(value);
  };

  private receiveBatch(values: unknown[]): void {
    for (const item of values) this.receiveOne(item);
  }

  private receiveOne(item: unknown): void {
    // Called inside the transport's `message` emit, where its flag describes this value.
    const kind = messageKindOf(item, this.transport.deliveringShallow === true);
    if (kind === 'result') {
      const { id, result } = item as JsonRpcResultResponse;
      if (!this.pending.resolve(this.ownId(id), result)) this.dropped('a response', id);
    } else {
      this.receiveOther(kind, item);
    }
  }

  private dropped(what: string, id: RequestId): void {
    this.logger.debug(`dropped ${what} for an unknown or settled request`, { server: this.serverName, id });
  }

  private receiveOther(kind: Exclude<ReturnType<typeof messageKindOf>, 'result'>, item: unknown): void {
    switch (kind) {
      case 'error': {
        const { id, error } = item as JsonRpcErrorResponse;
        if (id === undefined || id === null) {
          // JSONRPC-5: the peer could not read something we sent; nothing to correlate.
          this.events.emit('error', new McpError(error, { server: this.serverName }));
          break;
        }
        const own = this.ownId(id);
        const entry = this.pending.get(own);
        if (entry) this.pending.reject(own, new McpError(error, { server: this.serverName, method: entry.method }));
        else this.dropped('an error', id);
        break;
      }
      case 'request':
        void this.incoming.serve(item as JsonRpcRequest);
        break;
      case 'notification': {
        const message = item as JsonRpcNotification;
        this.onNotificationMessage(message.method, message.params);
        break;
      }
      default:
        this.onInvalid(kind.invalid, item);
        break;
    }
  }

  private onNotificationMessage(method: string, params: JsonObject | undefined): void {
    if (method === Methods.progress) {
      const token = params?.progressToken;
      if ((typeof token === 'string' || typeof token === 'number') && typeof params?.progress === 'number') {
        // PROG-4: progress for unknown or finished tokens is dropped.
        this.pending.progress(token, { progress: params.progress, total: params.total as number | undefined, message: params.message as string | undefined });
      }
      return;
    }
    if (method === Methods.cancelled) {
      const id = params?.requestId;
      // CANCEL-6/7: stop the work for that request; unknown ids are ignored.
      if (typeof id === 'string' || typeof id === 'number') this.incoming.cancel(id, params?.reason ?? 'cancelled by the server');
      this.logger.debug('server cancelled a request', { server: this.serverName, requestId: id, reason: params?.reason });
      return;
    }
    this.dispatcher.dispatchNotification(method, params);
  }

  private onInvalid(reason: string, value: unknown): void {
    this.events.emit('error', new InvalidMessageError(reason, excerptOf(value), this.serverName));
    failInvalidAnswer(this.pending, reason, value, this.serverName);
  }

  private onTransportError(error: McpBridgeError): void {
    if (error.code === 'MCPB_FRAMING') failUnreadableAnswer(this.pending, error, this.serverName);
    this.events.emit('error', error);
  }

  private onTransportClose(info: TransportCloseInfo): void {
    if (this.closeInfo) return;
    this.closeInfo = info;
    for (const off of this.unsubscribe.splice(0)) off();
    this.incoming.abortAll('connection closed');
    // STDIO-8: every pending request fails at once, carrying the exit information.
    this.pending.rejectAll((entry) => new ConnectionClosedError({ server: this.serverName, method: entry.method, requestId: entry.id }, info));
    this.events.emit('close', info);
  }

  private timeOut(entry: PendingEntry, kind: TimeoutKind): void {
    const elapsedMs = this.clock.now() - entry.startedAt;
    const timeoutMs = kind === 'total' ? entry.maxTotalTimeoutMs! : entry.timeoutMs;
    const error = new RequestTimeoutError({
      server: this.serverName,
      method: entry.method,
      requestId: entry.id,
      timeoutMs,
      elapsedMs,
      total: kind === 'total',
    });
    // TIME-1: stop waiting, and tell the server, unless the request may not be cancelled.
    if (this.pending.reject(entry.id, error) && entry.cancellable) {
      this.sendCancelled(entry.id, `Request timed out after ${elapsedMs} ms.`);
    }
  }

  private sendCancelled(requestId: RequestId, reason: string): void {
    if (this.closeInfo) return;
    this.transport.send({ jsonrpc: '2.0', method: Methods.cancelled, params: { requestId, reason } }).catch((error) => {
      this.logger.debug('could not send notifications/cancelled', { server: this.serverName, error: String(error) });
    });
  }
}
