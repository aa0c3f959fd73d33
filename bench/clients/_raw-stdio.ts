// The hand-written stdio loop: spawn, write lines, split stdout on '\n', JSON.parse, a pending map
// keyed by id. `batched` joins the lines of one event-loop turn into one write, flushed by setImmediate
// (a lone request, with nothing else in flight to join it, is written at once), which is what the
// best loop does and what mcp-bridge's line writer does; unbatched writes each request on its own.
// Deadlines share one timer per connection, armed for the earliest one and left armed when its request
// is answered (as mcp-bridge's pending table does); the handshake has one, as any client's does. With a
// setTimeout per timed request instead, W4's one timed call paid for Node's timer machinery on its
// first use (0.3 to 0.9 ms of CPU in our runs), and mcp-bridge beat this loop on 1 MiB results in every
// pair of a full run.
import { spawn } from 'node:child_process';
import { firstText, type BenchConnection, type CallOptions, type ServerSpec } from './_types.js';

export const PROTOCOL = '2025-06-18';
export const INIT_PARAMS = { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'bench-raw', version: '1.0.0' } };

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  /** Date.now() by which the answer must come; Infinity for none. */
  deadline: number;
}

/** How long the handshake may take. */
const HANDSHAKE_TIMEOUT_MS = 30_000;

type Message = { id?: number; result?: unknown; error?: { message?: string } };

function settle(pending: Map<number, Pending>, msg: Message): void {
  const p = pending.get(msg.id as number);
  if (!p) return;
  pending.delete(msg.id as number);
  if (msg.error) p.reject(new Error(`server error: ${msg.error.message}`));
  else p.resolve(msg.result);
}

/**
 * `progress`: each tool call carries `_meta.progressToken` (its id), as mcp-bridge's do by default so
 * that progress can restart their timeout (TIME-3); the limit loops send none.
 */
export async function connectStdio(server: Extract<ServerSpec, { kind: 'stdio' }>, batched: boolean, progress = false): Promise<BenchConnection> {
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

  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  const arm = (at: number): void => {
    if (at >= timerAt) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    // Unref'd: a pending request keeps the process alive through the child's pipes anyway.
    timer = setTimeout(sweep, Math.max(0, at - Date.now())).unref();
  };
  const sweep = (): void => {
    timer = undefined;
    timerAt = Infinity;
    const now = Date.now();
    let next = Infinity;
    for (const [id, p] of pending) {
      if (p.deadline <= now) {
        pending.delete(id);
        p.reject(new Error(`request ${id}: no answer by its deadline`));
      } else if (p.deadline < next) next = p.deadline;
    }
    arm(next);
  };

  const request = (method: string, params: unknown, options?: CallOptions): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const p: Pending = { resolve, reject, deadline: options?.timeoutMs ? Date.now() + options.timeoutMs : Infinity };
      if (p.deadline !== Infinity) arm(p.deadline);
      const lone = pending.size === 0;
      pending.set(id, p);
      // The params were made for this call with a `_meta` slot: filled in place, as mcp-bridge does.
      if (progress && method === 'tools/call') (params as { _meta?: unknown })._meta = { progressToken: id };
      send(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n', lone);
    });
  await request('initialize', INIT_PARAMS, { timeoutMs: HANDSHAKE_TIMEOUT_MS });
  send('{"jsonrpc":"2.0","method":"notifications/initialized"}\n', true);
  return {
    listTools: async () => ((await request('tools/list', {})) as { tools: unknown[] }).tools.length,
    call: async (name, args, options) =>
      firstText(await request('tools/call', progress ? { name, arguments: args, _meta: undefined } : { name, arguments: args }, options)),
    async close() {
      if (timer) clearTimeout(timer);
      if (scheduled) flush();
      child.stdin.end();
      const t = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(t);
    },
  };
}
