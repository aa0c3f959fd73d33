// The hand-written stdio loop: spawn, write lines, split stdout on '\n', JSON.parse, a pending map
// keyed by id. `batched` joins the lines of one event-loop turn into one write, flushed by setImmediate
// (a lone request, with nothing else in flight to join it, is written at once), which is what the
// best loop does and what mcp-bridge's line writer does; unbatched writes each request on its own.
import { spawn } from 'node:child_process';
import { firstText, type BenchConnection, type CallOptions, type ServerSpec } from './_types.js';

export const PROTOCOL = '2025-06-18';
export const INIT_PARAMS = { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'bench-raw', version: '1.0.0' } };

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  timer?: NodeJS.Timeout;
}

type Message = { id?: number; result?: unknown; error?: { message?: string } };

function settle(pending: Map<number, Pending>, msg: Message): void {
  const p = pending.get(msg.id as number);
  if (!p) return;
  pending.delete(msg.id as number);
  if (p.timer) clearTimeout(p.timer);
  if (msg.error) p.reject(new Error(`server error: ${msg.error.message}`));
  else p.resolve(msg.result);
}

export async function connectStdio(server: Extract<ServerSpec, { kind: 'stdio' }>, batched: boolean): Promise<BenchConnection> {
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
      if (line.length > 0) settle(pending, JSON.parse(line) as Message);
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

  let queued = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    const text = queued;
    queued = '';
    child.stdin.write(text);
  };
  const send = (line: string, lone: boolean): void => {
    if (!batched || (lone && !scheduled)) {
      child.stdin.write(line);
      return;
    }
    queued += line;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };

  const request = (method: string, params: unknown, options?: CallOptions): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const p: Pending = { resolve, reject };
      if (options?.timeoutMs)
        p.timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`timeout after ${options.timeoutMs} ms`));
        }, options.timeoutMs);
      const lone = pending.size === 0;
      pending.set(id, p);
      send(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n', lone);
    });
  await request('initialize', INIT_PARAMS);
  send('{"jsonrpc":"2.0","method":"notifications/initialized"}\n', true);
  return {
    listTools: async () => ((await request('tools/list', {})) as { tools: unknown[] }).tools.length,
    call: async (name, args, options) => firstText(await request('tools/call', { name, arguments: args }, options)),
    async close() {
      if (scheduled) flush();
      child.stdin.end();
      const t = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(t);
    },
  };
}
