// One client of the gateway, whatever carries it (stdio, one Streamable HTTP session, or one
// stateless 2026 HTTP request): the era of each request (envelope.ts), the requests in flight with
// the AbortController that a `notifications/cancelled` or a closed stream fires (CANCEL-6), and
// progress sent to the client's token (PROG-1). Every call passes here. The notifications that belong
// to no request are background.ts; the requests we send the client, host-requests.ts.
import { getEventListeners } from 'node:events';
import {
  classifyMessage,
  ErrorCodes,
  Methods,
  splitBatch,
  type JsonObject,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type LoggingLevel,
  type Progress,
  type RequestId,
} from '../../protocol/index.js';
import { nullLogger, type Logger } from '../log.js';
import { requestFacts, shapeResult, type RequestFacts } from './envelope.js';
import { followGateway } from './background.js';
import type { Gateway } from './gateway.js';
import { HostRequests } from './host-requests.js';
import { backgroundHost, handlerFor, type HandlerContext } from './methods.js';
import { errorAnswer, toRpcError } from './rpc-error.js';
import { Subscriptions } from './subscriptions.js';

/** Where the messages of one exchange go: the stdout of stdio, or one HTTP response. */
export interface Channel {
  send(message: JsonRpcMessage): void;
}

export interface ServeConnectionOptions {
  gateway: Gateway;
  /**
   * Where an initialize-era client gets the notifications that belong to no request (list_changed,
   * log messages): stdout on stdio, the session's GET stream on HTTP (undefined while none is open).
   */
  background?: () => Channel | undefined;
  /** The connection is the gateway's only host (stdio): it is asked the backends' roots outside any call. */
  ownsBackends?: boolean;
  logger?: Logger;
}

/** What `initialize` agreed (the legacy era's session state). */
export interface Handshake {
  version: string;
  capabilities: Record<string, unknown>;
  clientInfo?: { name: string; version: string };
}

/** More than the requests a host keeps in flight, fewer than would hold memory for nothing. */
const MAX_SPARE_CONTROLLERS = 256;

export class ServeConnection {
  readonly gateway: Gateway;
  /** Set by `initialize`. */
  handshake?: Handshake;
  /** `logging/setLevel` of an initialize-era client; no log notifications until it is set. */
  logLevel?: LoggingLevel;
  readonly subscriptions = new Subscriptions();
  /** URIs an initialize-era client subscribed to with `resources/subscribe`. */
  readonly resourceSubscriptions = new Set<string>();
  private readonly inflight = new Map<RequestId, AbortController>();
  /** Controllers of requests that ended unaborted with no listener left: as good as new (see `spare`). */
  private readonly spareControllers: AbortController[] = [];
  /** Requests we sent the client (a backend's sampling or elicitation). */
  private readonly toHost = new HostRequests();
  private readonly logger: Logger;
  private readonly off: (() => void)[];
  private closedFlag = false;
  private releaseOwnership: (() => void) | undefined;

  constructor(private readonly options: ServeConnectionOptions) {
    this.gateway = options.gateway;
    this.logger = options.logger ?? nullLogger;
    this.off = followGateway(this, options.background);
  }

  /** Requests being served now. */
  get inflightCount(): number {
    return this.inflight.size;
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** Outlives its requests (stdio, an HTTP session), unlike a stateless 2026 HTTP exchange. */
  get persistent(): boolean {
    return this.options.background !== undefined;
  }

  /** Where requests outside any call go: the background channel as it is when they are sent. */
  backgroundChannel(): Channel {
    return { send: (message) => this.options.background?.()?.send(message) };
  }

  /**
   * Takes one decoded JSON value from the client; answers go to `channel`. Resolves when every
   * request in it has been answered (or cancelled).
   */
  receive(value: unknown, channel: Channel): Promise<void> {
    try {
      if (Array.isArray(value)) return Promise.all(splitBatch(value).map((item) => this.receiveOne(item, channel))).then(nothing);
      return this.receiveOne(value, channel);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Aborts one request being served (the client cancelled it or dropped its stream). */
  cancel(id: RequestId, reason: unknown): void {
    this.inflight.get(id)?.abort(reason);
  }

  /** Ends the connection: every request in flight is aborted (its backend call cancelled) and gets no answer. */
  close(reason = 'the client went away'): void {
    if (this.closedFlag) return;
    this.closedFlag = true;
    for (const off of this.off.splice(0)) off();
    this.releaseOwnership?.();
    // Calls of this host waiting for its input (MRTR) will never be retried now.
    this.gateway.forwarder?.rounds.dropOwner(this, reason);
    for (const controller of this.inflight.values()) controller.abort(reason);
    this.inflight.clear();
    this.toHost.rejectAll(reason);
  }

  /**
   * Sends the client a request of ours on `channel` (where the call that needs it is answered) and
   * resolves with its result; the client's JSON-RPC error rejects as an McpError. `signal` withdraws
   * it (the client is told with notifications/cancelled).
   */
  request(method: string, params: JsonObject, channel: Channel, signal: AbortSignal): Promise<unknown> {
    if (this.closedFlag) return Promise.reject(new Error('the host went away'));
    return this.toHost.send(method, params, channel, signal);
  }

  /** Shutdown: every listen stream ends with its result first (SUB-7), then the connection closes. */
  async shutdown(): Promise<void> {
    this.subscriptions.endAll();
    // The listen handlers answer on the next turns.
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.close('the gateway is shutting down');
  }

  // Not async, as nothing but a request waits: at 64 calls in flight every promise and frame on the
  // way to the backend shows in the gateway's CPU per call.
  private receiveOne(item: unknown, channel: Channel): Promise<void> {
    const c = classifyMessage(item);
    switch (c.kind) {
      case 'request':
        return this.serve(c.message, channel);
      case 'notification':
        this.onNotification(c.message.method, c.message.params);
        return DONE;
      case 'result':
      case 'error':
        if (!this.toHost.answered(c.message)) this.logger.debug('dropped a response from a client for no request of ours', { id: c.message.id });
        return DONE;
      case 'invalid': {
        const id = peekId(c.value);
        channel.send({ jsonrpc: '2.0', id: id ?? null, error: { code: ErrorCodes.InvalidRequest, message: `Invalid request: ${c.reason}` } });
        return DONE;
      }
    }
  }

  private onNotification(method: string, params: JsonObject | undefined): void {
    if (method === Methods.cancelled) {
      const id = params?.requestId;
      // CANCEL-7: unknown or finished ids are ignored.
      if (typeof id === 'string' || typeof id === 'number') this.cancel(id, params?.reason ?? 'cancelled by the client');
    }
    // ROOTS-4: the host's roots changed, so the backends' did; the host owning the backends arriving
    // with roots changes them too (a backend that asked before it came was refused).
    if (method === Methods.rootsListChanged) this.gateway.notifyRootsChanged();
    else if (method === Methods.initialized && this.handshake) this.initialized();
  }

  // The one host of a stdio gateway owns its backends: it is asked their roots outside any call, from
  // the moment it may be sent requests.
  private initialized(): void {
    const forwarder = this.gateway.forwarder;
    if (!this.options.ownsBackends || !forwarder || this.closedFlag) return;
    this.releaseOwnership?.();
    this.releaseOwnership = forwarder.setOwner(backgroundHost(this));
    if (this.handshake?.capabilities.roots !== undefined) this.gateway.notifyRootsChanged();
  }

  // Not async either: the handler's promise is followed by one reaction, which answers.
  private serve(request: JsonRpcRequest, channel: Channel): Promise<void> {
    const { id, method, params } = request;
    let facts: RequestFacts;
    try {
      facts = requestFacts(params);
    } catch (error) {
      channel.send({ jsonrpc: '2.0', id, error: toRpcError(error, method) });
      return DONE;
    }
    const handler = handlerFor(method, facts.era);
    if (!handler) {
      channel.send({ jsonrpc: '2.0', id, error: { code: ErrorCodes.MethodNotFound, message: `Method not found: ${method}` } });
      return DONE;
    }
    const controller = this.spareControllers.pop() ?? new AbortController();
    this.inflight.set(id, controller);
    const token = (params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
    const context: HandlerContext = { connection: this, id, method, facts, signal: controller.signal, channel };
    if (typeof token === 'string' || typeof token === 'number') context.progress = (p: Progress) => this.progress(channel, token, p, controller.signal);
    let answer: Promise<JsonObject> | JsonObject;
    try {
      answer = handler(params ?? {}, context);
    } catch (error) {
      answer = Promise.reject(error);
    }
    // A handler's plain value is answered a reaction later too, as a thrown error is: the order of
    // answers does not depend on which handlers happen to be synchronous.
    return Promise.resolve(answer).then(
      (result) => {
        let response: JsonRpcMessage;
        try {
          response = { jsonrpc: '2.0', id, result: shapeResult(result, facts.era, method, this.gateway.serverInfo) };
        } catch (error) {
          response = errorAnswer(id, method, facts.era, error);
        }
        this.answer(context, controller, response);
      },
      (error: unknown) => this.answer(context, controller, errorAnswer(id, method, facts.era, error)),
    );
  }

  private answer(context: HandlerContext, controller: AbortController, response: JsonRpcMessage): void {
    if (this.inflight.get(context.id) === controller) this.inflight.delete(context.id);
    // CANCEL-6: a cancelled request gets no answer.
    if (controller.signal.aborted || this.closedFlag) return;
    this.spare(controller);
    context.channel.send(response);
  }

  // Node 20 builds an AbortSignal slowly (about 2 µs, into an object the young GC then has to
  // move): at 64 calls in flight, one per request was the largest single cost of a call through the
  // gateway. A signal that was never aborted and that nobody listens to any more is in the state of
  // a new one, so its controller serves a later request. One still listened to is left alone: its
  // listener belongs to a call that has not let go, which a reuse would wrongly abort.
  private spare(controller: AbortController): void {
    if (this.spareControllers.length < MAX_SPARE_CONTROLLERS && getEventListeners(controller.signal, 'abort').length === 0)
      this.spareControllers.push(controller);
  }

  private progress(channel: Channel, token: string | number, p: Progress, signal: AbortSignal): void {
    if (signal.aborted) return;
    const params: JsonObject = { progressToken: token, progress: p.progress };
    if (p.total !== undefined) params.total = p.total;
    if (p.message !== undefined) params.message = p.message;
    channel.send({ jsonrpc: '2.0', method: Methods.progress, params });
  }
}

const DONE: Promise<void> = Promise.resolve();

const nothing = (): void => {};

function peekId(value: unknown): RequestId | undefined {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
