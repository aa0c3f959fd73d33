// The pending-request table: one settle path for response, peer error, abort, timeout and close
// (STYLE 3.7). Each entry settles exactly once; settling clears its timer, abort listener and
// progress route.
import type { Progress, RequestId } from '../../protocol/index.js';

/** Timer functions, injectable so timeout tests need no real waiting. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type TimeoutKind = 'idle' | 'total';

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
  timer?: unknown;
  totalTimer?: unknown;
  detachAbort?: () => void;
}

export interface PendingOptions {
  clock: Clock;
  onTimeout(entry: PendingEntry, kind: TimeoutKind): void;
}

/** Requests awaiting an answer, by id, and their progress tokens. */
export class PendingTable {
  private readonly byId = new Map<RequestId, PendingEntry>();
  private readonly byToken = new Map<string | number, PendingEntry>();

  constructor(private readonly options: PendingOptions) {}

  get size(): number {
    return this.byId.size;
  }

  add(entry: PendingEntry): void {
    this.byId.set(entry.id, entry);
    if (entry.progressToken !== undefined) this.byToken.set(entry.progressToken, entry);
    this.armIdle(entry);
    if (entry.maxTotalTimeoutMs !== undefined) {
      entry.totalTimer = this.options.clock.setTimeout(() => this.options.onTimeout(entry, 'total'), entry.maxTotalTimeoutMs);
    }
  }

  get(id: RequestId): PendingEntry | undefined {
    return this.byId.get(id);
  }

  /** Resolves the entry with a result; false when the id is unknown (late or foreign answer). */
  resolve(id: RequestId, result: Record<string, unknown>): boolean {
    const entry = this.take(id);
    if (!entry) return false;
    entry.resolve(result);
    return true;
  }

  /** Rejects the entry; false when the id is unknown. */
  reject(id: RequestId, error: unknown): boolean {
    const entry = this.take(id);
    if (!entry) return false;
    entry.reject(error);
    return true;
  }

  /** Routes a progress notification; restarts the idle timeout when the entry allows it (TIME-3). */
  progress(token: string | number, progress: Progress): boolean {
    const entry = this.byToken.get(token);
    if (!entry) return false;
    if (entry.resetOnProgress) this.armIdle(entry);
    entry.onProgress?.(progress);
    return true;
  }

  /** Rejects every entry (the connection ended), each with its own error. */
  rejectAll(makeError: (entry: PendingEntry) => unknown): void {
    for (const entry of [...this.byId.values()]) this.reject(entry.id, makeError(entry));
  }

  private take(id: RequestId): PendingEntry | undefined {
    const entry = this.byId.get(id);
    if (!entry) return undefined;
    this.byId.delete(id);
    if (entry.progressToken !== undefined) this.byToken.delete(entry.progressToken);
    const { clock } = this.options;
    if (entry.timer !== undefined) clock.clearTimeout(entry.timer);
    if (entry.totalTimer !== undefined) clock.clearTimeout(entry.totalTimer);
    entry.detachAbort?.();
    return entry;
  }

  private armIdle(entry: PendingEntry): void {
    const { clock } = this.options;
    if (entry.timer !== undefined) clock.clearTimeout(entry.timer);
    if (!Number.isFinite(entry.timeoutMs)) return;
    entry.timer = clock.setTimeout(() => this.options.onTimeout(entry, 'idle'), entry.timeoutMs);
  }
}
