// The hand-written Streamable HTTP loops, JSON bodies, one POST per message: undici's dispatch() with
// a bare handler (no request() layer: no AsyncResource, Readable body or promise per response), and
// node:http with a keep-alive agent. Each imports only its own stack, lazily in connect(), so for
// every client the modules a first connect loads are inside W10's clock.
import type { BenchConnection, CallOptions, ServerSpec } from './_types.js';
import { firstText } from './_types.js';
import { INIT_PARAMS, PROTOCOL } from './_raw-stdio.js';

/** One POST: status, the session header, the body as text; `deadline` (ms since the epoch) bounds it. */
type Post = (body: string, sessionId: string | undefined, deadline?: number) => Promise<{ status: number; sessionId?: string; text: string }>;

/** A request in flight that a deadline can end. */
interface Timed {
  deadline: number;
  cancel(error: Error): void;
}

// Deadlines share one timer per connection, armed for the earliest and left armed when its request
// ends early, as the stdio loop does and as mcp-bridge does: an AbortSignal.timeout() per request
// (a timer, a signal and a listener each) made W10's 10,000 timed calls cost raw more CPU than us.
function deadlines() {
  const timed = new Set<Timed>();
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  const arm = (at: number): void => {
    if (at >= timerAt) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(sweep, Math.max(0, at - Date.now())).unref();
  };
  function sweep(): void {
    timer = undefined;
    timerAt = Infinity;
    const now = Date.now();
    let next = Infinity;
    for (const t of timed) {
      if (t.deadline <= now) {
        timed.delete(t);
        t.cancel(new Error('no answer by its deadline'));
      } else if (t.deadline < next) next = t.deadline;
    }
    if (next !== Infinity) arm(next);
  }
  return {
    track(t: Timed): void {
      timed.add(t);
      arm(t.deadline);
    },
    untrack(t: Timed): void {
      timed.delete(t);
    },
    stop(): void {
      if (timer) clearTimeout(timer);
    },
  };
}

const SESSION_HEADER = 'mcp-session-id';

// A bounded pool, as any client needs: unbounded, W10's 10,000 calls at once open 10,000 sockets and
// the server's accept backlog resets some of them (ECONNRESET). 256 is mcp-bridge's bound too.
const CONNECTIONS = 256;

function headersFor(sessionId: string | undefined, withBody: boolean): Record<string, string> {
  const h: Record<string, string> = withBody
    ? { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': PROTOCOL }
    : { 'mcp-protocol-version': PROTOCOL };
  if (sessionId) h['mcp-session-id'] = sessionId;
  return h;
}

async function session(post: Post, del: (sessionId: string) => Promise<void>, shut: () => Promise<void>): Promise<BenchConnection> {
  let sessionId: string | undefined;
  let nextId = 1;
  const rpc = async (method: string, params: unknown, options?: CallOptions): Promise<unknown> => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params });
    const r = await post(body, sessionId, options?.timeoutMs ? Date.now() + options.timeoutMs : undefined);
    if (r.sessionId) sessionId = r.sessionId;
    if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.text.slice(0, 200)}`);
    const msg = JSON.parse(r.text) as { result?: unknown; error?: { message?: string } };
    if (msg.error) throw new Error(`server error: ${msg.error.message}`);
    return msg.result;
  };
  await rpc('initialize', INIT_PARAMS);
  await post('{"jsonrpc":"2.0","method":"notifications/initialized"}', sessionId);
  return {
    listTools: async () => ((await rpc('tools/list', {})) as { tools: unknown[] }).tools.length,
    call: async (name, args, options) => firstText(await rpc('tools/call', { name, arguments: args }, options)),
    async close() {
      if (sessionId) await del(sessionId);
      await shut();
    },
  };
}

/** undici's dispatch() with a handler that only collects the body. */
export async function connectUndiciDispatch(server: Extract<ServerSpec, { kind: 'http' }>): Promise<BenchConnection> {
  const { Agent } = await import('undici');
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: CONNECTIONS });
  const url = new URL(server.url);
  const origin = url.origin;
  const path = url.pathname + url.search;
  const clock = deadlines();
  const send = (method: string, headers: Record<string, string>, body: string | undefined, deadline?: number) =>
    new Promise<{ status: number; sessionId?: string; text: string }>((resolve, reject) => {
      let status = 0;
      let sessionId: string | undefined;
      const parts: Buffer[] = [];
      let abort: ((e?: Error) => void) | undefined;
      let ended: Error | undefined;
      const timed: Timed | undefined =
        deadline === undefined
          ? undefined
          : {
              deadline,
              cancel(error) {
                ended = error;
                abort?.(error);
              },
            };
      if (timed) clock.track(timed);
      agent.dispatch({ origin, path, method: method as 'POST', headers, body }, {
        onConnect(a: (e?: Error) => void) {
          abort = a;
          if (ended) a(ended);
        },
        onHeaders(code: number, raw: Buffer[] | string[] | null) {
          status = code;
          // Only a name of the session header's length is decoded and compared.
          if (raw)
            for (let i = 0; i + 1 < raw.length; i += 2)
              if (raw[i]!.length === SESSION_HEADER.length && raw[i]!.toString().toLowerCase() === SESSION_HEADER) sessionId = raw[i + 1]!.toString();
          return true;
        },
        onData(chunk: Buffer) {
          parts.push(chunk);
          return true;
        },
        onComplete() {
          if (timed) clock.untrack(timed);
          resolve({ status, sessionId, text: parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8') });
        },
        onError(e: Error) {
          if (timed) clock.untrack(timed);
          reject(e);
        },
      } as never);
    });
  return session(
    (body, sid, deadline) => send('POST', headersFor(sid, true), body, deadline),
    async (sid) => void (await send('DELETE', headersFor(sid, false), undefined)),
    () => {
      clock.stop();
      return agent.close();
    },
  );
}

/** node:http with a keep-alive agent. */
export async function connectNodeHttp(server: Extract<ServerSpec, { kind: 'http' }>): Promise<BenchConnection> {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = new URL(server.url);
  const clock = deadlines();
  const send = (method: string, headers: Record<string, string>, body: string | undefined, deadline?: number) =>
    new Promise<{ status: number; sessionId?: string; text: string }>((resolve, reject) => {
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          if (timed) clock.untrack(timed);
          const sid = res.headers[SESSION_HEADER];
          resolve({ status: res.statusCode ?? 0, sessionId: typeof sid === 'string' ? sid : undefined, text: Buffer.concat(parts).toString('utf8') });
        });
        res.on('error', reject);
      });
      const timed: Timed | undefined = deadline === undefined ? undefined : { deadline, cancel: (error) => req.destroy(error) };
      if (timed) clock.track(timed);
      req.on('error', (error) => {
        if (timed) clock.untrack(timed);
        reject(error);
      });
      req.end(body);
    });
  return session(
    (body, sid, deadline) => send('POST', headersFor(sid, true), body, deadline),
    async (sid) => void (await send('DELETE', headersFor(sid, false), undefined)),
    async () => {
      clock.stop();
      agent.destroy();
    },
  );
}
