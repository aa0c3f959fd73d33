// The head of an oversized result that is still what it was: JSON cut at element boundaries stays
// JSON a model (or a program) can parse, and text is cut at the end of a line, never inside a
// character. Pure: the registry keeps the whole result and hands out the rest on request.

/** A head and how much of the whole it shows. */
export interface ResultHead {
  head: string;
  /** `json`: the head parses as JSON; `text`: cut at a line end (or a character, for one long line). */
  kind: 'json' | 'text';
  /** For JSON: the elements or members left out, by JSON pointer of their container. */
  omitted?: { pointer: string; count: number }[];
}

/** The longest head of `text` within `maxChars`: JSON-aware when the whole text is JSON. */
export function resultHead(text: string, maxChars: number): ResultHead {
  if (text.length <= maxChars) return { head: text, kind: looksLikeJson(text) ? 'json' : 'text' };
  if (looksLikeJson(text)) {
    try {
      const value = JSON.parse(text) as unknown;
      const indent = /^\s*[[{]\s*\n/.test(text) ? 2 : 0;
      const omitted: { pointer: string; count: number }[] = [];
      const cut = jsonHead(value, maxChars, indent, '', omitted);
      const head = JSON.stringify(cut, null, indent);
      if (head.length <= maxChars) return { head, kind: 'json', omitted };
    } catch {
      // not JSON after all: cut it as text
    }
  }
  return { head: textHead(text, maxChars), kind: 'text' };
}

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '{' || first === '[';
}

/** Text cut at the last line end within `maxChars` (when one is in the last half), else at a character boundary. */
export function textHead(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let cut = Math.max(0, maxChars);
  const newline = text.lastIndexOf('\n', cut - 1);
  if (newline >= cut / 2) return text.slice(0, newline);
  if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1] as string)) cut -= 1;
  return text.slice(0, cut);
}

/**
 * The largest prefix of `value` (arrays by elements, objects by members, in order) whose JSON fits
 * `maxChars`; a first element too large on its own is cut inside, so the head is never empty when
 * anything fits. Strings are kept whole or cut with a marker: a half string is not a JSON value.
 */
function jsonHead(value: unknown, maxChars: number, indent: number, pointer: string, omitted: { pointer: string; count: number }[]): unknown {
  const size = (v: unknown): number => JSON.stringify(v, null, indent)?.length ?? 4;
  if (size(value) <= maxChars) return value;
  if (typeof value === 'string') return `${textHead(value, Math.max(0, maxChars - 40))}… [cut: ${value.length} characters in all]`;
  if (Array.isArray(value)) {
    // The longest prefix that fits, by bisection: each probe serialises one candidate head.
    const kept = longestFitting(value.length, (k) => size(value.slice(0, k)) <= maxChars);
    const out = value.slice(0, kept);
    if (kept === 0 && value.length > 0) out.push(jsonHead(value[0], maxChars - 8, indent, `${pointer}/0`, omitted));
    if (out.length < value.length) omitted.push({ pointer: pointer || '/', count: value.length - out.length });
    return out;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    const kept = longestFitting(entries.length, (k) => size(Object.fromEntries(entries.slice(0, k))) <= maxChars);
    const out = Object.fromEntries(entries.slice(0, kept));
    // The member that did not fit whole goes in cut, with the room left ({"total": 5, "items": [the first rows]}).
    if (kept < entries.length) {
      const [key, member] = entries[kept] as [string, unknown];
      // Nested, its lines carry more indentation than measured alone: shrink the room until it fits.
      let room = maxChars - size(out) - key.length - 8;
      for (let attempt = 0; attempt < 6 && room > 16; attempt++) {
        const inner: { pointer: string; count: number }[] = [];
        out[key] = jsonHead(member, room, indent, `${pointer}/${escapePointer(key)}`, inner);
        const total = size(out);
        if (total <= maxChars) {
          omitted.push(...inner);
          break;
        }
        delete out[key];
        room = Math.floor(room * (maxChars / total) * 0.95);
      }
    }
    const shown = Object.keys(out).length;
    if (shown < entries.length) omitted.push({ pointer: pointer || '/', count: entries.length - shown });
    return out;
  }
  return value;
}

/** The largest k in [0, n] with fits(k), for a monotone fits (fits(0) assumed). */
function longestFitting(n: number, fits: (k: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
