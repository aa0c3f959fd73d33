// What V8's optimising compiler does inside a measured window. TurboFan compiles a hot function on a
// background thread; in a window of a few thousand calls that work competes with the server for the
// cores. V8 traces each finished compile when --trace-opt-verbose is on, and the flag can be turned on
// and off at run time, so the trace covers the window and nothing else. The lines go to stdout, next
// to the worker's RESULT line.
import { setFlagsFromString } from 'node:v8';

/** Starts tracing TurboFan's compiles (V8 writes one line per finished compile to stdout). */
export function startJitTrace(): void {
  setFlagsFromString('--trace-opt-verbose');
}

/** Stops it; --trace-opt-verbose turns on --trace-opt, which has to be turned off on its own. */
export function stopJitTrace(): void {
  setFlagsFromString('--no-trace-opt-verbose');
  setFlagsFromString('--no-trace-opt');
}

/** One finished TurboFan compile, as V8's trace reports it. */
export interface JitCompile {
  /** The function's name; empty for an anonymous one. */
  name: string;
  /** On-stack replacement: a running loop compiled, rather than a function at its next call. */
  osr: boolean;
  /** The background thread's part (V8's "execute" phase), in ms of wall time on that thread. */
  backgroundMs: number;
  /** The main thread's parts (prepare and finalize), in ms. */
  mainMs: number;
}

// `[completed compiling 0x… <JSFunction name (sfi = 0x…)> (target TURBOFAN) OSR - took 0.003, 1.205, 0.010 ms]`
// A name may hold a space (`get size`); an anonymous function has none, only its `(sfi = …)`.
const COMPILED = /^\[completed compiling \S+ <JSFunction(.*?)(?: \(sfi = [^)]*\))?> \(target TURBOFAN\)( OSR)? - took ([\d.]+), ([\d.]+), ([\d.]+) ms\]$/;

/** The TurboFan compiles in `stdout`; every other line is skipped. */
export function parseJitTrace(stdout: string): JitCompile[] {
  const compiles: JitCompile[] = [];
  for (const line of stdout.split('\n')) {
    const m = COMPILED.exec(line.trim());
    if (m) compiles.push({ name: m[1]!.trim(), osr: m[2] !== undefined, backgroundMs: Number(m[4]), mainMs: Number(m[3]) + Number(m[5]) });
  }
  return compiles;
}
