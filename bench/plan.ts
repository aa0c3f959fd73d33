// What a bench run does: the workload list with their sizes for the full and the quick mode.
import type { Job } from './workloads/jobs.js';

export const MiB = 1024 * 1024;

/** One measured cell family: a key in the results, and how to build the job for a client. */
export interface Step {
  /** Results key, e.g. `w2.seq.stdio`, `w4.blob.32MiB`. */
  key: string;
  /** Human title for the table. */
  title: string;
  /** W1's import probe runs no worker. */
  kind: 'import' | 'import-full' | 'job';
  job?: (client: string) => Job;
  /** Hard bound for one worker. */
  timeoutMs: number;
}

export interface Plan {
  mode: 'full' | 'quick';
  reps: number;
  blobSizes: number[];
  steps: Step[];
}

export interface PlanOptions {
  quick: boolean;
  reps?: number;
}

/** The workloads W1–W9 (W5 is read off W3 and W4) at full or quick sizes. */
export function makePlan(o: PlanOptions): Plan {
  const q = o.quick;
  const seqCalls = q ? 500 : 2000;
  const parCalls = q ? 4000 : 20_000;
  const fleetCalls = q ? 2000 : 10_000;
  const blobSizes = (q ? [1, 8] : [1, 8, 32, 64]).map((m) => m * MiB);
  const blobTimeout = q ? 30_000 : 60_000;
  const steps: Step[] = [
    { key: 'w1.import', title: 'W1 import', kind: 'import', timeoutMs: 30_000 },
    { key: 'w1.import.full', title: 'W1 import, whole package entry', kind: 'import-full', timeoutMs: 30_000 },
    {
      key: 'w1.connect',
      title: 'W1 spawn+connect+tools/list+close',
      kind: 'job',
      timeoutMs: 60_000,
      job: (client) => ({ workload: 'connect', client, cycles: q ? 3 : 6 }),
    },
    {
      key: 'w2.seq.stdio',
      title: `W2 ${seqCalls} sequential echo (stdio)`,
      kind: 'job',
      timeoutMs: 60_000,
      job: (client) => ({ workload: 'seq', client, transport: 'stdio', calls: seqCalls, warmup: q ? 100 : 200 }),
    },
    {
      key: 'w3.par.stdio',
      title: `W3 ${parCalls} echo, 64 in flight (stdio)`,
      kind: 'job',
      timeoutMs: 90_000,
      job: (client) => ({ workload: 'par', client, transport: 'stdio', calls: parCalls, inflight: 64, warmup: q ? 500 : 1000 }),
    },
    // W3's window opens before V8 has optimised either client's hot path, and every TurboFan compile of
    // it lands inside (bench/README.md). The same calls once both are optimised: reported, no goal.
    ...(q
      ? []
      : [
          {
            key: 'w3.par.stdio.steady',
            title: 'W3 steady state: 100,000 echo, 64 in flight, after 5,000 (stdio)',
            kind: 'job' as const,
            timeoutMs: 120_000,
            job: (client: string): Job => ({ workload: 'par', client, transport: 'stdio', calls: 100_000, inflight: 64, warmup: 5000 }),
          },
        ]),
    ...blobSizes.map(
      (bytes): Step => ({
        key: `w4.blob.${bytes / MiB}MiB`,
        title: `W4 one ${bytes / MiB} MiB result (stdio)`,
        kind: 'job',
        timeoutMs: blobTimeout + 30_000,
        job: (client) => ({ workload: 'blob', client, bytes, timeoutMs: blobTimeout }),
      }),
    ),
    {
      key: 'w6.seq.http',
      title: `W6 ${seqCalls} sequential echo (Streamable HTTP)`,
      kind: 'job',
      timeoutMs: 90_000,
      job: (client) => ({ workload: 'seq', client, transport: 'http', calls: seqCalls, warmup: q ? 100 : 200 }),
    },
    {
      key: 'w6.par.http',
      title: `W6 ${parCalls} echo, 64 in flight (Streamable HTTP)`,
      kind: 'job',
      timeoutMs: 120_000,
      job: (client) => ({ workload: 'par', client, transport: 'http', calls: parCalls, inflight: 64, warmup: q ? 500 : 1000 }),
    },
    {
      key: 'w7.fleet',
      title: `W7 10 stdio servers in parallel, ${fleetCalls} calls over them`,
      kind: 'job',
      timeoutMs: 90_000,
      job: (client) => ({ workload: 'fleet', client, servers: 10, calls: fleetCalls, inflight: 64 }),
    },
    {
      key: 'w9.tools',
      title: `W9 one stdio server with ${q ? '1,000' : '5,000'} tools: started and registered, specs, per-call cost`,
      kind: 'job',
      timeoutMs: 120_000,
      job: (client) => ({ workload: 'many-tools', client, tools: q ? 1000 : 5000 }),
    },
    // W8 servers (issue 16): many idle stdio servers in one process; quick mode keeps CI short.
    {
      key: 'w8.servers',
      title: `W8 ${q ? 10 : 100} idle stdio servers started, held and closed`,
      kind: 'job',
      timeoutMs: 180_000,
      job: (client) => ({ workload: 'servers', client, servers: q ? 10 : 100 }),
    },
    ...w10Steps(q),
    {
      key: 'w11.pipeline',
      title: 'W11 call pipeline overhead through the Registry: no step vs governance on, W2- and W3-style, alternated pairs',
      kind: 'job',
      timeoutMs: 300_000,
      job: (client) => ({ workload: 'pipeline', client, seqCalls: q ? 300 : 2000, parCalls: q ? 2000 : 20_000, inflight: 64, pairs: q ? 2 : 5 }),
    },
  ];
  return { mode: q ? 'quick' : 'full', reps: o.reps ?? (q ? 1 : 5), blobSizes, steps };
}

/** W10 (issue 16): 10,000 calls in flight at once over one stdio and one HTTP server, and the first HTTP connect. */
function w10Steps(q: boolean): Step[] {
  const calls = q ? 1000 : 10_000;
  return [
    {
      key: 'w10.first-connect.http',
      title: 'W10 first HTTP connect in a fresh process (connect, tools/list)',
      kind: 'job',
      timeoutMs: 30_000,
      job: (client) => ({ workload: 'first-connect', client, transport: 'http' }),
    },
    ...(['stdio', 'http'] as const).map(
      (transport): Step => ({
        key: `w10.burst.${transport}`,
        title: `W10 ${calls} echo calls in flight at once (${transport})`,
        kind: 'job',
        timeoutMs: 180_000,
        job: (client) => ({ workload: 'burst', client, transport, calls, warmup: 20 }),
      }),
    ),
  ];
}
