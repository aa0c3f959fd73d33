// One benchmark job in its own process, so CPU and RSS belong to one client alone. Reads the job as JSON
// from argv, prints `RESULT <json>` as its last stdout line, and exits (even if a client leaks handles).
import type { BenchConnection } from './clients/_types.js';
import { loadClient } from './clients/_load.js';
import { manyToolsServer, startHttpServer, stdioServer, type HttpServerHandle } from './lib/servers.js';
import { parallel, sequential } from './workloads/calls.js';
import type { Job, JobResult } from './workloads/jobs.js';
import { connectCycles, fleet, largeResult, manyTools } from './workloads/other.js';
import { manyServers } from './workloads/scale.js';
import { burst, firstConnect } from './workloads/burst.js';
import { pipelineOverhead } from './workloads/pipeline.js';

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const code = (e as { code?: unknown }).code;
  return `${e.name}${code ? ` [${String(code)}]` : ''}: ${e.message}`;
}

async function run(job: Job): Promise<JobResult> {
  const client = await loadClient(job.client);
  const why = await client.unavailable();
  if (why !== undefined) return { ok: false, unavailable: why, metrics: {} };
  let http: HttpServerHandle | undefined;
  let conn: BenchConnection | undefined;
  try {
    switch (job.workload) {
      case 'connect':
        return { ok: true, metrics: await connectCycles(client, stdioServer(), job.cycles) };
      case 'fleet': {
        const r = await fleet(client, stdioServer(), job.servers, job.calls, job.inflight);
        return { ok: true, metrics: r.metrics, notes: { how: r.how } };
      }
      case 'many-tools': {
        const r = await manyTools(client, manyToolsServer(job.tools), job.tools);
        return { ok: true, metrics: r.metrics, notes: { how: r.how } };
      }
      case 'servers': {
        const r = await manyServers(client, stdioServer(), job.servers);
        return { ok: true, metrics: r.metrics, notes: { how: r.how } };
      }
      case 'blob': {
        conn = await client.connect(stdioServer());
        const r = await largeResult(conn, job.bytes, job.timeoutMs);
        return { ok: r.error === undefined, error: r.error, metrics: r.metrics, notes: { rssMethod: r.method } };
      }
      case 'seq':
      case 'par': {
        if (job.transport === 'http') http = await startHttpServer();
        conn = await client.connect(http ? http.spec : stdioServer());
        const metrics =
          job.workload === 'seq'
            ? await sequential(conn, job.calls, job.warmup)
            : await parallel(conn, job.calls, job.inflight, job.warmup, { traceJit: job.traceJit, slices: job.slices });
        return { ok: true, metrics };
      }
      case 'burst': {
        if (job.transport === 'http') http = await startHttpServer();
        conn = await client.connect(http ? http.spec : stdioServer());
        const metrics = await burst(conn, job.calls, job.warmup);
        return { ok: true, metrics };
      }
      case 'first-connect': {
        http = await startHttpServer();
        return { ok: true, metrics: await firstConnect(client, http.spec) };
      }
      case 'pipeline': {
        if (!client.governed) return { ok: false, unavailable: 'no tool registry, so no call pipeline', metrics: {} };
        const governed = await client.governed(stdioServer());
        try {
          return { ok: true, metrics: await pipelineOverhead(governed, job), notes: { how: governed.how } };
        } finally {
          await governed.close();
        }
      }
      default:
        return { ok: false, error: `unknown workload ${JSON.stringify((job as { workload?: unknown }).workload)}`, metrics: {} };
    }
  } finally {
    // A close that hangs or throws after a failed call must not hide the result.
    if (conn) await Promise.race([conn.close().catch(() => undefined), new Promise((r) => setTimeout(r, 5000).unref())]);
    if (http) await http.stop();
  }
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
let result: JobResult;
try {
  result = await run(job);
} catch (e) {
  result = { ok: false, error: describe(e), metrics: {} };
}
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`, () => process.exit(0));
