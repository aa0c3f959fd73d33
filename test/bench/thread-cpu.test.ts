// The bench splits a workload's CPU into the main thread's and the rest (V8's compiler and GC helpers).
// The split is only as good as threadCpuMs: it must count the calling thread and no other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { threadCpuMs } from '../../bench/lib/thread-cpu.js';

const linux = process.platform === 'linux';

function processCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Spins on this thread until it has used `ms` of CPU by the process's own count. */
function burn(ms: number): void {
  const until = processCpuMs() + ms;
  while (processCpuMs() < until) {
    // spin
  }
}

test('threadCpuMs counts the calling thread: a busy main thread shows in it', { skip: !linux && 'the split exists on Linux only' }, () => {
  const t0 = threadCpuMs()!;
  const p0 = processCpuMs();
  burn(60);
  const thread = threadCpuMs()! - t0;
  const proc = processCpuMs() - p0;
  // Nothing else of ours runs meanwhile, so the thread took nearly all of the process's time.
  assert.ok(thread >= proc * 0.8, `thread ${thread.toFixed(1)} ms of the process's ${proc.toFixed(1)} ms`);
});

test("threadCpuMs leaves out another thread's CPU, which the process's count includes", { skip: !linux && 'the split exists on Linux only' }, async () => {
  // The worker spins for 300 ms of wall time while the main thread sleeps.
  const worker = new Worker('const end = Date.now() + 300; while (Date.now() < end) {}', { eval: true });
  const t0 = threadCpuMs()!;
  const p0 = processCpuMs();
  await new Promise<void>((resolve, reject) => {
    worker.once('exit', () => resolve());
    worker.once('error', reject);
  });
  const thread = threadCpuMs()! - t0;
  const proc = processCpuMs() - p0;
  assert.ok(proc - thread >= 50, `the worker's CPU is missing from the process's count: process ${proc.toFixed(1)} ms, thread ${thread.toFixed(1)} ms`);
  assert.ok(thread < proc / 2, `the main thread counted the worker's CPU: thread ${thread.toFixed(1)} ms of the process's ${proc.toFixed(1)} ms`);
});
