// One request's entry in the pending table and the promise its caller awaits, built with a fixed
// shape (every field present from the start) and an executor that captures the entry alone, so a
// request keeps nothing else of the caller's frame alive while it waits.
import type { RequestId } from '../../protocol/index.js';
import type { RequestOptions } from './options.js';
import type { PendingEntry } from './pending.js';

/** What {@link openEntry} needs besides the caller's options. */
export interface EntrySpec {
  id: RequestId;
  method: string;
  progressToken: string | number | undefined;
  cancellable: boolean;
  startedAt: number;
  timeoutMs: number;
  options: RequestOptions;
}

/** The placeholder settle function of an entry until its promise exists. */
const unset = (): void => {};

/** A fresh entry (not yet in the table) and the promise it settles. */
export function openEntry<R>(spec: EntrySpec): { entry: PendingEntry; answer: Promise<R> } {
  const { options } = spec;
  const entry: PendingEntry = {
    id: spec.id,
    method: spec.method,
    progressToken: spec.progressToken,
    startedAt: spec.startedAt,
    timeoutMs: spec.timeoutMs,
    maxTotalTimeoutMs: options.maxTotalTimeoutMs,
    resetOnProgress: options.resetTimeoutOnProgress ?? true,
    cancellable: spec.cancellable,
    onProgress: options.onProgress,
    resolve: unset,
    reject: unset,
    // Set by the table.
    idleDeadline: 0,
    totalDeadline: 0,
    detachAbort: undefined,
  };
  const answer = new Promise<R>((resolve, reject) => {
    entry.resolve = resolve as (value: Record<string, unknown>) => void;
    entry.reject = reject;
  });
  return { entry, answer };
}
