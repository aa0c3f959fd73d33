// The pending-request table: one settle path for response, peer error, abort, timeout and close
// (STYLE 3.7). Each entry settles exactly once; settling drops its deadline, abort listener and
// progress route.
//
// Timeouts share one timer per table, armed for the earliest deadline, instead of a timer per request:
// a request that is answered in time (nearly all) then costs two numbers and no timer allocation or
// cancellation. When it fires, the table times out what is due and re-arms for the next deadline.
import type { JsonObject, Progress, RequestId } from '../../protocol/index.js';
import { IdTable } from './id-table.js';
import type { RequestOptions } from './options.js';

/** Timer functions, injectable so timeout tests need no real waiting. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The clock reading of the current run of synchronous code, until a microtask forgets it. */
let reading: number | undefined;
const forget = (): void => {
  reading = undefined;
};

/**
 * `Date.now()`, read once per run of synchronous code. A burst of requests (64 answers that each start
 * the next call, in one microtask checkpoint) takes its start times from one reading: deadlines of
 * seconds need no finer one, and a clock read was 2 to 3 % of such a call. The reading is forgotten by
 * a promise job queued with it, so code that awaits anything reads the clock afresh, and a request
 * starts early by at most the synchronous work done since the first reading of its checkpoint. A
 * promise, not queueMicrotask: fake timers in a user's tests replace queueMicrotask, never promises.
 */
export function checkpointNow(): number {
  if (reading === undefined) {
    reading = Date.now();
    void Promise.resolve().then(forget);
  }
  return reading;
}

export const systemClock: Clock = {
  now: checkpointNow,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type TimeoutKind = 'idle' | 'total';

/** Longest delay a timer takes; a longer one fires at once in Node (TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface PendingEntry {
  readonly id: RequestId;
  readonly method: string;
  /** Whether a timeout or abort sends `notifications/cancelled` (decided by the session). */
  readonly cancellable: boolean;
  readonly startedAt: number;
  readonly timeoutMs: number;
  readonly maxTotalTimeoutMs?: number;
  readonly resetOnProgress: boolean;
  readonly progressToken?: string | number;
  readonly onProgress?: (progress: Progress) => void;
  resolve(value: Record<string, unknown>): void;
  reject(error: unknown): void;
  /** The promise the caller awaits, settled by `resolve`/`reject`. */
  answer?: Promise<unknown>;
  /** What the caller has done with the outcome as it settles (see {@link RequestHooks}); with `params` and `options` for them. */
  hooks?: RequestHooks;
  params?: JsonObject;
  options?: RequestOptions;
  detachAbort?: () => void;
  /** When the idle timeout fires (clock time); Infinity for none. Set by the table. */
  idleDeadline?: number;
  /** When the total timeout fires; Infinity for none. Set by the table. */
  totalDeadline?: number;
}

/**
 * What a caller of the session has done with a request's outcome in the same step that settles it, so
 * its promise is the one the caller awaits (no `.then` layer and no closures of its own per request).
 * One hooks object serves every request of a caller.
 */
export interface RequestHooks {
  /** Reads the result before the promise resolves with what it returns; a throw fails the request (not through `rescue`). */
  check?(result: Record<string, unknown>, params: JsonObject | undefined): unknown;
  /** Takes every failure of the request (answer, timeout, abort, close, delivery); the promise follows the one returned. */
  rescue?(error: unknown, method: string, params: JsonObject | undefined, options: RequestOptions): Promise<unknown>;
  /**
   * The params of every request made with these hooks are built for that request alone (never a
   * caller's object), so the session adds the progress token to them in place instead of copying
   * them. Their own `_meta` or a `meta` option still goes through the copy.
   */
  readonly paramsFresh?: boolean;
}

export interface PendingOptions {
  clock: Clock;
  onTimeout(entry: PendingEntry, kind: TimeoutKind): void;
}

/** A timer handle that can stop keeping the process alive (Node's Timeout). */
interface Refable {
  ref(): unknown;
  unref(): unknown;
}

/** Requests awaiting an answer, by id, and their progress tokens. */
export class PendingTable {
  private readonly byId = new IdTable<PendingEntry>();
  private readonly byToken = new Map<string | number, PendingEntry>();
  private timer: unknown;
  /** Clock time the timer is due; Infinity when none is armed. */
  private timerAt = Infinity;
  /** Whether the armed timer keeps the process alive: only while something is pending, as before. */
  private timerRefed = false;

  constructor(private readonly options: PendingOptions) {}

  get size(): number {
    return this.byId.size;
  }

  add(entry: PendingEntry): void {
    this.byId.add(entry);
    // The session's tokens are the request ids (PROG-2): those are found through byId, one map entry per request.
    if (entry.progressToken !== undefined && entry.progressToken !== entry.id) this.byToken.set(entry.progressToken, entry);
    // The session stamped startedAt just before: one clock read per request.
    const now = entry.startedAt;
    entry.idleDeadline = Number.isFinite(entry.timeoutMs) ? now + entry.timeoutMs : Infinity;
    entry.totalDeadline = entry.maxTotalTimeoutMs === undefined ? Infinity : now + entry.maxTotalTimeoutMs;
    // Both calls return at once for all but the first of a batch of requests: checked here first.
    if (!this.timerRefed) this.keepAlive(true);
    const due = Math.min(entry.idleDeadline, entry.totalDeadline);
    if (due < this.timerAt) this.arm(due, now);
  }

  get(id: RequestId): PendingEntry | undefined {
    return this.byId.get(id);
  }

  /** Resolves the entry with a result; false when the id is unknown (late or foreign answer). */
  resolve(id: RequestId, result: Record<string, unknown>): boolean {
    const entry = this.take(id);
    if (!entry) return false;
    const check = entry.hooks?.check;
    if (check === undefined) entry.resolve(result);
    else {
      try {
        entry.resolve(check(result, entry.params) as Record<string, unknown>);
      } catch (error) {
        entry.reject(error);
      }
    }
    return true;
  }

  /** Rejects the entry (or hands the failure to its `rescue`); false when the id is unknown. */
  reject(id: RequestId, error: unknown): boolean {
    const entry = this.take(id);
    if (!entry) return false;
    const rescue = entry.hooks?.rescue;
    if (rescue === undefined) entry.reject(error);
    else entry.resolve(rescue(error, entry.method, entry.params, entry.options!) as unknown as Record<string, unknown>);
    return true;
  }

  /** Routes a progress notification; restarts the idle timeout when the entry allows it (TIME-3). */
  progress(token: string | number, progress: Progress): boolean {
    const byId = this.byId.get(token);
    const entry = byId?.progressToken === token ? byId : this.byToken.get(token);
    if (!entry) return false;
    // A later deadline needs no re-arming: the timer finds it not yet due and moves on.
    if (entry.resetOnProgress && Number.isFinite(entry.timeoutMs)) entry.idleDeadline = this.options.clock.now() + entry.timeoutMs;
    entry.onProgress?.(progress);
    return true;
  }

  /** Rejects every entry (the connection ended), each with its own error. */
  rejectAll(makeError: (entry: PendingEntry) => unknown): void {
    for (const entry of this.byId.values()) this.reject(entry.id, makeError(entry));
    this.disarm();
  }

  private take(id: RequestId): PendingEntry | undefined {
    const entry = this.byId.take(id);
    if (!entry) return undefined;
    if (entry.progressToken !== undefined && entry.progressToken !== entry.id) this.byToken.delete(entry.progressToken);
    entry.detachAbort?.();
    if (this.byId.size === 0) this.keepAlive(false);
    return entry;
  }

  /** Makes sure the timer fires by `at` (clock time). */
  private arm(at: number, now: number): void {
    if (at >= this.timerAt || at === Infinity) return;
    const { clock } = this.options;
    if (this.timer !== undefined) clock.clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = clock.setTimeout(() => this.fire(), Math.min(Math.max(0, at - now), MAX_TIMER_MS));
    this.timerRefed = true;
    if (this.byId.size === 0) this.keepAlive(false);
  }

  private disarm(): void {
    if (this.timer !== undefined) this.options.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }

  // A pending request keeps the process alive, as its own timer used to; an idle table does not.
  private keepAlive(on: boolean): void {
    if (on === this.timerRefed || this.timer === undefined) return;
    const handle = this.timer as Partial<Refable>;
    if (typeof handle.ref !== 'function' || typeof handle.unref !== 'function') return;
    this.timerRefed = on;
    if (on) handle.ref();
    else handle.unref();
  }

  private fire(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = this.options.clock.now();
    const due: [PendingEntry, TimeoutKind][] = [];
    let next = Infinity;
    for (const entry of this.byId.values()) {
      if (entry.totalDeadline! <= now) due.push([entry, 'total']);
      else if (entry.idleDeadline! <= now) due.push([entry, 'idle']);
      else next = Math.min(next, entry.idleDeadline!, entry.totalDeadline!);
    }
    // Re-armed before the callbacks run, so a request they start is scheduled against a live timer.
    this.arm(next, now);
    for (const [entry, kind] of due) {
      // An earlier callback may have settled it (a close, a cancel).
      if (this.byId.get(entry.id) === entry) this.options.onTimeout(entry, kind);
    }
  }
}
