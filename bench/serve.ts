// The gateway's cost: a W2/W3-style echo workload from the MCP SDK 1.x client (a typical host) to the
// bench's echo server, directly and through `mcp-bridge serve` (stdio; and Streamable HTTP with the
// stdio echo server behind it, against the HTTP echo server directly). Each pair runs the direct and
// the gateway target back to back, in an order reversed every other pair; a figure is the median of
// the pairs with its min–max. CPU per call is read for every process of the run (the host in-process,
// the gateway and the backend from /proc), during the 64-in-flight phase.
//   node dist/bench/serve.js [--calls N (2000)] [--par N (40000)] [--par-http N (5000)] [--pairs N (5)] [--only stdio|http] [--base DIR] [--floor] [--floor-chunked] [--inproc] [--json FILE]
// --base DIR also runs the gateway of another build (a checkout built with `npm run build`) in every
// pair, rotated with the two others, and prints this build over it: the cost of a change.
// --floor also runs, in every HTTP pair, `servers/http-floor.ts`: node:http answering each call with a
// fixed JSON body, the least any HTTP server can cost per call for this host and traffic;
// --floor-chunked the same floor answering chunked (no Content-Length), as the gateway once did;
// --inproc the gateway's HTTP server with no backend (`servers/http-gateway-inproc.ts`, an in-process
// echo tool; with --base, the base build's too): against the floor, what the HTTP layer, connection
// and registry add; against serve-http, what the stdio round trip to the backend costs.
//   MCPB_SERVE_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/p" adds node options to the gateway (and the floor).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { median } from './lib/stats.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const echo = resolve(here, 'servers', 'stdio-echo.js');
const cli = resolve(here, '..', 'src', 'cli', 'main.js');
const opt = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const num = (name: string, d: number) => Number(opt(name) ?? d);
const SEQ = num('calls', 2000);
const PAR = num('par', 40_000);
// The SDK's HTTP host spends some 250 µs of CPU per call, 25 times its stdio cost: fewer calls there.
const PAR_HTTP = num('par-http', 5_000);
const PAIRS = num('pairs', num('rounds', 5));
const ONLY = opt('only');
const JSON_OUT = opt('json');
const BASE = opt('base');
const baseCli = BASE ? resolve(BASE, 'dist', 'src', 'cli', 'main.js') : undefined;
const SOLO_FLAGS = { 'floor-http': '--floor', 'floor-chunked-http': '--floor-chunked', 'inproc-http': '--inproc', 'inbase-http': '--inproc' } as const;
const SOLOS = (Object.keys(SOLO_FLAGS) as (keyof typeof SOLO_FLAGS)[]).filter(
  (t) => process.argv.includes(SOLO_FLAGS[t]) && (t !== 'inbase-http' || BASE !== undefined),
);
const GATEWAY_NODE_ARGS = (process.env.MCPB_SERVE_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

const dir = mkdtempSync(join(tmpdir(), 'mcpb-serve-bench-'));
const config = join(dir, 'mcp-bridge.json');
writeFileSync(config, JSON.stringify({ tools: { mcp: { servers: [{ name: 'echo', command: process.execPath, args: [echo] }] } } }));

type Target = 'direct' | 'serve-stdio' | 'direct-http' | 'serve-http' | 'base-stdio' | 'base-http' | keyof typeof SOLO_FLAGS;
const isHttp = (t: Target) => t.endsWith('http');
/** A server in one process, no backend behind it (the floors, the in-process gateways): its CPU is the "backend" column. */
const isSolo = (t: Target) => t in SOLO_FLAGS;
const viaGateway = (t: Target) => t.startsWith('serve') || t.startsWith('base');
const cliOf = (t: Target) => (t.startsWith('base') ? baseCli! : cli);
interface Opened {
  client: Client;
  /** The process the host talks to (the echo server directly, or the gateway). */
  pid: number;
  close(): Promise<void>;
}

async function spawnListening(args: string[], stream: 'stdout' | 'stderr', pattern: RegExp): Promise<{ child: ChildProcess; match: string }> {
  // The direct HTTP echo server exits when its stdin ends: keep a pipe open.
  const child = spawn(process.execPath, args, { stdio: ['pipe', stream === 'stdout' ? 'pipe' : 'ignore', stream === 'stderr' ? 'pipe' : 'inherit'] });
  const match = await new Promise<string>((ok, fail) => {
    let text = '';
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited (${code}) before listening: ${text}`)));
    child[stream]!.on('data', (d) => {
      text += String(d);
      const m = pattern.exec(text);
      if (m) ok(m[1]!);
    });
  });
  return { child, match };
}

async function open(target: Target): Promise<Opened> {
  const client = new Client({ name: 'bench-host', version: '1' });
  if (!isHttp(target)) {
    const args = target === 'direct' ? [echo] : [...GATEWAY_NODE_ARGS, cliOf(target), 'serve', '--config', config, '-q'];
    const transport = new StdioClientTransport({ command: process.execPath, args });
    await client.connect(transport);
    return { client, pid: transport.pid!, close: () => client.close() };
  }
  const server = {
    'direct-http': ['http-echo.js'],
    'floor-http': ['http-floor.js'],
    'floor-chunked-http': ['http-floor.js', '--chunked'],
    'inproc-http': ['http-gateway-inproc.js'],
    'inbase-http': ['http-gateway-inproc.js', '--root', resolve(BASE ?? '.', 'dist')],
  }[target as string]!;
  const { child, match } = !viaGateway(target)
    ? await spawnListening(
        [...(isSolo(target) ? GATEWAY_NODE_ARGS : []), resolve(here, 'servers', server[0]!), ...server.slice(1)],
        'stdout',
        /LISTENING (\d+)/,
      )
    : await spawnListening(
        [...GATEWAY_NODE_ARGS, cliOf(target), 'serve', '--config', config, '--http', '127.0.0.1:0'],
        'stderr',
        /serving Streamable HTTP on (\S+)/,
      );
  child.removeAllListeners('exit');
  const url = viaGateway(target) ? match : `http://127.0.0.1:${match}/mcp`;
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: hostFetch }));
  return {
    client,
    pid: child.pid!,
    close: async () => {
      await client.close();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** User + system CPU of a whole process (every thread) in µs, from /proc (clock ticks, 100 Hz). */
function procCpuUs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

/** Read and write system calls of a process so far (`/proc/<pid>/io`; every fd, pipes included). */
function procSyscalls(pid: number | undefined): { r: number; w: number } {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    return { r: Number(/syscr: (\d+)/.exec(io)![1]), w: Number(/syscw: (\d+)/.exec(io)![1]) };
  } catch {
    return { r: Number.NaN, w: Number.NaN };
  }
}

/** The first child process of `pid` (the gateway's backend). */
function childOf(pid: number): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) return Number(name);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const call = (c: Client, i: number) => c.callTool({ name: 'echo', arguments: { text: `m${i}` } });

interface Run {
  latencyMs: number;
  perSec: number;
  /** CPU µs per call during the 64-in-flight phase. */
  cpu: { host: number; gateway?: number; backend: number };
  /** The gateway's read and write system calls per call during the 64-in-flight phase (stdio and HTTP alike). */
  syscalls?: { read: number; write: number };
  load: number;
}

async function measure(target: Target): Promise<Run> {
  const { client, pid, close } = await open(target);
  try {
    for (let i = 0; i < 200; i++) await call(client, i);
    const gateway = viaGateway(target);
    const backend = gateway ? childOf(pid) : pid;
    const times: number[] = [];
    for (let i = 0; i < SEQ; i++) {
      const t = performance.now();
      await call(client, i);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    // The 64-in-flight path warms up too (its code is not the sequential one's), off the clock.
    let next = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < (isHttp(target) ? 500 : 5000)) await call(client, next++);
      }),
    );
    next = 0;
    const par = isHttp(target) ? PAR_HTTP : PAR;
    const host0 = process.cpuUsage();
    const gw0 = gateway ? procCpuUs(pid) : 0;
    const io0 = gateway ? procSyscalls(pid) : undefined;
    const be0 = procCpuUs(backend);
    const start = performance.now();
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < par) await call(client, next++);
      }),
    );
    const wall = performance.now() - start;
    const host = process.cpuUsage(host0);
    const io1 = gateway ? procSyscalls(pid) : undefined;
    return {
      latencyMs: times[times.length >> 1]!,
      perSec: par / (wall / 1000),
      cpu: {
        host: (host.user + host.system) / par,
        ...(gateway ? { gateway: (procCpuUs(pid) - gw0) / par } : {}),
        backend: (procCpuUs(backend) - be0) / par,
      },
      ...(io0 && io1 ? { syscalls: { read: (io1.r - io0.r) / par, write: (io1.w - io0.w) / par } } : {}),
      load: loadavg()[0]!,
    };
  } finally {
    await close();
  }
}

const f = (x: number | undefined, digits: number) => (x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(digits));
const spread = (xs: number[], digits: number, unit = '') => `${f(median(xs), digits)}${unit} (${f(Math.min(...xs), digits)}–${f(Math.max(...xs), digits)})`;

// The SDK's HTTP transport gives every POST its transport-wide AbortSignal, and Node's fetch lets go
// of each request's abort listener only when the request is garbage-collected: at 64 in flight
// thousands pile up, each new one is checked against all the others, and Node warns past 1,500 for
// every further one. That cost the host some 350 µs of CPU per call (the gateway was 110), so the
// bench measured the host. Its POSTs go without that signal (the GET stream keeps it, so close()
// still ends it); any warning left is counted and reported, not printed.
const hostFetch: typeof fetch = (url, init) => fetch(url, init?.method === 'POST' ? { ...init, signal: null } : init);
const warnings = new Map<string, number>();
process.removeAllListeners('warning');
process.on('warning', (w) => warnings.set(w.name, (warnings.get(w.name) ?? 0) + 1));
process.stderr.write(`bench pid ${process.pid}; ${PAIRS} pairs, ${SEQ} sequential calls, ${PAR} (stdio) and ${PAR_HTTP} (HTTP) at 64 in flight\n`);
// One group per transport: the direct target first, then the gateway(s); each round rotates the order.
const GROUPS = (
  [
    ['direct', 'serve-stdio', 'base-stdio'],
    ['direct-http', 'serve-http', 'base-http'],
  ] as Target[][]
)
  .map((g) => (BASE ? g : g.slice(0, 2)))
  .map((g) => (isHttp(g[0]!) ? [...g, ...SOLOS] : g))
  .filter(([d]) => !ONLY || (ONLY === 'http') === isHttp(d!));
const runs = new Map<Target, Run[]>();
const loadStart = loadavg()[0]!;
for (let p = 0; p < PAIRS; p++)
  for (const group of GROUPS) {
    const k = p % group.length;
    const order = [...group.slice(k), ...group.slice(0, k)];
    for (const t of p % 2 === 0 ? order : order.reverse()) {
      const run = await measure(t);
      runs.set(t, [...(runs.get(t) ?? []), run]);
      process.stderr.write(
        `  pair ${p + 1} ${t.padEnd(11)} ${run.latencyMs.toFixed(3)} ms  ${run.perSec.toFixed(0)} calls/s  cpu/call µs host ${f(run.cpu.host, 1)} gateway ${f(run.cpu.gateway, 1)} backend ${f(run.cpu.backend, 1)}${run.syscalls ? `  gateway syscalls/call read ${f(run.syscalls.read, 2)} write ${f(run.syscalls.write, 2)}` : ''}  load ${run.load.toFixed(2)}\n`,
      );
    }
  }
const loadEnd = loadavg()[0]!;
const summary: Record<string, unknown> = { pairs: PAIRS, seq: SEQ, par: PAR, parHttp: PAR_HTTP, load: { start: loadStart, end: loadEnd } };
const total = (r: Run) => r.cpu.host + (r.cpu.gateway ?? 0) + r.cpu.backend;
const cpuLine = (label: string, rs: Run[]) =>
  `  CPU µs/call ${label.padEnd(8)} host ${spread(
    rs.map((r) => r.cpu.host),
    1,
  )}${
    rs[0]!.cpu.gateway === undefined
      ? ''
      : `  gateway ${spread(
          rs.map((r) => r.cpu.gateway!),
          1,
        )}`
  }  backend ${spread(
    rs.map((r) => r.cpu.backend),
    1,
  )}  total ${spread(rs.map(total), 1)}`;
for (const [d, ...others] of GROUPS) {
  const gateways = others.filter((t) => !isSolo(t));
  const dr = runs.get(d!)!;
  const lines = [`${isHttp(d!) ? 'Streamable HTTP' : 'stdio'} (${PAIRS} pairs, median (min–max)):`];
  lines.push(
    `  direct     latency ${spread(
      dr.map((r) => r.latencyMs),
      3,
      ' ms',
    )}  64 in flight ${spread(
      dr.map((r) => r.perSec),
      0,
      '/s',
    )}`,
  );
  for (const g of gateways) {
    const gr = runs.get(g)!;
    const added = gr.map((r, i) => r.latencyMs - dr[i]!.latencyMs);
    const tput = gr.map((r, i) => r.perSec / dr[i]!.perSec);
    lines.push(
      `  ${g.padEnd(10)} latency ${spread(
        gr.map((r) => r.latencyMs),
        3,
        ' ms',
      )} added ${spread(added, 3, ' ms')}  64 in flight ${spread(
        gr.map((r) => r.perSec),
        0,
        '/s',
      )} = ${spread(tput, 2, '×')} direct`,
    );
    summary[g] = { runs: gr, addedLatencyMs: median(added), throughputRatio: median(tput) };
  }
  lines.push(cpuLine('direct', dr));
  for (const g of gateways) lines.push(cpuLine(g.split('-')[0]!, runs.get(g)!));
  // A solo target's one process is the server: its CPU per call is the "backend" column.
  for (const fl of others.filter(isSolo)) {
    const fr = runs.get(fl)!;
    lines.push(cpuLine(fl.replace(/-http$/, ''), fr));
    summary[fl] = { runs: fr };
  }
  const base = gateways.find((g) => g.startsWith('base'));
  if (base) {
    const nr = runs.get(gateways[0]!)!;
    const br = runs.get(base)!;
    lines.push(
      `  this build / base: 64 in flight ${spread(
        nr.map((r, i) => r.perSec / br[i]!.perSec),
        2,
        '×',
      )}  gateway CPU/call ${spread(
        nr.map((r, i) => r.cpu.gateway! / br[i]!.cpu.gateway!),
        2,
        '×',
      )}  added latency ${spread(
        nr.map((r, i) => r.latencyMs - br[i]!.latencyMs),
        3,
        ' ms',
      )}`,
    );
  }
  summary[d!] = { runs: dr };
  process.stdout.write(`${lines.join('\n')}\n`);
}
if (warnings.size > 0) process.stdout.write(`host process warnings (not printed): ${[...warnings].map(([k, n]) => `${k} ×${n}`).join(', ')}\n`);
process.stdout.write(`load average (1 min) ${loadStart.toFixed(2)} at start, ${loadEnd.toFixed(2)} at end\n`);
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(summary, null, 2));
