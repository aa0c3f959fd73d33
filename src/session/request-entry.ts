// One request's entry in the pending table and the promise its caller awaits, built with a fixed
// shape (every field present from the start) and an executor that captures the entry alone, so a
// request keeps nothing else of the caller's frame alive while it waits.
import type { RequestId } from '../../protocol/index.js';
import type { RequestOptions } from './options.js';
import type { PendingEntry } from './pending.js';

/** The placeholder settle function of an entry until its promise exists. */
const unset = (): void => {};

/**
 * The entry whose promise is being made. A promise's executor runs at once, inside `new Promise`, so
 * one shared executor reads the entry from here: a closure over the entry would cost every request a
 * function and a context.
 */
let opening: PendingEntry | undefined;

function capture(resolve: (value: Record<string, unknown>) => void, reject: (error: unknown) => void): void {
  const entry = opening!;
  entry.resolve = resolve;
  entry.reject = reject;
}

/**
 * A fresh entry (not yet in the table); its promise is `entry.answer`. Positional arguments and the
 * promise on the entry: no spec object or result pair per request.
 */
export function openEntry(
  id: RequestId,
  method: string,
  progressToken: string | number | undefined,
  cancellable: boolean,
  startedAt: number,
  timeoutMs: number,
  options: RequestOptions,
): PendingEntry {
  const entry: PendingEntry = {
    id,
    method,
    progressToken,
    startedAt,
    timeoutMs,
    maxTotalTimeoutMs: options.maxTotalTimeoutMs,
    resetOnProgress: options.resetTimeoutOnProgress ?? true,
    cancellable,
    onProgress: options.onProgress,
    resolve: unset,
    reject: unset,
    answer: undefined,
    hooks: undefined,
    params: undefined,
    options: undefined,
    // Set by the table.
    idleDeadline: 0,
    totalDeadline: 0,
    detachAbort: undefined,
  };
  opening = entry;
  entry.answer = new Promise(capture);
  opening = undefined;
  return entry;
}
