// One request's entry in the pending table and the promise its caller awaits, built with a fixed
// shape (every field present from the start) and an executor that captures the entry alone, so a
// request keeps nothing else of the caller's frame alive while it waits; the params it goes out
// with; and its hooks applied to a promise that settled outside the table.
import type { JsonObject, RequestId } from '../../protocol/index.js';
import { withMeta } from '../../protocol/mcp/meta.js';
import type { RequestOptions } from './options.js';
import type { PendingEntry, RequestHooks } from './pending.js';

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

/**
 * The params a request goes out with: the caller's own when there is no `_meta` to add; with the
 * progress token written in place when the params are fresh (made for this request alone, `fresh`)
 * and carry no `_meta`; otherwise {@link withMeta}'s copy, so a caller's object is never modified.
 */
export function outgoingParams(
  params: JsonObject | undefined,
  meta: RequestOptions['meta'],
  progressToken: RequestId | undefined,
  fresh: boolean,
): JsonObject | undefined {
  if (progressToken === undefined && meta === undefined) return params;
  if (meta === undefined && fresh && params !== undefined && params._meta === undefined) {
    params._meta = { progressToken: progressToken! };
    return params;
  }
  return withMeta(params, meta, progressToken);
}

/** `hooks` applied to a promise settled without them (a traced request, an early failure), one step later. */
export function applyHooks(
  answer: Promise<unknown>,
  hooks: RequestHooks,
  method: string,
  params: JsonObject | undefined,
  options: RequestOptions,
): Promise<unknown> {
  const { check, rescue } = hooks;
  const onResult = check === undefined ? undefined : (result: unknown) => check(result as Record<string, unknown>, params);
  // A check's throw is not rescued, as in the table: the rescue takes the request's own failure alone.
  return rescue === undefined ? answer.then(onResult) : answer.then(onResult, (error: unknown) => rescue(error, method, params, options));
}
