// What TurboFan compiles inside W3's measured window, for mcp-bridge and the raw loops, in alternated
// runs: how many functions, and how long the compiler's background thread spent on them. The window
// is 20,000 calls after 1,000 of warm-up, and no function reaches TurboFan within the warm-up, so
// every compile of the hot path happens while the calls are being timed, and on this 2-core machine
// the compiler thread competes with the server for the second core.
//
//   node dist/bench/jit-window.js [--reps N] [--top N]
//
// The traced runs are not timed: V8's trace writes a line per compile inside the window.
import { spawn } from 'node:child_process';
import type { Job, JobResult } from './workloads/jobs.js';
import { parseJitTrace, type JitCompile } from './lib/jit-trace.js';
import { benchEnv } from './lib/spawn-job.js';
import { benchFile } from './lib/paths.js';
import { median, ratio } from './lib/stats.js';

const CLIENTS = ['mcp-bridge', 'raw-defaults', 'raw-progress', 'raw'] as const;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number of at least 1, got ${process.argv[at + 1]}`);
  return value;
}

/** One traced run: its compiles, and the CPU time of the process's threads but the main one (ms). */
interface Traced {
  compiles: JitCompile[];
  backgroundCpuMs: number | undefined;
}

function traced(client: string): Promise<Traced> {
  const job: Job = { workload: 'par', client, transport: 'stdio', calls: 20_000, inflight: 64, warmup: 1000, traceJit: true };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--no-warnings', benchFile('worker.js'), JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: benchEnv(),
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
    child.once('error', reject);
    child.once('close', () => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      const result = line === undefined ? undefined : (JSON.parse(line.slice(7)) as JobResult);
      if (!result?.ok) reject(new Error(`${client}: the traced run failed: ${line ?? 'no RESULT line'}`));
      else {
        const perCall = result.metrics.backgroundCpuUsPerCall;
        resolve({ compiles: parseJitTrace(out), backgroundCpuMs: perCall === undefined ? undefined : (perCall * job.calls) / 1000 });
      }
    });
  });
}

const sum = (compiles: readonly JitCompile[]): number => compiles.reduce((total, c) => total + c.backgroundMs, 0);
const spread = (xs: number[], digits: number): string =>
  `${median(xs)!.toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

const reps = option('--reps', 5);
const top = option('--top', 12);
const runs = new Map<string, Traced[]>(CLIENTS.map((c) => [c, []]));
for (let rep = 1; rep <= reps; rep++) {
  // Alternated: each round runs every client once, in a rotated order.
  for (let i = 0; i < CLIENTS.length; i++) {
    const client = CLIENTS[(i + rep) % CLIENTS.length]!;
    runs.get(client)!.push(await traced(client));
  }
  process.stderr.write(`round ${rep}/${reps} done\n`);
}

console.log(`TurboFan in W3's window (20,000 calls, 64 in flight, stdio), ${reps} alternated rounds, median (min–max):\n`);
// The compile phase V8 times on its thread is wall time there (descheduled time included); the
// background CPU is the process's CPU less the main thread's, compiler and GC helpers together.
console.log(
  '| client | functions compiled | compile phase on the compiler thread, ms of wall time | background threads, ms of CPU |\n| --- | --- | --- | --- |',
);
for (const [client, list] of runs) {
  const count = spread(
    list.map((r) => r.compiles.length),
    0,
  );
  const wall = spread(
    list.map((r) => sum(r.compiles)),
    1,
  );
  const cpu = list.map((r) => r.backgroundCpuMs).filter((ms): ms is number => ms !== undefined);
  console.log(`| ${client} | ${count} | ${wall} | ${cpu.length > 0 ? spread(cpu, 1) : 'not split here'} |`);
}
const ours = runs.get('mcp-bridge')!;
for (const base of CLIENTS.slice(1)) {
  const counts = ours.map((r, i) => ratio(r.compiles.length, runs.get(base)![i]!.compiles.length)!);
  console.log(`\nmcp-bridge's compiles over ${base}'s, round by round: ${spread(counts, 2)}×`);
}
const byName = new Map<string, number[]>();
for (const { compiles: list } of ours) {
  const perRun = new Map<string, number>();
  for (const c of list) perRun.set(c.name || '(anonymous)', (perRun.get(c.name || '(anonymous)') ?? 0) + c.backgroundMs);
  for (const [name, ms] of perRun) byName.set(name, [...(byName.get(name) ?? []), ms]);
}
console.log(`\nmcp-bridge's costliest compiles (median ms over the rounds that compiled them):`);
for (const [name, ms] of [...byName].sort((a, b) => median(b[1])! - median(a[1])!).slice(0, top)) {
  console.log(`  ${median(ms)!.toFixed(2).padStart(6)}  ${name}  (${ms.length}/${reps} rounds)`);
}
