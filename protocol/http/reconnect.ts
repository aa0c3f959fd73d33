// When to reconnect a dropped SSE stream: the server's `retry:` exactly when it gave one (HTTP-27),
// else a capped exponential backoff with jitter. Pure: the random source is passed in.

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

/**
 * Delay before reconnection attempt `attempt` (1-based). With `retryMs` the server decides, and no
 * jitter is added: the 2025-11-25 polling model (and the conformance suite) time it exactly.
 * Otherwise `initialDelayMs * 2^(attempt-1)`, capped, scaled by a random factor in [0.75, 1.25).
 */
export function reconnectDelay(attempt: number, policy: ReconnectPolicy, retryMs?: number, random: () => number = Math.random): number {
  if (retryMs !== undefined && Number.isFinite(retryMs) && retryMs >= 0) return Math.min(retryMs, policy.maxDelayMs);
  const exp = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp * (0.75 + random() * 0.5));
}
