// W8 (issue 16): many idle stdio servers in one process. Start them all, measure what each idle
// server costs this process in memory, then close and check that every process tree is gone: the
// figure that matters for an agent host with a long config file.
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { BenchClient, ServerSpec } from '../clients/_types.js';
import { trackPeakRss } from '../lib/memory.js';
import { connectFleet } from './other.js';

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Live (not zombie) processes descending from this one, read from /proc; undefined elsewhere. */
export function liveDescendants(): number | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const children = new Map<number, number[]>();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') continue;
    const ppid = Number(fields[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(name));
    children.set(ppid, list);
  }
  let count = 0;
  const queue = [process.pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      count++;
      queue.push(child);
    }
  }
  return count;
}

async function settle(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

/**
 * Starts `servers` stdio echo servers at once (mcp-bridge: its Manager; the others: `connect()` n
 * times), lets them idle, then closes. Start time, RSS per idle server in this process, close time,
 * and how long until no process of ours is left (verified in /proc).
 */
export async function manyServers(
  client: BenchClient,
  server: Extract<ServerSpec, { kind: 'stdio' }>,
  servers: number,
): Promise<{ metrics: Record<string, number>; how: string }> {
  // Config parsing and the package import are not start-up, as in W7.
  await client.prepareFleet?.(server, servers);
  gc();
  const rss0 = process.memoryUsage.rss();
  const peak = trackPeakRss();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const f = client.fleet ? await client.fleet(server, servers) : await connectFleet(client, server, servers);
  const startupMs = performance.now() - t0;
  const startupCpu = process.cpuUsage(cpu0);
  if (f.toolCounts.length !== servers || f.toolCounts.some((n) => n !== 2)) throw new Error(`servers: tool counts ${f.toolCounts.join(',')}, expected 2 each`);
  const running = liveDescendants();
  // Idle: whatever start-up left to finish (GC, lazily compiled code) settles before memory is read.
  await settle(300);
  gc();
  await settle(50);
  const idleRss = process.memoryUsage.rss();
  const t1 = performance.now();
  await f.close();
  const closeMs = performance.now() - t1;
  const leftAtClose = liveDescendants();
  let allGoneMs = closeMs;
  if (leftAtClose !== undefined && leftAtClose > 0) {
    // Not ours to wait for in the figure above, but reported: when the last process really ended.
    for (let left = leftAtClose; left > 0 && performance.now() - t1 < 10_000; left = liveDescendants() ?? 0) await settle(5);
    allGoneMs = performance.now() - t1;
  }
  const { peakRss } = peak.stop();
  const metrics: Record<string, number> = {
    servers,
    startupMs,
    startupCpuMs: (startupCpu.user + startupCpu.system) / 1000,
    idleRssPerServer: (idleRss - rss0) / servers,
    closeMs,
    allGoneMs,
    peakRss,
  };
  if (running !== undefined) metrics.processesRunning = running;
  if (leftAtClose !== undefined) metrics.leftAtClose = leftAtClose;
  return { metrics, how: f.how };
}
