// The shape of a run's figures: per step, per client, every repetition and the medians across them.
import type { RunOutcome } from '../lib/spawn-job.js';
import { median } from '../lib/stats.js';

/** One client's figures for one step. */
export interface Cell {
  runs: RunOutcome[];
  /** Median of each metric over the successful repetitions. */
  median: Record<string, number>;
  /** One line per failed repetition. */
  failures: string[];
  /** Set when the client was not usable at all. */
  unavailable?: string;
}

export type Results = Record<string, Record<string, Cell>>;

/** Folds repetitions into a cell. */
export function summarize(runs: RunOutcome[]): Cell {
  const ok = runs.filter((r) => r.ok);
  const names = new Set(ok.flatMap((r) => Object.keys(r.metrics)));
  const med: Record<string, number> = {};
  for (const n of names) {
    const m = median(ok.map((r) => r.metrics[n]));
    if (m !== undefined) med[n] = m;
  }
  const unavailable = runs.find((r) => r.unavailable)?.unavailable;
  const failures = runs.filter((r) => !r.ok && !r.unavailable).map((r) => r.error ?? 'failed');
  return { runs, median: med, failures, ...(unavailable ? { unavailable } : {}) };
}

/** The median of one metric, only when every repetition succeeded (a flaky pass is not a pass). */
export function solid(results: Results, key: string, client: string, metric: string): number | undefined {
  const cell = results[key]?.[client];
  if (!cell || cell.unavailable || cell.failures.length > 0) return undefined;
  return cell.median[metric];
}
