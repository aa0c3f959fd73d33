// The JavaScript cost of an HTTP call alone, with no socket or server: W6's echo call, 64 in flight,
// over a stand-in undici dispatcher that answers every request of a turn in the next one (as socket
// reads arrive), with the bytes the bench's echo server sends. What a call costs in our client stack
// (the whole Client, or the Streamable HTTP transport alone) against raw's handler loop over the same
// stand-in. The kernel's share (writev, reads) and the server's are left out, and so is most of the
// noise a loaded machine puts into W6: the figures follow our code, not the load.
//   node dist/bench/http-stack.js [--calls N (100000)] [--pairs N (5)] [--base DIR]
// Each figure is a fresh process; the stacks alternate in every pair, order reversed every other pair.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './lib/stats.js';

type Handler = {
  onConnect?(abort: () => void): void;
  onHeaders(status: number, raw: Buffer[], resume: () => void, text: string): boolean;
  onData?(chunk: Buffer): boolean;
  onComplete(trailers: string[]): void;
  onError(error: Error): void;
};
type Opts = { method: string; body?: string; headers: Record<string, string> };

const TEXT = 'x'.repeat(64);
const SESSION = 'f3b1c2d4-0000-4000-8000-000000000000';
const INIT = JSON.stringify({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'stand-in', version: '1' } });
const latin = (s: string) => Buffer.from(s, 'latin1');

/** Answers like bench/servers/http-echo.ts, one turn later, with node:http's headers. */
function standIn() {
  let queue: (() => void)[] = [];
  const flush = () => {
    const q = queue;
    queue = [];
    for (const f of q) f();
  };
  const date = latin(new Date().toUTCString());
  return {
    dispatch(opts: Opts, handler: Handler): boolean {
      if (queue.length === 0) setImmediate(flush);
      queue.push(() => {
        handler.onConnect?.(() => undefined);
        const body = opts.body ?? '';
        const idAt = body.indexOf('"id":');
        if (opts.method !== 'POST' || idAt < 0) {
          handler.onHeaders(opts.method === 'POST' ? 202 : 200, [latin('date'), date, latin('content-length'), latin('0')], () => undefined, 'OK');
          handler.onComplete([]);
          return;
        }
        const id = body.slice(idAt + 5, body.indexOf(',', idAt));
        const init = body.includes('"method":"initialize"');
        const result = init ? INIT : `{"content":[{"type":"text","text":"${TEXT}"}]}`;
        const out = Buffer.from(`{"jsonrpc":"2.0","id":${id},"result":${result}}`);
        const raw = [latin('content-type'), latin('application/json'), latin('content-length'), latin(String(out.length)), latin('date'), date];
        raw.push(latin('connection'), latin('keep-alive'), latin('keep-alive'), latin('timeout=30'));
        if (init) raw.push(latin('mcp-session-id'), latin(SESSION));
        handler.onHeaders(200, raw, () => undefined, 'OK');
        handler.onData?.(out);
        handler.onComplete([]);
      });
      return true;
    },
    close: async () => undefined,
    destroy: async () => undefined,
  };
}

type Call = () => Promise<string>;

/** raw's loop (bench/clients/_raw-http.ts) over the stand-in. */
async function rawCall(dispatcher: ReturnType<typeof standIn>): Promise<Call> {
  let sessionId: string | undefined;
  let next = 1;
  const send = (body: string) =>
    new Promise<string>((resolve, reject) => {
      const parts: Buffer[] = [];
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      };
      if (sessionId) headers['mcp-session-id'] = sessionId;
      dispatcher.dispatch(
        { method: 'POST', headers, body },
        {
          onHeaders(_status, raw) {
            for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toString().toLowerCase() === 'mcp-session-id') sessionId = raw[i + 1]!.toString();
            return true;
          },
          onData(chunk) {
            parts.push(chunk);
            return true;
          },
          onComplete: () => resolve(parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8')),
          onError: reject,
        },
      );
    });
  const rpc = async (method: string, params: unknown) => {
    const msg = JSON.parse(await send(JSON.stringify({ jsonrpc: '2.0', id: next++, method, params }))) as { result?: unknown; error?: { message: string } };
    if (msg.error) throw new Error(msg.error.message);
    return msg.result as { content: { text: string }[] };
  };
  await rpc('initialize', {});
  await send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  return async () => (await rpc('tools/call', { name: 'echo', arguments: { text: TEXT } })).content[0]!.text;
}

type TransportLike = {
  events: { on(event: 'message', f: (m: { id: number; result: { content?: { text: string }[] } }) => void): void };
  send(message: object, options?: object): Promise<void>;
  setProtocolVersion(v: string): void;
};

/** The Streamable HTTP transport of the build at `root`, with the least a caller does: ids and a map. */
async function transportCall(root: string, dispatcher: ReturnType<typeof standIn>): Promise<Call> {
  const { createHttpTransport } = (await import(pathToFileURL(resolve(root, 'dist/src/transports/detect.js')).href)) as {
    createHttpTransport(o: object): TransportLike;
  };
  const t = createHttpTransport({ url: 'http://127.0.0.1:1/mcp', dispatcher, listen: false });
  const waiting = new Map<number, (text: string) => void>();
  t.events.on('message', (m) => {
    waiting.get(m.id)?.(m.result.content?.[0]?.text ?? '');
    waiting.delete(m.id);
  });
  let next = 1;
  const rpc = (method: string, params: object) => {
    const id = next++;
    const answer = new Promise<string>((r) => waiting.set(id, r));
    t.send({ jsonrpc: '2.0', id, method, params }, { requestId: id }).catch(() => undefined);
    return answer;
  };
  await rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
  t.setProtocolVersion('2025-11-25');
  await t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return () => rpc('tools/call', { name: 'echo', arguments: { text: TEXT } });
}

/** The whole client of the build at `root`: what `connect({ url })` builds, on the stand-in. */
async function clientCall(root: string, dispatcher: ReturnType<typeof standIn>): Promise<Call> {
  const { createHttpTransport } = (await import(pathToFileURL(resolve(root, 'dist/src/transports/detect.js')).href)) as {
    createHttpTransport(o: object): unknown;
  };
  const { Client } = (await import(pathToFileURL(resolve(root, 'dist/src/client/client.js')).href)) as {
    Client: new (t: unknown, o: object) => { connect(): Promise<void>; callTool(n: string, a: object): Promise<{ content: { text: string }[] }> };
  };
  const client = new Client(createHttpTransport({ url: 'http://127.0.0.1:1/mcp', dispatcher, listen: false }), {});
  await client.connect();
  return async () => (await client.callTool('echo', { text: TEXT })).content[0]!.text;
}

async function measure(stack: string, root: string, calls: number): Promise<number> {
  const dispatcher = standIn();
  const call = stack === 'raw' ? await rawCall(dispatcher) : stack === 'transport' ? await transportCall(root, dispatcher) : await clientCall(root, dispatcher);
  const pool = async (n: number) => {
    let i = 0;
    const lane = async () => {
      while (i++ < n) if ((await call()) !== TEXT) throw new Error(`${stack}: the echo came back wrong`);
    };
    await Promise.all(Array.from({ length: 64 }, lane));
  };
  await pool(20_000);
  const c0 = process.cpuUsage();
  await pool(calls);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / calls;
}

const opt = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const self = fileURLToPath(import.meta.url);
const here = resolve(self, '..', '..', '..');

if (process.argv[2] === '--one') {
  const [, , , stack, root, calls] = process.argv;
  console.log(String(await measure(stack!, root!, Number(calls))));
  process.exit(0);
}

const calls = Number(opt('calls') ?? 100_000);
const pairs = Number(opt('pairs') ?? 5);
const base = opt('base');
const runs: [string, string, string][] = [
  ['client', 'client', here],
  ['transport', 'transport', here],
  ['raw', 'raw', here],
];
if (base) runs.push(['client (base)', 'client', resolve(base)], ['transport (base)', 'transport', resolve(base)]);
const figures = new Map<string, number[]>(runs.map(([label]) => [label, []]));
const loads: number[] = [];
for (let p = 0; p < pairs; p++) {
  const order = p % 2 === 0 ? runs : [...runs].reverse();
  for (const [label, stack, root] of order) {
    const r = spawnSync(process.execPath, [self, '--one', stack, root, String(calls)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${label}: ${r.stderr}`);
    figures.get(label)!.push(Number(r.stdout.trim()));
  }
  loads.push(loadavg()[0]!);
}
const at = (label: string, i: number) => figures.get(label)![i]!;
const spread = (xs: number[]) => `${median(xs)!.toFixed(3)}× (${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)})`;
console.log(
  `${calls} calls, 64 in flight, ${pairs} pairs, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}; CPU µs per call, median (min–max):`,
);
for (const [label] of runs) {
  const xs = figures.get(label)!;
  console.log(`- ${label}: ${median(xs)!.toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`);
}
const ratio = (a: string, b: string) => spread(Array.from({ length: pairs }, (_, i) => at(a, i) / at(b, i)));
console.log(`- client / raw: ${ratio('client', 'raw')}; transport / raw: ${ratio('transport', 'raw')}`);
if (base) console.log(`- client / client (base): ${ratio('client', 'client (base)')}; transport / transport (base): ${ratio('transport', 'transport (base)')}`);
