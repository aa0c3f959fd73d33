// When to reconnect a dropped SSE stream: the server's `retry:` when it gave one (HTTP-27), else a
// capped exponential backoff with jitter; never sooner than a floor, and slower and slower while the
// streams keep ending at once (a `retry: 0` stream that ends right away must not become a hot loop
// of GETs). Pure: the random source is passed in.

/** Bounds on reconnecting one stream. */
export interface ReconnectPolicy {
  /** Consecutive reconnection attempts without any event before giving up. @defaultValue 5 */
  maxAttempts: number;
  /** First backoff delay when the server gave no `retry:`. @defaultValue 500 */
  initialDelayMs: number;
  /** Backoff cap. @defaultValue 30000 */
  maxDelayMs: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = { maxAttempts: 5, initialDelayMs: 500, maxDelayMs: 30_000 };

/** No reconnection happens sooner than this after a stream ended, whatever `retry:` said. */
export const MIN_RECONNECT_DELAY_MS = 100;

/**
 * A stream that stayed open this long was a working stream: the next reconnection starts the
 * backoff afresh. A shorter one (even one that delivered events) counts as a quick end.
 */
export const HEALTHY_STREAM_MS = 1000;

/**
 * Delay before reconnection `attempt`, counted since a stream last lived {@link HEALTHY_STREAM_MS}
 * (1-based). The first follows the server's `retryMs` exactly when it gave one (the 2025-11-25
 * polling model and the conformance suite time it), without jitter; later ones wait at least the
 * backoff for `attempt - 1`, so streams that keep ending at once are reopened less and less often.
 * Without `retryMs`: `initialDelayMs * 2^(attempt-1)`, capped, scaled by a random factor in
 * [0.75, 1.25). Never below {@link MIN_RECONNECT_DELAY_MS}.
 */
export function reconnectDelay(attempt: number, policy: ReconnectPolicy, retryMs?: number, random: () => number = Math.random): number {
  const backoff = (n: number): number => Math.round(Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.max(0, n - 1)) * (0.75 + random() * 0.5));
  if (retryMs !== undefined && Number.isFinite(retryMs) && retryMs >= 0) {
    const asked = Math.max(MIN_RECONNECT_DELAY_MS, Math.min(retryMs, policy.maxDelayMs));
    return attempt <= 1 ? asked : Math.max(asked, backoff(attempt - 1));
  }
  return Math.max(MIN_RECONNECT_DELAY_MS, backoff(attempt));
}
