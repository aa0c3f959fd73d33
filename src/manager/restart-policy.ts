// When to restart a crashed server: capped exponential backoff with jitter, and a bounded number
// of attempts (pure; the random source is injectable for tests).

/** How a crashed server is restarted. */
export interface RestartPolicy {
  /** Restarts allowed before the server is left failed. 0 disables restarts. @defaultValue 5 */
  maxRestarts: number;
  /** Delay before the first restart. @defaultValue 500 */
  initialDelayMs: number;
  /** Cap on the delay. @defaultValue 30000 */
  maxDelayMs: number;
  /** Growth per attempt. @defaultValue 2 */
  factor: number;
  /** Fraction of the delay randomised either way (0.2 = ±20 %). @defaultValue 0.2 */
  jitter: number;
  /** A server that stayed up this long has its restart count reset. @defaultValue 60000 */
  resetAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxRestarts: 5,
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  factor: 2,
  jitter: 0.2,
  resetAfterMs: 60_000,
};

/** Delay before restart number `attempt` (1-based), or undefined when no attempt is left. */
export function restartDelay(policy: RestartPolicy, attempt: number, random: () => number = Math.random): number | undefined {
  if (attempt > policy.maxRestarts) return undefined;
  const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * policy.factor ** (attempt - 1));
  const spread = base * policy.jitter;
  return Math.max(0, Math.round(base - spread + 2 * spread * random()));
}
