// Where a tool call through the gateway spends its CPU, layer by layer, in one process: a Manager
// with the bench's stdio echo server behind it, and calls at 64 in flight made at each layer in turn
// (our client alone, `Registry.execute`, `Gateway.callTool` without a signal, with one shared signal and with a fresh one,
// and the serve connection, a parsed request in and an encoded line out). The backend's CPU is in
// its own process, so `process.cpuUsage()` here is the gateway's share. Layers alternate round by
// round; each figure is the median of the rounds with its min–max.
//   node dist/bench/serve-layers.js [--calls N (40000)] [--rounds N (5)] [--only client,registry,...]
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeLine, type JsonRpcMessage, type RequestId } from '../protocol/index.js';
import { Registry } from '../src/adapters/registry.js';
import { configFromObject } from '../src/config/index.js';
import { Manager } from '../src/manager/manager.js';
import { ServeConnection, type Channel } from '../src/serve/connection.js';
import { InputForwarder } from '../src/serve/forward.js';
import { Gateway } from '../src/serve/gateway.js';
import { median } from './lib/stats.js';

const opt = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const CALLS = Number(opt('calls') ?? 40_000);
const ROUNDS = Number(opt('rounds') ?? 5);

const echo = resolve(fileURLToPath(new URL('.', import.meta.url)), 'servers', 'stdio-echo.js');
const forwarder = new InputForwarder();
const registry = new Registry({});
const manager = new Manager(configFromObject({ tools: { mcp: { servers: [{ name: 'echo', command: process.execPath, args: [echo] }] } } }), {
  registry,
  clientOptions: { ...forwarder.handlers() },
});
await manager.start();
const gateway = new Gateway({ manager, registry, forwarder });
const client = manager.server('echo').liveClient!;
// The connection layer's answers, by request id: a ring of slots (ids go up one by one, 64 in flight),
// not a Map. A Map with an entry in and out per call rebuilds its table again and again, V8 links
// each old table to the next, and once one is promoted every later one and what it holds is too:
// the harness's own Map promoted some 240 B per call and billed its GC to the connection layer.
const SLOTS = 1024;
const waiting: (((line: string) => void) | undefined)[] = new Array(SLOTS);
const channel: Channel = {
  send(message: JsonRpcMessage) {
    const line = encodeLine(message);
    const id = (message as { id?: RequestId }).id;
    if (typeof id !== 'number') return;
    const done = waiting[id % SLOTS];
    if (done) {
      waiting[id % SLOTS] = undefined;
      done(line);
    }
  },
};
const connection = new ServeConnection({ gateway, background: () => channel });
await connection.receive(
  { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } },
  channel,
);
let nextId = 1;
// One signal never aborted, for every call: what passing a signal costs apart from making one.
const shared = new AbortController();
const LAYERS: Record<string, (i: number) => Promise<unknown>> = {
  client: (i) => client.callTool('echo', { text: `m${i}` }),
  registry: (i) => registry.execute('echo', { text: `m${i}` }, { entry: 'gateway' }),
  gateway: (i) => gateway.callTool('echo', { text: `m${i}` }, {}),
  'gateway+shared': (i) => gateway.callTool('echo', { text: `m${i}` }, { signal: shared.signal }),
  'gateway+signal': (i) => gateway.callTool('echo', { text: `m${i}` }, { signal: new AbortController().signal }),
  connection: (i) => {
    const id = nextId++;
    const answered = new Promise<string>((ok) => (waiting[id % SLOTS] = ok));
    void connection.receive(JSON.parse(`{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"text":"m${i}"}}}`), channel);
    return answered;
  },
};

async function run(fn: (i: number) => Promise<unknown>, n: number): Promise<number> {
  let next = 0;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < n) await fn(next++);
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

const names = (opt('only') ?? Object.keys(LAYERS).join(',')).split(',');
for (const name of names) await run(LAYERS[name]!, 5000);
const perCall = new Map<string, number[]>(names.map((n) => [n, []]));
for (let r = 0; r < ROUNDS; r++) for (const name of r % 2 === 0 ? names : [...names].reverse()) perCall.get(name)!.push(await run(LAYERS[name]!, CALLS));
for (const name of names) {
  const xs = perCall.get(name)!;
  process.stdout.write(
    `${name.padEnd(15)} ${median(xs)!.toFixed(2)} µs CPU per call (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}), ${ROUNDS} rounds of ${CALLS} at 64 in flight\n`,
  );
}
await manager.close();
