// CPU time of the calling thread alone. process.cpuUsage() counts every thread of the process: with
// the main one, V8's background threads, which compile hot functions with TurboFan and help the
// garbage collector. Splitting the two tells a slower hot path apart from one that is still being
// compiled. Linux gives a thread's time on CPU in nanoseconds (the first field of
// /proc/thread-self/schedstat); elsewhere there is no split (Node 20 has no process.threadCpuUsage).
import { readFileSync } from 'node:fs';

/** The calling thread's CPU time in ms, or undefined where the OS does not tell it. */
export function threadCpuMs(): number | undefined {
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : undefined;
  } catch {
    return undefined;
  }
}
