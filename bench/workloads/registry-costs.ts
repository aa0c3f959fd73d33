// W9's agent-side figures, after the 5,000 tools are ready: `toLLMSpecs` for each provider (first
// call, which converts every schema, and again, served from the per-tool cache), and the cost of
// one agent call inside the registry (lookup, argument validation, result conversion; the call
// itself answered in-process), first call on a tool (its validator compiled then) and warm.
import { performance } from 'node:perf_hooks';
import { SPEC_TARGETS, type BenchAgentTools, type SpecTarget } from '../clients/_types.js';

/** Metric name of a target's figure, e.g. (`specsCpuMs`, `openai-responses`) → `specsCpuMsOpenaiResponses`. */
export function specMetric(prefix: 'specsMs' | 'specsWarmMs' | 'specsCpuMs' | 'specsWarmCpuMs', target: SpecTarget): string {
  return prefix + target.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

/** Distinct tools whose first call is timed (each compiles its validator). */
const FIRST_CALL_TOOLS = 200;
/** Warm calls, round-robin over those tools. */
const WARM_CALLS = 20_000;

/** Arguments valid against a tool's input schema: every property filled (enum or default first). */
export function sampleArgs(schema: Record<string, unknown>): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.anyOf)) return sampleArgs(schema.anyOf[0] as Record<string, unknown>);
  switch (schema.type) {
    case 'string':
      return schema.format === 'date-time' ? '2026-12-03T12:00:00Z' : 'abc-1';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [sampleArgs(schema.items as Record<string, unknown>)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) out[key] = sampleArgs(sub);
      return out;
    }
    default:
      return null;
  }
}

/** Client CPU in ms (all threads, GC included) since `from`. */
function cpuSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

/**
 * The figures, as wall time and as CPU time: the work is synchronous and in-process, so on a quiet
 * machine both agree, and on a busy one (other processes on the cores) the CPU time is the one to read.
 */
export async function registryCosts(agent: BenchAgentTools, gc: () => void): Promise<Record<string, number>> {
  const metrics: Record<string, number> = {};
  for (const target of SPEC_TARGETS) {
    // A registry of its own per target, so every first call converts from scratch.
    const registry = agent.fresh();
    gc();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const count = registry.specs(target);
    metrics[specMetric('specsMs', target)] = performance.now() - t0;
    metrics[specMetric('specsCpuMs', target)] = cpuSince(c0);
    const c1 = process.cpuUsage();
    const t1 = performance.now();
    registry.specs(target);
    metrics[specMetric('specsWarmMs', target)] = performance.now() - t1;
    metrics[specMetric('specsWarmCpuMs', target)] = cpuSince(c1);
    if (count !== agent.tools.length) throw new Error(`W9: ${count} ${target} specs for ${agent.tools.length} tools`);
  }

  const registry = agent.fresh();
  const step = Math.max(1, Math.floor(agent.tools.length / FIRST_CALL_TOOLS));
  const calls = agent.tools
    .filter((_, i) => i % step === 0)
    .slice(0, FIRST_CALL_TOOLS)
    .map((tool) => ({ name: registry.exposedName(tool.name), args: sampleArgs(tool.inputSchema) as Record<string, unknown> }));
  // The validator must really run: arguments missing a required property are refused.
  if (!(await registry.execute(calls[0].name, {})).isError) throw new Error('W9: a call without its required arguments was not refused');
  gc();
  const c2 = process.cpuUsage();
  const t2 = performance.now();
  for (const call of calls) {
    const result = await registry.execute(call.name, call.args);
    if (result.isError) throw new Error(`W9: valid arguments for ${call.name} were refused`);
  }
  metrics.firstCallUs = ((performance.now() - t2) * 1000) / calls.length;
  metrics.firstCallCpuUs = (cpuSince(c2) * 1000) / calls.length;
  for (let i = 0; i < 1000; i++) await registry.execute(calls[i % calls.length].name, calls[i % calls.length].args);
  const c3 = process.cpuUsage();
  const t3 = performance.now();
  for (let i = 0; i < WARM_CALLS; i++) await registry.execute(calls[i % calls.length].name, calls[i % calls.length].args);
  metrics.warmCallUs = ((performance.now() - t3) * 1000) / WARM_CALLS;
  metrics.warmCallCpuUs = (cpuSince(c3) * 1000) / WARM_CALLS;
  if (registry.search) Object.assign(metrics, await searchCosts(agent, gc));
  return metrics;
}

/** Task phrasings over the W9 server's vocabulary (resources × actions), none of them a tool name. */
const SEARCH_QUERIES = [
  'open a new ticket for the billing bug',
  'find the invoices of a customer',
  'remove an old branch',
  'show the comments on a pull request',
  'archive the finished project',
  'send a message to the team channel',
  'export the orders as a file',
  'bring back a deleted page',
  'who is on the team',
  'list the releases',
  'change the milestone due date',
  'sync the database',
];
/** Rounds of the query list; the median is over every query of every round. */
const SEARCH_ROUNDS = 20;

/**
 * Tool search over the 5,000 tools: the index build (the first search of a fresh registry builds it)
 * and the median query afterwards, as CPU time; the build also as elapsed time, what the caller of that
 * first search waits: V8 compiles the hot build loop on its own threads while the main thread runs.
 */
async function searchCosts(agent: BenchAgentTools, gc: () => void): Promise<Record<string, number>> {
  const registry = agent.fresh();
  const search = registry.search as (query: string) => Promise<number>;
  gc();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const found = await search('create an issue');
  const buildMs = performance.now() - t0;
  const buildCpuMs = cpuSince(c0);
  if (found === 0) throw new Error('W9: tool search found nothing for "create an issue"');
  const times: number[] = [];
  for (let round = 0; round < SEARCH_ROUNDS; round++)
    for (const query of SEARCH_QUERIES) {
      const c = process.cpuUsage();
      await search(query);
      times.push(cpuSince(c));
    }
  times.sort((a, b) => a - b);
  return {
    searchBuildMs: buildMs,
    searchBuildCpuMs: buildCpuMs,
    searchQueryCpuMs: times[times.length >> 1] as number,
    searchQueryP95CpuMs: times[Math.floor(times.length * 0.95)] as number,
  };
}
