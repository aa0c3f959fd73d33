// W11: what the call pipeline costs a call through the Registry (`Registry.execute`: lookup,
// validation, the pipeline's steps, the call, conversion). Two registries in one worker, each filled
// by its own Manager from its own stdio echo server: `off` has no step (no governance configured),
// `on` has the governance a config turns on. Their W2-style (sequential) and W3-style (64 in flight)
// runs alternate within the worker (off, on, on, off, ...), so every pair shares the machine's load at
// the time; a figure is the median of the pairs' on/off ratios with their min–max, as CPU time
// (process.cpuUsage, the figure a loaded machine leaves intact) and as wall time. A segment's CPU
// is read after an idle settle, so the audit lines its calls queued are written within it.
// With every step off the pipeline costs one object and one branch per call: too little to see
// against a stdio round trip, so it is timed on its own, in-process, and given as a share of the
// CPU an `off` call costs.
import { performance } from 'node:perf_hooks';
import type { BenchGoverned } from '../clients/_types.js';
import { median } from '../lib/stats.js';
import { cpuMs, pool } from './calls.js';
import { ECHO_TEXT } from './jobs.js';

/** Sizes of one W11 job. */
export interface PipelineSizes {
  seqCalls: number;
  parCalls: number;
  inflight: number;
  /** Alternated (off, on) pairs per shape; at least 5 for a figure worth quoting. */
  pairs: number;
}

interface Segment {
  cpuUs: number;
  wallUs: number;
}

async function segment(
  call: (args: Record<string, unknown>) => Promise<string>,
  calls: number,
  inflight: number,
  settle: () => Promise<void>,
): Promise<Segment> {
  const one = async () => {
    const text = await call({ text: ECHO_TEXT });
    if (text !== ECHO_TEXT) throw new Error(`echo through the registry returned ${JSON.stringify(text).slice(0, 80)}`);
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  if (inflight <= 1) for (let i = 0; i < calls; i++) await one();
  else await pool(calls, inflight, one);
  const wall = performance.now() - t0;
  // The audit lines of these calls are written up to 25 ms after them: their CPU belongs to this
  // segment, not to the next one (of the other side). Waiting idle costs no CPU, so both sides wait.
  await settle();
  return { cpuUs: (cpuMs(process.cpuUsage(cpu0)) * 1000) / calls, wallUs: (wall * 1000) / calls };
}

/** on/off ratios of `pairs` alternated segments, as metrics named `<prefix>...`. */
async function alternate(g: BenchGoverned, prefix: string, calls: number, inflight: number, pairs: number): Promise<Record<string, number>> {
  // Warm both paths (JIT, the audit file's first write) before anything counts.
  await segment(g.off, Math.ceil(calls / 10), inflight, g.settle);
  await segment(g.on, Math.ceil(calls / 10), inflight, g.settle);
  const off: Segment[] = [];
  const on: Segment[] = [];
  for (let p = 0; p < pairs; p++) {
    // off, on, on, off...: neither side always runs first.
    if (p % 2 === 0) {
      off.push(await segment(g.off, calls, inflight, g.settle));
      on.push(await segment(g.on, calls, inflight, g.settle));
    } else {
      on.push(await segment(g.on, calls, inflight, g.settle));
      off.push(await segment(g.off, calls, inflight, g.settle));
    }
  }
  await g.settle();
  const cpuRatios = on.map((s, i) => s.cpuUs / off[i]!.cpuUs);
  const wallRatios = on.map((s, i) => s.wallUs / off[i]!.wallUs);
  return {
    [`${prefix}OffCpuUsPerCall`]: median(off.map((s) => s.cpuUs))!,
    [`${prefix}OnCpuUsPerCall`]: median(on.map((s) => s.cpuUs))!,
    [`${prefix}OffWallUsPerCall`]: median(off.map((s) => s.wallUs))!,
    [`${prefix}OnWallUsPerCall`]: median(on.map((s) => s.wallUs))!,
    [`${prefix}CpuRatio`]: median(cpuRatios)!,
    [`${prefix}CpuRatioMin`]: Math.min(...cpuRatios),
    [`${prefix}CpuRatioMax`]: Math.max(...cpuRatios),
    [`${prefix}WallRatio`]: median(wallRatios)!,
    [`${prefix}WallRatioMin`]: Math.min(...wallRatios),
    [`${prefix}WallRatioMax`]: Math.max(...wallRatios),
  };
}

/** W11's figures; see the top of this file. */
export async function pipelineOverhead(g: BenchGoverned, sizes: PipelineSizes): Promise<Record<string, number>> {
  const metrics: Record<string, number> = {
    ...(await alternate(g, 'seq', sizes.seqCalls, 1, sizes.pairs)),
    ...(await alternate(g, 'par', sizes.parCalls, sizes.inflight, sizes.pairs)),
  };
  // The empty pipeline's own cost, in-process, against the bare step it wraps.
  const emptyNs = median(Array.from({ length: 5 }, () => g.emptyPipelineExtraNs()))!;
  metrics.emptyPipelineNsPerCall = emptyNs;
  metrics.offSharePct = (emptyNs / 1000 / metrics.seqOffCpuUsPerCall!) * 100;
  return metrics;
}
