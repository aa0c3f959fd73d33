// What TurboFan compiles inside W3's measured window, for mcp-bridge and the raw loops, in alternated
// runs: how many functions, and how long the compiler's background thread spent on them. The window
// is 20,000 calls after 1,000 of warm-up, and no function reaches TurboFan within the warm-up, so
// every compile of the hot path happens while the calls are being timed, and on this 2-core machine
// the compiler thread competes with the server for the second core.
//
//   node dist/bench/jit-window.js [--reps N] [--top N] [--slices N]
//
// The traced runs are not timed: V8's trace writes a line per compile inside the window. With
// `--slices N`, each round also runs every client untraced with the window timed in N slices, and the
// calls/s of each slice are printed: where in the window a client loses to another.
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

/** W3's measured calls, as the bench times them after its warm-up. */
const W3_CALLS = 20_000;

/** W3's job for `client`, as the bench runs it. */
function w3(client: string): Extract<Job, { workload: 'par' }> {
  return { workload: 'par', client, transport: 'stdio', calls: W3_CALLS, inflight: 64, warmup: 1000 };
}

/** Runs `job` in a worker: its result, and everything the worker wrote to stdout. */
function runJob(job: Job): Promise<{ result: JobResult; out: string }> {
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
      if (!result?.ok) reject(new Error(`${job.client}: the run failed: ${line ?? 'no RESULT line'}`));
      else resolve({ result, out });
    });
  });
}

async function traced(client: string): Promise<Traced> {
  const job = { ...w3(client), traceJit: true };
  const { result, out } = await runJob(job);
  const perCall = result.metrics.backgroundCpuUsPerCall;
  return { compiles: parseJitTrace(out), backgroundCpuMs: perCall === undefined ? undefined : (perCall * job.calls) / 1000 };
}

/** The calls/s of each slice of an untraced W3 window. */
async function sliced(client: string, slices: number): Promise<number[]> {
  const { result } = await runJob({ ...w3(client), slices });
  return Array.from({ length: slices }, (_, i) => result.metrics[`slice${i}CallsPerSec`]!);
}

const sum = (compiles: readonly JitCompile[]): number => compiles.reduce((total, c) => total + c.backgroundMs, 0);
const spread = (xs: number[], digits: number): string =>
  `${median(xs)!.toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

const reps = option('--reps', 5);
const top = option('--top', 12);
const slices = process.argv.includes('--slices') ? option('--slices', 10) : undefined;
const runs = new Map<string, Traced[]>(CLIENTS.map((c) => [c, []]));
const slicedRuns = new Map<string, number[][]>(CLIENTS.map((c) => [c, []]));
for (let rep = 1; rep <= reps; rep++) {
  // Alternated: each round runs every client once, in a rotated order.
  for (let i = 0; i < CLIENTS.length; i++) {
    const client = CLIENTS[(i + rep) % CLIENTS.length]!;
    runs.get(client)!.push(await traced(client));
    if (slices !== undefined) slicedRuns.get(client)!.push(await sliced(client, slices));
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

if (slices !== undefined) {
  const each = W3_CALLS / slices;
  console.log(`\nThe window in ${slices} slices of ${each.toLocaleString('en')} calls, untraced (thousand calls/s, median over the rounds):\n`);
  console.log(`| slice | ${CLIENTS.join(' | ')} | mcp-bridge over raw-defaults |\n| --- |${' --- |'.repeat(CLIENTS.length + 1)}`);
  const ourSlices = slicedRuns.get('mcp-bridge')!;
  const theirSlices = slicedRuns.get('raw-defaults')!;
  for (let i = 0; i < slices; i++) {
    const rates = CLIENTS.map((c) => (median(slicedRuns.get(c)!.map((run) => run[i]!))! / 1000).toFixed(0));
    const ratios = ourSlices.map((run, round) => ratio(run[i]!, theirSlices[round]![i]!)!);
    console.log(`| ${i + 1} | ${rates.join(' | ')} | ${spread(ratios, 3)}× |`);
  }
}
