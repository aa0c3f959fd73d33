// When a stored access token is due for a refresh: a margin before its expiry that follows its
// lifetime, so a 5-second token is not refreshed before every request as a fixed minute would do.

/** The margin for long-lived tokens (servers that never answer 401 get a fresh one in time). */
export const MAX_REFRESH_MARGIN_MS = 60_000;
/** The share of a token's lifetime kept as margin when that is less than {@link MAX_REFRESH_MARGIN_MS}. */
export const REFRESH_MARGIN_SHARE = 0.1;

/** What the decision needs: the absolute expiry and, when known, when the token was issued (ms since the epoch). */
export interface TokenTimes {
  expires_at?: number;
  issued_at?: number;
}

/** min(60 s, 10 % of the lifetime); 60 s when the lifetime is unknown (a record written before issued_at existed). */
export function refreshMarginMs(times: TokenTimes): number {
  if (times.expires_at === undefined || times.issued_at === undefined) return MAX_REFRESH_MARGIN_MS;
  const lifetime = Math.max(0, times.expires_at - times.issued_at);
  return Math.min(MAX_REFRESH_MARGIN_MS, lifetime * REFRESH_MARGIN_SHARE);
}

/** Whether a token should be refreshed before it is sent at `now`. */
export function refreshDue(times: TokenTimes, now: number): boolean {
  return times.expires_at !== undefined && times.expires_at - now < refreshMarginMs(times);
}
