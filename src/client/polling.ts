// Waiting between the polls of a task (the 2025-11-25 tasks and the 2026 extension alike): the
// server's interval held within bounds, and a sleep that an AbortSignal ends at once.

/** The bounds of a poll interval, and the interval when the server names none. */
export interface PollBounds {
  min: number;
  max: number;
  fallback: number;
}

/** The server's interval (ms) within `bounds`; `fallback` when it gave none or nonsense. */
export function pollDelay(ms: number | undefined, bounds: PollBounds): number {
  return Math.min(bounds.max, Math.max(bounds.min, typeof ms === 'number' && Number.isFinite(ms) ? ms : bounds.fallback));
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
