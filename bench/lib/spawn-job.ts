// Runs one job in a fresh worker process with a hard time bound, and one import-time probe in a fresh
// `node`. Never throws: a crash or a timeout comes back as a failed result saying so.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Job, JobResult } from '../workloads/jobs.js';
import { benchFile, fileUrl } from './paths.js';

/** A job's result plus whether the worker itself died (as opposed to reporting a failure). */
export interface RunOutcome extends JobResult {
  crashed?: boolean;
}

function tail(s: string, n = 1500): string {
  return s.length > n ? '…' + s.slice(-n) : s;
}

/**
 * The environment for workers and probes. Variables that make every `node` start slower (a CA bundle
 * to load, preloaded modules) are dropped so that each server starts equally fast whichever env policy
 * a client has (the SDK passes an allow-list, a raw loop inherits everything).
 */
export function benchEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.NODE_OPTIONS;
  return env;
}

/**
 * `node --expose-gc --no-warnings worker.js <job>`. --expose-gc lets W4 settle the heap before its
 * baseline; --no-warnings keeps one client's warning spam (e.g. the SDK's abort-listener warnings over
 * HTTP) from costing stderr writes inside the measurement.
 */
export function runJob(job: Job, timeoutMs: number): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', '--no-warnings', benchFile('worker.js'), JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: benchEnv(),
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      err = tail(err + c.toString('utf8'), 4000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const line = out
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('RESULT '));
      if (line) {
        try {
          return resolve(JSON.parse(line.slice(7)) as JobResult);
        } catch {
          /* fall through to crash */
        }
      }
      const why = timedOut ? `worker timed out after ${timeoutMs} ms` : `worker exited with ${signal ?? `code ${code}`} and no result`;
      resolve({ ok: false, crashed: true, error: `${why}${err ? `; stderr: ${tail(err)}` : ''}`, metrics: {} });
    });
  });
}

/** Time to `await import()` each module in order, in a fresh `node`; also the whole process's wall time. */
export function measureImport(modules: string[], timeoutMs = 30_000): Promise<RunOutcome> {
  // floorMs: an empty module, first (it carries the loader's one-time start-up); aboveFloorMs: the
  // client's modules after it; importMs: both, the cold import a user's process pays.
  const script = [
    'const mods = JSON.parse(process.env.BENCH_IMPORTS);',
    'const t0 = performance.now();',
    'await import(process.env.BENCH_EMPTY);',
    'const t1 = performance.now();',
    'for (const m of mods) await import(m);',
    'const t2 = performance.now();',
    'process.stdout.write(JSON.stringify({ importMs: t2 - t0, floorMs: t1 - t0, aboveFloorMs: t2 - t1 }));',
  ].join('\n');
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...benchEnv(), BENCH_IMPORTS: JSON.stringify(modules), BENCH_EMPTY: fileUrl(benchFile('lib/empty-module.js')) },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      err = tail(err + c.toString('utf8'));
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      const processMs = performance.now() - t0;
      try {
        const probe = JSON.parse(out) as { importMs: number; floorMs: number; aboveFloorMs: number };
        resolve({ ok: true, metrics: { ...probe, processMs } });
      } catch {
        resolve({ ok: false, crashed: true, error: `import probe exited with code ${code}: ${err}`, metrics: {} });
      }
    });
  });
}
