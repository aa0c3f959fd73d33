// Duration strings with units ("500ms", "30s", "2m", "1h", "1m30s") to milliseconds. A bare number
// is refused: "timeout: 30" could mean seconds or milliseconds, and guessing wrong is silent.

import { CONFIG_INVALID, ConfigError } from '../errors/config-errors.js';
import { MAX_DURATION_MS } from './schema.js';

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const WHOLE = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d))+$/;
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/g;

/** Outcome of {@link checkDuration}: milliseconds, or why not and what to write. */
export type DurationCheck = { ok: true; ms: number } | { ok: false; message: string; hint: string };

/**
 * Validates a duration value as found in a config file (any type) without throwing.
 * Accepts strings made of `<number><unit>` parts, units `ms`, `s`, `m`, `h`, `d`; the total must be
 * above zero and at most 2^31-1 ms (what a timer can hold).
 */
export function checkDuration(value: unknown): DurationCheck {
  if (typeof value === 'number' || (typeof value === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(value))) {
    const n = String(value).trim();
    return {
      ok: false,
      message: `a bare number (${n}) is not a duration: the unit is missing`,
      hint: `write ${n}s for seconds or ${n}ms for milliseconds, e.g. 30s`,
    };
  }
  if (typeof value !== 'string') {
    return { ok: false, message: 'must be a duration string such as 30s', hint: 'write a number with a unit: 500ms, 30s, 2m or 1h' };
  }
  const text = value.trim();
  if (!WHOLE.test(text)) {
    return { ok: false, message: `"${clip(text)}" is not a duration`, hint: 'write a number with a unit: 500ms, 30s, 2m, 1h (or combined, 1m30s)' };
  }
  let ms = 0;
  for (const [, amount, unit] of text.matchAll(PART)) ms += Number(amount) * UNIT_MS[unit!]!;
  ms = Math.round(ms);
  if (ms <= 0) return { ok: false, message: `"${text}" is zero`, hint: 'a timeout must be above zero, e.g. 30s' };
  if (ms > MAX_DURATION_MS) return { ok: false, message: `"${text}" is too long`, hint: 'the most is about 24 days (596h)' };
  return { ok: true, ms };
}

/**
 * Parses a duration string such as `500ms`, `30s`, `2m`, `1h` or `1m30s` into milliseconds.
 * @example parseDuration('2m') // 120000
 * @throws {ConfigError} code `MCPB_CONFIG_INVALID` for a bare number, an unknown unit, zero or more than 2^31-1 ms.
 */
export function parseDuration(s: string): number {
  const checked = checkDuration(s);
  if (checked.ok) return checked.ms;
  throw new ConfigError(CONFIG_INVALID, {
    file: '',
    summary: `Invalid duration: ${checked.message}`,
    hint: checked.hint,
  });
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
