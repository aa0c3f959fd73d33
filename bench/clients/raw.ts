// The physical limit: no library, just what any MCP client must do. stdio: spawn, write lines, split
// stdout on '\n', JSON.parse, a pending map keyed by id. HTTP: undici request() per message, JSON bodies.
import { spawn } from 'node:child_process';
import { firstText, type BenchClient, type BenchConnection, type CallOptions, type ServerSpec } from './_types.js';

const PROTOCOL = '2025-06-18';
const INIT_PARAMS = { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'bench-raw', version: '1.0.0' } };

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  timer?: NodeJS.Timeout;
}

function settle(pending: Map<number, Pending>, msg: { id?: number; result?: unknown; error?: { message?: string } }): void {
  const p = pending.get(msg.id as number);
  if (!p) return;
  pending.delete(msg.id as number);
  if (p.timer) clearTimeout(p.timer);
  if (msg.error) p.reject(new Error(`server error: ${msg.error.message}`));
  else p.resolve(msg.result);
}

async function connectStdio(server: Extract<ServerSpec, { kind: 'stdio' }>): Promise<BenchConnection> {
  const child = spawn(server.command, server.args, { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...server.env } });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let parts: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    let start = 0;
    let nl = chunk.indexOf(10);
    while (nl !== -1) {
      let line: string;
      if (parts.length > 0) {
        parts.push(chunk.subarray(start, nl));
        line = Buffer.concat(parts).toString('utf8');
        parts = [];
      } else {
        line = chunk.toString('utf8', start, nl);
      }
      if (line.length > 0) settle(pending, JSON.parse(line));
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    if (start < chunk.length) parts.push(chunk.subarray(start));
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      for (const p of pending.values()) p.reject(new Error('server exited'));
      pending.clear();
      resolve();
    }),
  );
  const request = (method: string, params: unknown, options?: CallOptions): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const p: Pending = { resolve, reject };
      if (options?.timeoutMs)
        p.timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`timeout after ${options.timeoutMs} ms`));
        }, options.timeoutMs);
      pending.set(id, p);
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    });
  await request('initialize', INIT_PARAMS);
  child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  return {
    listTools: async () => ((await request('tools/list', {})) as { tools: unknown[] }).tools.length,
    call: async (name, args, options) => firstText(await request('tools/call', { name, arguments: args }, options)),
    async close() {
      child.stdin.end();
      const t = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(t);
    },
  };
}

async function connectHttp(server: Extract<ServerSpec, { kind: 'http' }>): Promise<BenchConnection> {
  const { Agent, request } = await import('undici');
  // A bounded pool, as any client needs: unbounded, W10's 10,000 calls at once open 10,000 sockets and
  // the server's accept backlog resets some of them (ECONNRESET). 256 is mcp-bridge's bound too.
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: 256 });
  let sessionId: string | undefined;
  let nextId = 1;
  const post = async (body: string, signal?: AbortSignal): Promise<{ status: number; json?: unknown }> => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PROTOCOL,
    };
    if (sessionId) headers['mcp-session-id'] = sessionId;
    const res = await request(server.url, { method: 'POST', headers, body, dispatcher: agent, signal });
    const sid = res.headers['mcp-session-id'];
    if (typeof sid === 'string') sessionId = sid;
    if (res.statusCode === 202) {
      await res.body.dump();
      return { status: 202 };
    }
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${await res.body.text()}`);
    return { status: 200, json: await res.body.json() };
  };
  const rpc = async (method: string, params: unknown, options?: CallOptions): Promise<unknown> => {
    const id = nextId++;
    const r = await post(JSON.stringify({ jsonrpc: '2.0', id, method, params }), options?.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined);
    const msg = r.json as { result?: unknown; error?: { message?: string } };
    if (msg.error) throw new Error(`server error: ${msg.error.message}`);
    return msg.result;
  };
  await rpc('initialize', INIT_PARAMS);
  await post('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  return {
    listTools: async () => ((await rpc('tools/list', {})) as { tools: unknown[] }).tools.length,
    call: async (name, args, options) => firstText(await rpc('tools/call', { name, arguments: args }, options)),
    async close() {
      if (sessionId) {
        const res = await request(server.url, { method: 'DELETE', headers: { 'mcp-session-id': sessionId }, dispatcher: agent });
        await res.body.dump();
      }
      await agent.close();
    },
  };
}

const raw: BenchClient = {
  name: 'raw',
  importModules: () => ['node:child_process'],
  unavailable: async () => undefined,
  connect: (server) => (server.kind === 'stdio' ? connectStdio(server) : connectHttp(server)),
};

export default raw;
