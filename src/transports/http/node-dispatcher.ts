// A dispatcher over Node's own http/https modules, which come with the runtime already loaded, for a
// client's first exchanges: loading undici (its modules, then its HTTP parser compiled from WebAssembly
// on the first connection) costs a first connect 50-90 ms of CPU, more than the SDK's whole connect
// over Node's built-in fetch (bench W10a, issue 16). HttpClient moves to undici once traffic warrants
// it. Only the slice of undici's dispatcher contract that exchange.ts uses is implemented: one
// request at a time per call, legacy handler callbacks, pause by `false` from onData.
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** What this dispatcher needs to know; the same figures HttpClient gives undici's Agent. */
export interface NodeDispatcherOptions {
  connectTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxSockets: number;
}

/** The request, as undici's `dispatch()` takes it. */
export interface DispatchOptions {
  origin?: string | URL;
  path: string;
  method: string;
  headers?: unknown;
  body?: unknown;
}

/** undici's legacy handler callbacks, as exchange.ts implements them. */
interface Handler {
  onConnect?(abort: (reason?: Error) => void): void;
  onHeaders?(statusCode: number, rawHeaders: Buffer[] | string[] | null, resume: () => void, statusText: string): boolean;
  onData?(chunk: Buffer): boolean;
  onComplete?(trailers: string[] | null): void;
  onError?(error: Error): void;
}

/** An error with a code that HttpClient maps to a connection failure, as undici's would be. */
function connectTimeout(ms: number): Error {
  return Object.assign(new Error(`connect timed out after ${ms} ms`), { code: 'UND_ERR_CONNECT_TIMEOUT' });
}

/** A pool of keep-alive sockets per origin, dispatching through `node:http` / `node:https`. */
export class NodeHttpDispatcher {
  private readonly agents = new Map<'http:' | 'https:', HttpAgent>();
  private readonly inFlight = new Set<ClientRequest>();
  private idleWaiter?: () => void;
  private closed = false;

  constructor(private readonly options: NodeDispatcherOptions) {}

  /** True for the origins it can serve (`http:` and `https:`). */
  static serves(origin: string): boolean {
    return origin.startsWith('http:') || origin.startsWith('https:');
  }

  dispatch(opts: DispatchOptions, handler: Handler): boolean {
    const origin = String(opts.origin);
    const secure = origin.startsWith('https:');
    if (this.closed) {
      queueMicrotask(() => handler.onError?.(Object.assign(new Error('the HTTP client is closed'), { code: 'UND_ERR_CLOSED' })));
      return false;
    }
    const url = new URL(origin);
    let req: ClientRequest;
    try {
      req = (secure ? httpsRequest : httpRequest)({
        agent: this.agent(secure ? 'https:' : 'http:'),
        protocol: url.protocol,
        hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
        port: url.port || undefined,
        method: opts.method,
        path: opts.path,
        headers: opts.headers as Record<string, string> | undefined,
      });
    } catch (error) {
      // A header Node refuses (a line break in a value...): a bad request, as undici reports it, not a
      // connection failure. Node's message names the header, never its value.
      throw Object.assign(new Error(`invalid request: ${error instanceof Error ? error.message : String(error)}`), {
        code: 'UND_ERR_INVALID_ARG',
        cause: error,
      });
    }
    this.track(req);
    let finished = false;
    const fail = (error: Error) => {
      if (finished) return;
      finished = true;
      handler.onError?.(error);
    };
    handler.onConnect?.((reason?: Error) => {
      if (!finished) req.destroy(reason ?? new Error('request aborted'));
    });
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => req.destroy(connectTimeout(this.options.connectTimeoutMs)), this.options.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    req.on('error', fail);
    req.on('response', (res: IncomingMessage) => this.answer(res, handler, fail, () => (finished = true)));
    req.end(opts.body as string | undefined);
    return true;
  }

  /** Waits for the exchanges in flight, then closes every socket. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.inFlight.size > 0) await new Promise<void>((resolve) => (this.idleWaiter = resolve));
    for (const agent of this.agents.values()) agent.destroy();
  }

  /** Ends every exchange in flight and closes every socket. */
  async destroy(): Promise<void> {
    this.closed = true;
    for (const req of this.inFlight) req.destroy(Object.assign(new Error('the HTTP client was destroyed'), { code: 'UND_ERR_DESTROYED' }));
    for (const agent of this.agents.values()) agent.destroy();
    this.idleWaiter?.();
  }

  private answer(res: IncomingMessage, handler: Handler, fail: (error: Error) => void, finish: () => void): void {
    const resume = () => res.resume();
    handler.onHeaders?.(res.statusCode ?? 0, res.rawHeaders, resume, res.statusMessage ?? '');
    res.on('data', (chunk: Buffer) => {
      if (handler.onData?.(chunk) === false) res.pause();
    });
    res.on('end', () => {
      if (!res.complete) return;
      finish();
      handler.onComplete?.([]);
    });
    // A body cut short (the peer closed, or our abort destroyed the request) ends here, not at 'end':
    // with the response's error when it has one, else at its close.
    res.on('error', fail);
    res.on('close', () => {
      if (!res.complete) fail(Object.assign(new Error('the response body was cut short'), { code: 'UND_ERR_SOCKET' }));
    });
  }

  private track(req: ClientRequest): void {
    this.inFlight.add(req);
    req.once('close', () => {
      this.inFlight.delete(req);
      if (this.inFlight.size === 0) this.idleWaiter?.();
    });
  }

  private agent(protocol: 'http:' | 'https:'): HttpAgent {
    let agent = this.agents.get(protocol);
    if (!agent) {
      // Node's agent closes a free socket after `timeout` idle ms (as undici's keepAliveTimeout does) and
      // only signals, never closes, a busy one.
      const options = { keepAlive: true, maxSockets: this.options.maxSockets, timeout: this.options.keepAliveTimeoutMs };
      agent = protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
      this.agents.set(protocol, agent);
    }
    return agent;
  }
}
