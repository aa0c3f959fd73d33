// The hand-written Streamable HTTP loops, JSON bodies, one POST per message: undici's dispatch() with
// a bare handler (no request() layer: no AsyncResource, Readable body or promise per response), and
// node:http with a keep-alive agent. Each imports only its own stack, lazily in connect(), so for
// every client the modules a first connect loads are inside W10's clock.
import type { BenchConnection, CallOptions, ServerSpec } from './_types.js';
import { firstText } from './_types.js';
import { INIT_PARAMS, PROTOCOL } from './_raw-stdio.js';

/** One POST: status, the session header, the body as text. */
type Post = (body: string, sessionId: string | undefined, signal?: AbortSignal) => Promise<{ status: number; sessionId?: string; text: string }>;

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
    const r = await post(body, sessionId, options?.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined);
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
  const send = (method: string, headers: Record<string, string>, body: string | undefined, signal?: AbortSignal) =>
    new Promise<{ status: number; sessionId?: string; text: string }>((resolve, reject) => {
      let status = 0;
      let sessionId: string | undefined;
      const parts: Buffer[] = [];
      let abort: ((e?: Error) => void) | undefined;
      const onAbort = (): void => abort?.(signal!.reason as Error);
      signal?.addEventListener('abort', onAbort, { once: true });
      agent.dispatch({ origin: url.origin, path: url.pathname + url.search, method: method as 'POST', headers, body }, {
        onConnect(a: (e?: Error) => void) {
          abort = a;
          if (signal?.aborted) a(signal.reason as Error);
        },
        onHeaders(code: number, raw: Buffer[] | string[] | null) {
          status = code;
          if (raw) for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toString().toLowerCase() === 'mcp-session-id') sessionId = raw[i + 1]!.toString();
          return true;
        },
        onData(chunk: Buffer) {
          parts.push(chunk);
          return true;
        },
        onComplete() {
          signal?.removeEventListener('abort', onAbort);
          resolve({ status, sessionId, text: parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8') });
        },
        onError(e: Error) {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      } as never);
    });
  return session(
    (body, sid, signal) => send('POST', headersFor(sid, true), body, signal),
    async (sid) => void (await send('DELETE', headersFor(sid, false), undefined)),
    () => agent.close(),
  );
}

/** node:http with a keep-alive agent. */
export async function connectNodeHttp(server: Extract<ServerSpec, { kind: 'http' }>): Promise<BenchConnection> {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = new URL(server.url);
  const send = (method: string, headers: Record<string, string>, body: string | undefined, signal?: AbortSignal) =>
    new Promise<{ status: number; sessionId?: string; text: string }>((resolve, reject) => {
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent, signal }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const sid = res.headers['mcp-session-id'];
          resolve({ status: res.statusCode ?? 0, sessionId: typeof sid === 'string' ? sid : undefined, text: Buffer.concat(parts).toString('utf8') });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return session(
    (body, sid, signal) => send('POST', headersFor(sid, true), body, signal),
    async (sid) => void (await send('DELETE', headersFor(sid, false), undefined)),
    async () => agent.destroy(),
  );
}
