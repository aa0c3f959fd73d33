// The jobs a worker process runs, and what it reports back. One job = one client, one workload, one process.

export type TransportKind = 'stdio' | 'http';

export type Job =
  | { workload: 'connect'; client: string; cycles: number }
  | { workload: 'seq'; client: string; transport: TransportKind; calls: number; warmup: number }
  | {
      workload: 'par';
      client: string;
      transport: TransportKind;
      calls: number;
      inflight: number;
      warmup: number;
      /** V8's trace of TurboFan's compiles during the measured calls goes to stdout (bench/jit-window.ts reads it). */
      traceJit?: boolean;
      /** The measured calls timed in this many equal slices, one after the other (bench/jit-window.ts --slices). */
      slices?: number;
    }
  | { workload: 'blob'; client: string; bytes: number; timeoutMs: number }
  | { workload: 'fleet'; client: string; servers: number; calls: number; inflight: number }
  | { workload: 'many-tools'; client: string; tools: number }
  | { workload: 'servers'; client: string; servers: number }
  | { workload: 'burst'; client: string; transport: TransportKind; calls: number; warmup: number }
  | { workload: 'first-connect'; client: string; transport: 'http' }
  | { workload: 'pipeline'; client: string; seqCalls: number; parCalls: number; inflight: number; pairs: number };

/** A worker's answer: figures by name, or why it could not produce them. */
export interface JobResult {
  ok: boolean;
  /** Set when the client is not usable here at all (not a failure of the workload). */
  unavailable?: string;
  /** The failure, as the client reported it. */
  error?: string;
  metrics: Record<string, number>;
  /** Free-form facts worth keeping, e.g. how peak RSS was measured. */
  notes?: Record<string, string>;
}

/** The text every echo call sends (64 ASCII bytes, a typical small tool argument). */
export const ECHO_TEXT = 'The quick brown fox jumps over the lazy dog; benchmarks echo it. ';
