// Echo-call workloads: sequential (latency) and N-in-flight (throughput, CPU and memory per call).
import { performance } from 'node:perf_hooks';
import type { BenchConnection } from '../clients/_types.js';
import { trackPeakRss } from '../lib/memory.js';
import { startJitTrace, stopJitTrace } from '../lib/jit-trace.js';
import { threadCpuMs } from '../lib/thread-cpu.js';
import { percentile } from '../lib/stats.js';
import { ECHO_TEXT } from './jobs.js';

async function echo(c: BenchConnection): Promise<void> {
  const text = await c.call('echo', { text: ECHO_TEXT });
  if (text !== ECHO_TEXT) throw new Error(`echo returned ${JSON.stringify(text).slice(0, 80)}, expected the text sent`);
}

function cpuMs(u: NodeJS.CpuUsage): number {
  return (u.user + u.system) / 1000;
}

/** `calls` echo calls one after another. */
export async function sequential(c: BenchConnection, calls: number, warmup: number): Promise<Record<string, number>> {
  for (let i = 0; i < warmup; i++) await echo(c);
  const lat = new Float64Array(calls);
  const peak = trackPeakRss();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) {
    const s = performance.now();
    await echo(c);
    lat[i] = performance.now() - s;
  }
  const wall = performance.now() - t0;
  const cpu = cpuMs(process.cpuUsage(cpu0));
  const { peakRss } = peak.stop();
  const l = Array.from(lat);
  return {
    calls,
    wallMs: wall,
    callsPerSec: calls / (wall / 1000),
    p50Ms: percentile(l, 50)!,
    p99Ms: percentile(l, 99)!,
    cpuMs: cpu,
    cpuUsPerCall: (cpu * 1000) / calls,
    peakRss,
  };
}

/** Runs `calls` calls of `fn` with at most `inflight` outstanding. */
export async function pool(calls: number, inflight: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < calls) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.min(inflight, calls) }, lane));
}

/** What a `par` job asks beyond its calls (see the `par` {@link Job}). */
export interface ParallelOptions {
  traceJit?: boolean;
  slices?: number;
}

/**
 * `calls` echo calls with `inflight` outstanding at once. With `slices`, the calls run as that many
 * pools of `calls / slices`, each timed (`slice0CallsPerSec`...): a pool drains before the next
 * starts, so the whole is a little slower than one pool; it shows where in the window time goes.
 */
export async function parallel(
  c: BenchConnection,
  calls: number,
  inflight: number,
  warmup: number,
  options: ParallelOptions = {},
): Promise<Record<string, number>> {
  const { traceJit = false, slices = 1 } = options;
  if (!Number.isInteger(slices) || slices < 1 || calls % slices !== 0) throw new Error(`par: ${calls} calls do not split into ${slices} equal slices`);
  await pool(warmup, inflight, () => echo(c));
  const peak = trackPeakRss();
  const rss0 = process.memoryUsage.rss();
  const cpu0 = process.cpuUsage();
  const main0 = threadCpuMs();
  if (traceJit) startJitTrace();
  const t0 = performance.now();
  const sliceRates: number[] = [];
  if (slices === 1) await pool(calls, inflight, () => echo(c));
  else {
    const each = calls / slices;
    for (let i = 0; i < slices; i++) {
      const started = performance.now();
      await pool(each, inflight, () => echo(c));
      sliceRates.push(each / ((performance.now() - started) / 1000));
    }
  }
  const wall = performance.now() - t0;
  const main1 = threadCpuMs();
  if (traceJit) stopJitTrace();
  const cpu = cpuMs(process.cpuUsage(cpu0));
  const { peakRss } = peak.stop();
  // The process's CPU split in two where the OS tells a thread's own: the main thread (the client's
  // code, the I/O) and the rest (V8 compiling the hot path with TurboFan, GC helpers).
  const main = main0 === undefined || main1 === undefined ? undefined : main1 - main0;
  return {
    calls,
    inflight,
    wallMs: wall,
    callsPerSec: calls / (wall / 1000),
    cpuMs: cpu,
    cpuUsPerCall: (cpu * 1000) / calls,
    ...(main === undefined ? {} : { mainCpuUsPerCall: (main * 1000) / calls, backgroundCpuUsPerCall: (Math.max(0, cpu - main) * 1000) / calls }),
    rssBefore: rss0,
    peakRss,
    ...Object.fromEntries(sliceRates.map((rate, i) => [`slice${i}CallsPerSec`, rate])),
  };
}

export { echo, cpuMs };
