// W10: many calls in flight at once over one server, and the first HTTP connect of a fresh process.
// Both run in the worker like the others; W10 also counts the process warnings a client causes
// (the worker runs with --no-warnings, which stops the printing but not the 'warning' events).
import { performance } from 'node:perf_hooks';
import type { BenchClient, BenchConnection, ServerSpec } from '../clients/_types.js';
import { trackPeakRss } from '../lib/memory.js';
import { cpuMs } from './calls.js';
import { ECHO_TEXT } from './jobs.js';

/** `calls` echo calls started in the same tick, awaited together: time to the last answer, peak RSS, warnings. */
export async function burst(c: BenchConnection, calls: number, warmup: number): Promise<Record<string, number>> {
  for (let i = 0; i < warmup; i++) await c.call('echo', { text: ECHO_TEXT });
  let warnings = 0;
  const onWarning = (): void => {
    warnings++;
  };
  process.on('warning', onWarning);
  const peak = trackPeakRss();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const texts = await Promise.all(Array.from({ length: calls }, () => c.call('echo', { text: ECHO_TEXT }, { timeoutMs: 120_000 })));
  const wallMs = performance.now() - t0;
  const cpu = cpuMs(process.cpuUsage(cpu0));
  const { peakRss } = peak.stop();
  // Warnings are emitted on the next tick after the code that caused them.
  await new Promise((r) => setImmediate(r));
  process.off('warning', onWarning);
  const wrong = texts.filter((t) => t !== ECHO_TEXT).length;
  if (wrong > 0) throw new Error(`burst: ${wrong} of ${calls} echo calls returned something else`);
  return { calls, wallMs, callsPerSec: calls / (wallMs / 1000), cpuMs: cpu, cpuUsPerCall: (cpu * 1000) / calls, peakRss, warnings };
}

/**
 * The first HTTP connect in a process whose client modules are already imported (W1 measures that
 * import): connect (which for a lazily loading client includes its HTTP stack), then one tools/list.
 */
export async function firstConnect(client: BenchClient, server: ServerSpec): Promise<Record<string, number>> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const c = await client.connect(server);
  const t1 = performance.now();
  const connectCpuMs = cpuMs(process.cpuUsage(cpu0));
  const n = await c.listTools();
  const t2 = performance.now();
  await c.close();
  if (n !== 2) throw new Error(`tools/list returned ${n} tools, expected 2`);
  return { connectMs: t1 - t0, connectCpuMs, listMs: t2 - t1, connectListMs: t2 - t0 };
}
