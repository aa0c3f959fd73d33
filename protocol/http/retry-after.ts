// The `Retry-After` header of a 429 or 503 answer (RFC 9110 §10.2.3): a number of seconds or an
// HTTP-date. Pure: the current time is passed in.

/** A parsed `Retry-After`: the value as sent, and how long it asks to wait from `nowMs`. */
export interface RetryAfter {
  /** The header value as the server sent it (trimmed). */
  raw: string;
  /** `seconds` for delay-seconds, `date` for an HTTP-date. */
  form: 'seconds' | 'date';
  /** Milliseconds to wait; 0 for a date already past. */
  delayMs: number;
}

/** Parses `Retry-After`; undefined when absent or neither form. */
export function parseRetryAfter(value: string | undefined, nowMs: number): RetryAfter | undefined {
  if (value === undefined) return undefined;
  const raw = value.trim();
  if (/^\d+$/.test(raw)) return { raw, form: 'seconds', delayMs: Number(raw) * 1000 };
  // An HTTP-date names its weekday and ends in GMT (IMF-fixdate, or the obsolete RFC 850 and asctime forms).
  if (!/^[A-Za-z]{3}/.test(raw)) return undefined;
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return undefined;
  return { raw, form: 'date', delayMs: Math.max(0, at - nowMs) };
}

/** "120 s (Retry-After: 120)": the wait and the value as sent. */
export function describeRetryAfter(retry: RetryAfter): string {
  return `${Math.ceil(retry.delayMs / 1000)} s (Retry-After: ${retry.raw})`;
}
