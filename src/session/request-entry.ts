// One request's entry in the pending table and the promise its caller awaits, built with a fixed
// shape (every field present from the start) and an executor that captures the entry alone, so a
// request keeps nothing else of the caller's frame alive while it waits.
import type { RequestId } from '../../protocol/index.js';
import type { RequestOptions } from './options.js';
import type { PendingEntry } from './pending.js';

/** The placeholder settle function of an entry until its promise exists. */
const unset = (): void => {};

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
  entry.answer = new Promise((resolve, reject) => {
    entry.resolve = resolve as (value: Record<string, unknown>) => void;
    entry.reject = reject;
  });
  return entry;
}
