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
import { firstText, type BenchClient, type BenchConnection, type CallOptions, type ServerSpec } from './_types.js';

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

type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; result?: unknown; error?: { message?: string } };

/** What one loop does beyond the bare loop of the limit. */
export interface StdioLoopOptions {
  /** Join the lines of one event-loop turn into one write (the best loop does); otherwise one write per request. */
  batched: boolean;
  /** Tool calls carry `_meta.progressToken` (their id), as mcp-bridge's do by default so that progress can restart their timeout (TIME-3). */
  progress?: boolean;
  /** The deadline of a request whose caller sets none (mcp-bridge's default: 60 s, TIME-1); none when unset. */
  defaultTimeoutMs?: number;
  /**
   * Every answer is checked before it is handed over, as mcp-bridge checks it: a JSON-RPC 2.0 response
   * (not a request or notification of the server's) with a string or number id, and a result that is an
   * object whose `content`, when present, is an array. An answer that fails a check fails its request.
   */
  checked?: boolean;
}

function settle(pending: Map<number, Pending>, msg: Message): void {
  const p = pending.get(msg.id as number);
  if (!p) return;
  pending.delete(msg.id as number);
  if (msg.error) p.reject(new Error(`server error: ${msg.error.message}`));
  else p.resolve(msg.result);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** {@link settle} after the checks of {@link StdioLoopOptions.checked}. */
function settleChecked(pending: Map<number, Pending>, value: unknown): void {
  if (!isObject(value)) return;
  const msg = value as Message;
  // A request or notification from the server: nothing of ours to settle (the bench's servers send none).
  if (typeof msg.method === 'string') return;
  const id = msg.id;
  if (typeof id !== 'number' && typeof id !== 'string') return;
  const p = pending.get(id as number);
  if (!p) return;
  pending.delete(id as number);
  const result = msg.result;
  if (msg.jsonrpc !== '2.0') p.reject(new Error(`request ${id}: the answer is not JSON-RPC 2.0`));
  else if (msg.error) p.reject(new Error(`server error: ${msg.error.message}`));
  else if (!isObject(result)) p.reject(new Error(`request ${id}: the result is not an object`));
  else if (result.content !== undefined && !Array.isArray(result.content)) p.reject(new Error(`request ${id}: "content" is not an array`));
  else p.resolve(result);
}

/** Connects the loop to `server`; the limit's loops take no option beyond `batched`. */
export async function connectStdio(server: Extract<ServerSpec, { kind: 'stdio' }>, options: StdioLoopOptions): Promise<BenchConnection> {
  const { batched, progress = false, defaultTimeoutMs, checked = false } = options;
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
      if (line.length > 0) {
        if (checked) settleChecked(pending, JSON.parse(line));
        else settle(pending, JSON.parse(line) as Message);
      }
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

  const request = (method: string, params: unknown, call?: CallOptions): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timeoutMs = call?.timeoutMs ?? defaultTimeoutMs;
      const p: Pending = { resolve, reject, deadline: timeoutMs ? Date.now() + timeoutMs : Infinity };
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
    call: async (name, args, call) =>
      firstText(await request('tools/call', progress ? { name, arguments: args, _meta: undefined } : { name, arguments: args }, call)),
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

/**
 * A like-for-like loop: `options` add some of what mcp-bridge does by default to the batched loop. It
 * runs W3 and W7, and is not a limit candidate (bench/report/pairs.ts).
 */
export function likeForLikeLoop(name: string, options: StdioLoopOptions): BenchClient {
  return {
    name,
    importModules: () => ['node:child_process'],
    covers: (key) => /^(w3\.par\.stdio|w7\.)/.test(key),
    unavailable: async () => undefined,
    connect: (server) => {
      if (server.kind !== 'stdio') throw new Error(`${name} is a stdio loop`);
      return connectStdio(server, options);
    },
  };
}
