// The remaining workloads: cold start (connect + tools/list + close), one large result, and a fleet of
// servers started in parallel and called round-robin.
import { performance } from 'node:perf_hooks';
import type { BenchAgentTools, BenchClient, BenchConnection, BenchFleet, ServerSpec } from '../clients/_types.js';
import { trackPeakRss } from '../lib/memory.js';
import { median } from '../lib/stats.js';
import { cpuMs, pool } from './calls.js';
import { ECHO_TEXT } from './jobs.js';
import { registryCosts } from './registry-costs.js';

/** `cycles` times: spawn + initialize, tools/list, close. The first cycle is the cold one. */
export async function connectCycles(client: BenchClient, server: ServerSpec, cycles: number): Promise<Record<string, number>> {
  const rows: { connect: number; list: number; close: number; total: number }[] = [];
  for (let i = 0; i < cycles; i++) {
    const t0 = performance.now();
    const c = await client.connect(server);
    const t1 = performance.now();
    const n = await c.listTools();
    const t2 = performance.now();
    await c.close();
    const t3 = performance.now();
    if (n !== 2) throw new Error(`tools/list returned ${n} tools, expected 2`);
    rows.push({ connect: t1 - t0, list: t2 - t1, close: t3 - t2, total: t3 - t0 });
  }
  const warm = rows.slice(1);
  return {
    coldConnectMs: rows[0].connect,
    coldListMs: rows[0].list,
    coldCloseMs: rows[0].close,
    coldTotalMs: rows[0].total,
    ...(warm.length > 0
      ? {
          warmConnectMs: median(warm.map((r) => r.connect))!,
          warmTotalMs: median(warm.map((r) => r.total))!,
        }
      : {}),
  };
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** One blob call of `bytes`: time, throughput, CPU and the peak RSS above the pre-call baseline. */
export async function largeResult(
  c: BenchConnection,
  bytes: number,
  timeoutMs: number,
): Promise<{ metrics: Record<string, number>; error?: string; method: string }> {
  // Warm the path with small results so only the size differs in the measured call.
  for (let i = 0; i < 3; i++) await c.call('blob', { bytes: 1024 });
  await c.call('prepare', { bytes });
  gc();
  const base = process.memoryUsage.rss();
  const peak = trackPeakRss();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let error: string | undefined;
  try {
    const text = await c.call('blob', { bytes }, { timeoutMs });
    if (text.length !== bytes) error = `result text has ${text.length} characters, expected ${bytes}`;
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  const ms = performance.now() - t0;
  const cpu = cpuMs(process.cpuUsage(cpu0));
  const { peakRss, method } = peak.stop();
  const metrics: Record<string, number> = {
    bytes,
    ms,
    cpuMs: cpu,
    baseRss: base,
    peakRss,
    peakDeltaRss: peakRss - base,
    peakDeltaPerByte: (peakRss - base) / bytes,
  };
  if (error === undefined) metrics.mibPerSec = bytes / 1048576 / (ms / 1000);
  return { metrics, error, method };
}

/** Starts `servers` stdio servers at once, then spreads `calls` echo calls over them round-robin. */
export async function fleet(
  client: BenchClient,
  server: Extract<ServerSpec, { kind: 'stdio' }>,
  servers: number,
  calls: number,
  inflight: number,
): Promise<{ metrics: Record<string, number>; how: string }> {
  // Config parsing and the package import are not start-up: users do them once, before any server.
  await client.prepareFleet?.(server, servers);
  const peak = trackPeakRss();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const f = client.fleet ? await client.fleet(server, servers) : await connectFleet(client, server, servers);
  const startupMs = performance.now() - t0;
  const startupCpu = cpuMs(process.cpuUsage(cpu0));
  if (f.toolCounts.some((n) => n !== 2)) throw new Error(`fleet: tool counts ${f.toolCounts.join(',')}, expected 2 each`);
  const cpu1 = process.cpuUsage();
  const t1 = performance.now();
  await pool(calls, inflight, async (i) => {
    const text = await f.call(i % servers, 'echo', { text: ECHO_TEXT });
    if (text !== ECHO_TEXT) throw new Error('fleet: echo returned something else');
  });
  const wall = performance.now() - t1;
  const cpu = cpuMs(process.cpuUsage(cpu1));
  const t2 = performance.now();
  await f.close();
  const closeMs = performance.now() - t2;
  const { peakRss } = peak.stop();
  return {
    how: f.how,
    metrics: { servers, startupMs, startupCpuMs: startupCpu, calls, callsPerSec: calls / (wall / 1000), cpuUsPerCall: (cpu * 1000) / calls, closeMs, peakRss },
  };
}

/** The fleet of a client without one of its own: `connect()` n times in parallel, tools/list on each. */
export async function connectFleet(client: BenchClient, server: ServerSpec, n: number): Promise<BenchFleet> {
  const conns = await Promise.all(Array.from({ length: n }, () => client.connect(server)));
  const toolCounts = await Promise.all(conns.map((c) => c.listTools()));
  return {
    how: `connect x${n}`,
    toolCounts,
    call: (i, name, args) => conns[i].call(name, args),
    close: async () => {
      await Promise.all(conns.map((c) => c.close()));
    },
  };
}

/**
 * W9: start one stdio server offering `tools` tools and get them ready for an agent: through the
 * client's own way to do so (`manyTools`, for mcp-bridge the Manager with a Registry, which sanitises
 * names and checks every schema), else connect + tools/list. Time, CPU and peak RSS of that start;
 * then, for a client with a registry, its spec and per-call costs (registry-costs.ts), outside
 * the start's clock and peak.
 */
export async function manyTools(
  client: BenchClient,
  server: Extract<ServerSpec, { kind: 'stdio' }>,
  tools: number,
): Promise<{ metrics: Record<string, number>; how: string }> {
  gc();
  const peak = trackPeakRss();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let how = 'connect + tools/list';
  let count: number;
  let close: () => Promise<void>;
  let agent: BenchAgentTools | undefined;
  if (client.manyTools) {
    const started = await client.manyTools(server);
    how = started.how;
    count = started.tools;
    close = started.close;
    agent = started.agent;
  } else {
    // One page, so a plain tools/list sees every tool (mcp-bridge's Manager follows the cursors itself).
    const c = await client.connect({ ...server, env: { ...server.env, MANY_TOOLS_PAGE: String(tools) } });
    count = await c.listTools();
    close = () => c.close();
  }
  const startupMs = performance.now() - t0;
  const startupCpuMs = cpuMs(process.cpuUsage(cpu0));
  const { peakRss } = peak.stop();
  try {
    if (count !== tools) throw new Error(`many-tools: ${count} tools ready, expected ${tools}`);
    const agentCosts = agent ? await registryCosts(agent, gc) : {};
    return { how, metrics: { tools, startupMs, startupCpuMs, peakRss, ...agentCosts } };
  } finally {
    await close();
  }
}
