// One server's connections: which dispatcher carries the next exchange, and closing them all. The
// only file that imports undici (its doorway).
// undici is our HTTP stack, but loading it (modules, then its WebAssembly parser on the first
// connection) costs 50-90 ms of CPU, so a client without a proxy, a dispatcher of its own or an auth
// handler starts on Node's built-in http (node-dispatcher.ts) and moves to undici after a few
// exchanges or a short pause: a first connect pays nothing for undici, a busy client runs on it, and
// the load falls in the time an agent waits for its model. Exchanges already on a socket finish there.
import { createRequire } from 'node:module';
import type { Dispatcher } from 'undici';
import { NodeHttpDispatcher } from './node-dispatcher.js';

export type { Dispatcher };

/** What the pool needs from HttpClientOptions. */
export interface PoolOptions {
  connectTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  proxy?: 'env' | 'none' | { httpProxy?: string; httpsProxy?: string; noProxy?: string };
  dispatcher?: Dispatcher;
  /** An auth handler fetches through undici, so the pool starts there. */
  usesFetch?: boolean;
}

/**
 * Sockets per origin. Without a bound, 10,000 calls started at once open 10,000 connections, and a
 * server's accept backlog answers some with ECONNRESET (bench W10); past this many, requests wait in
 * the dispatcher's queue. High enough that long SSE answers (each holds a socket) and the GET stream
 * cannot starve the POSTs that would let them finish.
 */
const MAX_CONNECTIONS = 256;
/** Exchanges carried by Node's http before undici takes over (a handshake and a few calls). */
const BOOTSTRAP_EXCHANGES = 8;
/** Quiet milliseconds after the first exchange before undici is loaded anyway. */
const BOOTSTRAP_IDLE_MS = 250;
/** Defaults of HttpClientOptions, the same for both dispatchers. */
const CONNECT_TIMEOUT_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 4_000;

/** The dispatchers of one HttpClient. */
export class ConnectionPool {
  private main?: Dispatcher;
  private bootstrap?: NodeHttpDispatcher;
  private exchanges = 0;
  private timer?: NodeJS.Timeout;
  private readonly owned: boolean;
  private closed = false;

  constructor(private readonly options: PoolOptions) {
    this.owned = !options.dispatcher;
    if (options.dispatcher) this.main = options.dispatcher;
    else if (options.usesFetch || proxyInEffect(options.proxy)) this.main = this.load();
  }

  /** The dispatcher for an exchange with `origin`. */
  next(origin: string): Pick<Dispatcher, 'dispatch'> {
    if (this.main) return this.main;
    if (!NodeHttpDispatcher.serves(origin) || ++this.exchanges > BOOTSTRAP_EXCHANGES) return this.undici();
    if (this.exchanges === 1) {
      this.timer = setTimeout(() => this.undici(), BOOTSTRAP_IDLE_MS);
      this.timer.unref();
    }
    this.bootstrap ??= new NodeHttpDispatcher({
      connectTimeoutMs: this.options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      keepAliveTimeoutMs: this.options.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS,
      maxSockets: MAX_CONNECTIONS,
    });
    return this.bootstrap;
  }

  /** undici's dispatcher, loaded now if it was not yet. */
  undici(): Dispatcher {
    clearTimeout(this.timer);
    this.main ??= this.load();
    return this.main;
  }

  /** undici's `fetch` through this pool's dispatcher (proxies and NO_PROXY apply), loaded on first use. */
  async fetch(url: string | URL, init?: RequestInit): Promise<Response> {
    const { fetch } = await import('undici');
    return fetch(url, { ...(init as object), dispatcher: this.undici() }) as unknown as Promise<Response>;
  }

  /** Closes every socket: idle ones now, busy ones after at most `graceMs`. Idempotent. */
  async close(graceMs: number): Promise<void> {
    if (!this.owned || this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    const all = [this.main, this.bootstrap].filter((d): d is Dispatcher | NodeHttpDispatcher => d !== undefined);
    let timer: NodeJS.Timeout | undefined;
    const graceful = Promise.all(all.map((d) => d.close().catch(() => undefined)));
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
      timer.unref();
    });
    const outcome = await Promise.race([graceful, late]);
    clearTimeout(timer);
    if (outcome === 'late') await Promise.all(all.map((d) => d.destroy().catch(() => undefined)));
  }

  private load(): Dispatcher {
    // peers.md bug 9: no header or body idle timeout, so a quiet GET stream or a slow tool reply
    // lives until it ends; a long call ends by the session's timeout through the AbortSignal.
    const base = {
      connect: { timeout: this.options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS },
      headersTimeout: 0,
      bodyTimeout: 0,
      keepAliveTimeout: this.options.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS,
      connections: MAX_CONNECTIONS,
    };
    const proxy = this.options.proxy ?? 'env';
    if (!proxyInEffect(proxy)) return new (undiciAgent())(base);
    const { EnvHttpProxyAgent } = requireUndici('undici') as typeof import('undici');
    return new EnvHttpProxyAgent({ ...base, ...(typeof proxy === 'object' ? proxy : {}) });
  }
}

/** Whether requests may go through a proxy: given explicitly, or by the environment's variables. */
function proxyInEffect(proxy: PoolOptions['proxy']): boolean {
  if (proxy === 'none') return false;
  if (proxy === undefined || proxy === 'env') return ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'].some((k) => process.env[k]);
  return true;
}

const requireUndici = createRequire(import.meta.url);

/**
 * undici's Agent from its own module (loading only that is what makes it cheap), or from the
 * package's index if that layout ever changes. Proxies take the index: the proxy agents use the
 * request API that the index installs on every dispatcher.
 */
function undiciAgent(): typeof import('undici').Agent {
  try {
    return requireUndici('undici/lib/dispatcher/agent.js') as typeof import('undici').Agent;
  } catch {
    return (requireUndici('undici') as typeof import('undici')).Agent;
  }
}
