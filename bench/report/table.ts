// The stdout/README table: one row per (workload, metric), one column per client (the median of the
// repetitions), then the ratios mcp-bridge/SDK and mcp-bridge/limit as spreads over the alternated pairs
// (bench/report/pairs.ts). Markdown, so the README can take it verbatim.
import { fmtSpread, pairSpread } from './pairs.js';
import { SPEC_TARGETS } from '../clients/_types.js';
import { specMetric } from '../workloads/registry-costs.js';
import type { Results } from './results.js';

/** One table row: which figure, how to print it, and which way is better. */
export interface Row {
  key: string;
  metric: string;
  label: string;
  unit: 'ms' | 'calls/s' | 'µs' | 'MiB' | 'MiB/s' | 'x' | 'count';
  better: 'lower' | 'higher';
  /** The clients the figure exists for (e.g. only those with a tool registry); the others show n/a. */
  only?: readonly string[];
}

const MiB = 1024 * 1024;

/** Table rows for the steps present in `results`. */
export function rowsFor(results: Results): Row[] {
  const rows: Row[] = [];
  const add = (key: string, metric: string, label: string, unit: Row['unit'], better: Row['better'], only?: readonly string[]): void => {
    if (results[key]) rows.push({ key, metric, label, unit, better, ...(only ? { only } : {}) });
  };
  add('w1.import', 'importMs', 'W1 import of the client modules (mcp-bridge/client)', 'ms', 'lower');
  add('w1.import', 'aboveFloorMs', 'W1 import of the client modules above the empty-module floor', 'ms', 'lower');
  add('w1.import.full', 'importMs', 'W1 import of the whole package entry (mcp-bridge)', 'ms', 'lower');
  add('w1.import.full', 'aboveFloorMs', 'W1 import of the whole package entry above the empty-module floor', 'ms', 'lower');
  add('w1.connect', 'coldTotalMs', 'W1 spawn+connect+list+close, first in process', 'ms', 'lower');
  add('w1.connect', 'warmTotalMs', 'W1 spawn+connect+list+close, later ones', 'ms', 'lower');
  add('w2.seq.stdio', 'callsPerSec', 'W2 sequential echo (stdio)', 'calls/s', 'higher');
  add('w2.seq.stdio', 'p50Ms', 'W2 latency p50', 'ms', 'lower');
  add('w2.seq.stdio', 'p99Ms', 'W2 latency p99', 'ms', 'lower');
  add('w2.seq.stdio', 'cpuUsPerCall', 'W2 client CPU per call', 'µs', 'lower');
  add('w3.par.stdio', 'callsPerSec', 'W3 echo, 64 in flight (stdio)', 'calls/s', 'higher');
  add('w3.par.stdio', 'cpuUsPerCall', 'W3 client CPU per call', 'µs', 'lower');
  add('w3.par.stdio', 'mainCpuUsPerCall', 'W3 client CPU per call: main thread', 'µs', 'lower');
  add('w3.par.stdio', 'backgroundCpuUsPerCall', "W3 client CPU per call: V8's background threads (TurboFan, GC)", 'µs', 'lower');
  add('w3.par.stdio', 'peakRss', 'W5 peak RSS during W3', 'MiB', 'lower');
  add('w3.par.stdio.steady', 'callsPerSec', 'W3 steady state (100,000 after 5,000)', 'calls/s', 'higher');
  add('w3.par.stdio.steady', 'cpuUsPerCall', 'W3 steady state client CPU per call', 'µs', 'lower');
  add('w3.par.stdio.steady', 'mainCpuUsPerCall', 'W3 steady state client CPU per call: main thread', 'µs', 'lower');
  for (const key of Object.keys(results).filter((k) => k.startsWith('w4.'))) {
    const size = key.slice('w4.blob.'.length);
    add(key, 'mibPerSec', `W4 ${size} result throughput`, 'MiB/s', 'higher');
    add(key, 'cpuMs', `W4 ${size} client CPU`, 'ms', 'lower');
    add(key, 'peakDeltaRss', `W5 ${size}: peak RSS above baseline`, 'MiB', 'lower');
  }
  add('w6.seq.http', 'callsPerSec', 'W6 sequential echo (HTTP)', 'calls/s', 'higher');
  add('w6.seq.http', 'p50Ms', 'W6 latency p50 (HTTP)', 'ms', 'lower');
  add('w6.seq.http', 'cpuUsPerCall', 'W6 sequential client CPU per call', 'µs', 'lower');
  add('w6.par.http', 'callsPerSec', 'W6 echo, 64 in flight (HTTP)', 'calls/s', 'higher');
  add('w6.par.http', 'cpuUsPerCall', 'W6 64 in flight client CPU per call', 'µs', 'lower');
  add('w6.par.http', 'peakRss', 'W6 64 in flight peak RSS', 'MiB', 'lower');
  add('w7.fleet', 'startupMs', 'W7 start 10 stdio servers in parallel', 'ms', 'lower');
  add('w7.fleet', 'callsPerSec', 'W7 echo over the 10, 64 in flight', 'calls/s', 'higher');
  add('w7.fleet', 'cpuUsPerCall', 'W7 client CPU per call', 'µs', 'lower');
  add('w7.fleet', 'peakRss', 'W7 peak RSS', 'MiB', 'lower');
  // W8 servers (issue 16): the count is in the step title (100, or 10 in quick mode).
  add('w8.servers', 'startupMs', 'W8 start the idle stdio servers in parallel', 'ms', 'lower');
  add('w8.servers', 'idleRssPerServer', 'W8 RSS per idle server in our process', 'MiB', 'lower');
  add('w8.servers', 'closeMs', 'W8 close them all', 'ms', 'lower');
  add('w8.servers', 'allGoneMs', 'W8 close until every server process is gone', 'ms', 'lower');
  add('w9.tools', 'startupMs', 'W9 start one server with 5,000 tools, ready for the agent', 'ms', 'lower');
  add('w9.tools', 'startupCpuMs', 'W9 client CPU for that start', 'ms', 'lower');
  add('w9.tools', 'peakRss', 'W9 peak RSS', 'MiB', 'lower');
  // The SDK and the raw loop have no registry: these are mcp-bridge's alone.
  const registry = ['mcp-bridge'];
  // CPU time: the work is synchronous and in-process, so it is the figure a busy machine leaves intact.
  for (const target of SPEC_TARGETS) add('w9.tools', specMetric('specsCpuMs', target), `W9 toLLMSpecs('${target}'), first call, CPU`, 'ms', 'lower', registry);
  for (const target of SPEC_TARGETS)
    add('w9.tools', specMetric('specsWarmCpuMs', target), `W9 toLLMSpecs('${target}') again (cached), CPU`, 'ms', 'lower', registry);
  add('w9.tools', 'firstCallCpuUs', 'W9 registry call, first on a tool (validator compiled), CPU', 'µs', 'lower', registry);
  add('w9.tools', 'warmCallCpuUs', 'W9 registry call, warm (lookup, validation, conversion), CPU', 'µs', 'lower', registry);
  add('w9.tools', 'searchBuildMs', 'W9 tool search: index build over the 5,000 tools (first search), elapsed', 'ms', 'lower', registry);
  add('w9.tools', 'searchBuildCpuMs', 'W9 tool search: index build over the 5,000 tools (first search), CPU', 'ms', 'lower', registry);
  add('w9.tools', 'searchQueryCpuMs', 'W9 tool search: one query, median, CPU', 'ms', 'lower', registry);
  addW10(add);
  // W11: the pipeline's cost, mcp-bridge alone (the others have no registry); each figure already a median of alternated pairs.
  add('w11.pipeline', 'offSharePct', 'W11 pipeline with no step: CPU it adds to a W2 call through the Registry, %', 'x', 'lower', registry);
  add('w11.pipeline', 'seqOffCpuUsPerCall', 'W11 W2-style via Registry, no step: CPU per call', 'µs', 'lower', registry);
  add('w11.pipeline', 'seqOnCpuUsPerCall', 'W11 W2-style via Registry, governance on: CPU per call', 'µs', 'lower', registry);
  add('w11.pipeline', 'seqCpuRatio', 'W11 W2-style governance on/off, CPU per call (median of pairs)', 'x', 'lower', registry);
  add('w11.pipeline', 'seqWallRatio', 'W11 W2-style governance on/off, wall per call (median of pairs)', 'x', 'lower', registry);
  add('w11.pipeline', 'parOffCpuUsPerCall', 'W11 W3-style via Registry, no step: CPU per call', 'µs', 'lower', registry);
  add('w11.pipeline', 'parOnCpuUsPerCall', 'W11 W3-style via Registry, governance on: CPU per call', 'µs', 'lower', registry);
  add('w11.pipeline', 'parCpuRatio', 'W11 W3-style governance on/off, CPU per call (median of pairs)', 'x', 'lower', registry);
  add('w11.pipeline', 'parWallRatio', 'W11 W3-style governance on/off, wall per call (median of pairs)', 'x', 'lower', registry);
  return rows;
}

function fmt(v: number | undefined, unit: Row['unit']): string {
  if (v === undefined) return '–';
  const x = unit === 'MiB' ? v / MiB : v;
  if (unit === 'calls/s' || unit === 'count') return Math.round(x).toLocaleString('en-US');
  if (Math.abs(x) >= 100) return x.toFixed(0);
  if (Math.abs(x) >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

/** The value printed in a cell: the median, or FAIL / n/a with a short reason index. */
function cellText(results: Results, row: Row, client: string): string {
  const cell = results[row.key]?.[client];
  if (!cell) return '–';
  if (cell.unavailable || (row.only && !row.only.includes(client))) return 'n/a';
  if (cell.failures.length > 0)
    return cell.failures.length === cell.runs.length ? 'FAIL' : `${fmt(cell.median[row.metric], row.unit)} (${cell.failures.length} FAIL)`;
  return fmt(cell.median[row.metric], row.unit);
}

/** Value used in ratios: medians only for clients with no failures in the step. */
export function value(results: Results, row: Row, client: string): number | undefined {
  const cell = results[row.key]?.[client];
  if (!cell || cell.unavailable || cell.failures.length > 0 || (row.only && !row.only.includes(client))) return undefined;
  return cell.median[row.metric];
}

/** The whole table as Markdown lines. */
export function renderTable(results: Results, clients: string[]): string {
  const rows = rowsFor(results);
  const head = ['Workload', 'unit', ...clients, 'mcp-bridge/sdk', 'mcp-bridge/limit'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const row of rows) {
    const bridgeOnly = row.only && !row.only.includes('raw');
    const cells = [
      row.label,
      `${row.unit}${row.better === 'lower' ? ' ↓' : ' ↑'}`,
      ...clients.map((c) => cellText(results, row, c)),
      bridgeOnly ? '–' : fmtSpread(pairSpread(results, row.key, row.metric, row.better, 'sdk')),
      bridgeOnly ? '–' : fmtSpread(pairSpread(results, row.key, row.metric, row.better, 'limit')),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Failures and unavailability, one line each, for under the table. */
export function renderFailures(results: Results): string[] {
  const out: string[] = [];
  for (const [key, byClient] of Object.entries(results)) {
    for (const [client, cell] of Object.entries(byClient)) {
      if (cell.unavailable) out.push(`- ${key} ${client}: not run: ${cell.unavailable}`);
      const distinct = [...new Set(cell.failures)];
      for (const f of distinct) out.push(`- ${key} ${client}: FAILED (${cell.failures.filter((x) => x === f).length}/${cell.runs.length}): ${f.slice(0, 300)}`);
    }
  }
  return out;
}

/** W10 rows (issue 16): the first HTTP connect, then the burst of calls over stdio and HTTP. */
function addW10(add: (key: string, metric: string, label: string, unit: Row['unit'], better: Row['better']) => void): void {
  add('w10.first-connect.http', 'connectMs', 'W10 first HTTP connect in a process', 'ms', 'lower');
  add('w10.first-connect.http', 'connectCpuMs', 'W10 first HTTP connect: client CPU', 'ms', 'lower');
  for (const t of ['stdio', 'http']) {
    const key = `w10.burst.${t}`;
    add(key, 'wallMs', `W10 all calls in flight at once (${t}): time to complete`, 'ms', 'lower');
    add(key, 'cpuUsPerCall', `W10 (${t}) client CPU per call`, 'µs', 'lower');
    add(key, 'peakRss', `W10 (${t}) peak RSS`, 'MiB', 'lower');
    add(key, 'warnings', `W10 (${t}) process warnings`, 'count', 'lower');
  }
}

/** The metrics where a hand-written loop must be at least as good as any library. */
const LIMIT_METRICS = new Set(['callsPerSec', 'cpuUsPerCall', 'wallMs', 'mibPerSec', 'cpuMs']);

/**
 * Rows where mcp-bridge beat the limit in every pair (with at least 3 pairs): a raw loop losing to
 * us by more than noise means the raw loop is wrong, so the run says so.
 */
export function limitLosses(results: Results): string[] {
  const out: string[] = [];
  for (const row of rowsFor(results)) {
    if (!LIMIT_METRICS.has(row.metric)) continue;
    const s = pairSpread(results, row.key, row.metric, row.better, 'limit');
    if (!s || s.pairs < 3) continue;
    const weWin = row.better === 'higher' ? s.min > 1 : s.max < 1;
    if (weWin) out.push(`- ${row.label}: mcp-bridge beat the raw limit in all ${s.pairs} pairs (${fmtSpread(s)}); the raw loop needs fixing`);
  }
  return out;
}
