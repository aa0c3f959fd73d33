// The failures the replay engine reports, worded for a person reading the replayer's stderr. Trace
// event numbers are 1-based and count the header line, hence `index + 2`.
import { describeMessage, formatDifferences, type Difference } from './normalize.js';
import type { ReplayFailure } from './replay-lookup.js';

/** One recorded client message per line, as `trace event N: method …`. */
export function listRecorded(indexes: readonly number[], recordedAt: (i: number) => unknown): string {
  return indexes.map((i) => `  trace event ${i + 2}: ${describeMessage(recordedAt(i))}`).join('\n');
}

/** The client sent something that matches no recorded step: a different step, or none left. */
export function unmatchedFailure(m: unknown, best: { i: number; sameStep: boolean; recorded: unknown; diffs: Difference[] } | undefined): ReplayFailure {
  const label = describeMessage(m);
  if (best === undefined) {
    return {
      kind: 'unexpected',
      message: `the client sent ${label}, but the recording expects no further client message`,
      detail: `  got: ${JSON.stringify(m).slice(0, 400)}`,
    };
  }
  return {
    kind: best.sameStep ? 'mismatch' : 'unexpected',
    message: best.sameStep
      ? `the client's ${label} differs from the recording (trace event ${best.i + 2})`
      : `the client sent ${label}; the recording expects ${describeMessage(best.recorded)} next (trace event ${best.i + 2})`,
    detail: formatDifferences(best.diffs) + `\n  expected: ${JSON.stringify(best.recorded).slice(0, 400)}\n  got:      ${JSON.stringify(m).slice(0, 400)}`,
  };
}

/** The client closed its side with recorded messages still unsent (the first 8 listed). */
export function stoppedEarlyFailure(missing: readonly number[], recordedAt: (i: number) => unknown): ReplayFailure {
  return {
    kind: 'missing',
    message: `the client stopped before sending ${missing.length} recorded message(s)`,
    detail: listRecorded(missing.slice(0, 8), recordedAt) + (missing.length > 8 ? '\n  ...' : ''),
  };
}

/** The client wrote a line that does not parse as JSON. */
export function notJsonFailure(line: string, error: Error): ReplayFailure {
  return { kind: 'invalid-jsonrpc', message: `the client wrote a line that is not JSON: ${error.message}`, detail: `  line: ${line.slice(0, 300)}` };
}

/** Held messages made no progress: the client skipped the recorded steps listed. */
export function skippedFailure(heldFirst: unknown, waiting: readonly number[], recordedAt: (i: number) => unknown): ReplayFailure {
  return {
    kind: 'missing',
    message: `the client went on to ${describeMessage(heldFirst)} without sending ${waiting.length} recorded message(s) first`,
    detail: listRecorded(waiting, recordedAt),
  };
}

/** The client's answer to a server request differs from the recorded answer. */
export function answerMismatchFailure(id: string, index: number, diffs: Difference[]): ReplayFailure {
  return {
    kind: 'mismatch',
    message: `the client's answer to server request ${id} differs from the recording (trace event ${index + 2})`,
    detail: formatDifferences(diffs),
  };
}
