// The id of a response we could not parse (too large, not UTF-8, not JSON), read from the start of
// its text, so the request it answered fails at once instead of at its timeout. A scan of the head,
// not a parse: only a top-level "id" counts, and a head with a top-level "method" is the peer's own
// request or notification (its ids are the peer's, never ours), so it names nothing.
import type { RequestId } from './messages.js';

/**
 * The top-level `"id"` of a JSON-RPC response whose text starts with `head`, when the head shows it.
 * Undefined when the head has no top-level id, names a `method`, or is not an object's start.
 */
export function peekResponseId(head: string): RequestId | undefined {
  let depth = 0;
  let id: RequestId | undefined;
  let i = head.indexOf('{');
  if (i < 0 || head.slice(0, i).trim() !== '') return undefined;
  for (; i < head.length; i++) {
    const ch = head[i];
    if (ch === '{' || ch === '[') {
      depth++;
      continue;
    }
    if (ch === '}' || ch === ']') {
      depth--;
      if (depth <= 0) break;
      continue;
    }
    if (ch !== '"') continue;
    const end = stringEnd(head, i);
    if (end < 0) break;
    if (depth === 1 && isKey(head, end)) {
      const key = head.slice(i + 1, end);
      const valueAt = skipSpace(head, head.indexOf(':', end) + 1);
      if (key === 'method') return undefined;
      if (key === 'id' && id === undefined) id = readId(head, valueAt);
    }
    i = end;
  }
  return id;
}

/** Index of the closing quote of the string opening at `start`, or -1 when the head cuts it. */
function stringEnd(text: string, start: number): number {
  for (let j = start + 1; j < text.length; j++) {
    if (text[j] === '\\') {
      j++;
      continue;
    }
    if (text[j] === '"') return j;
  }
  return -1;
}

function isKey(text: string, closingQuote: number): boolean {
  return text[skipSpace(text, closingQuote + 1)] === ':';
}

function skipSpace(text: string, from: number): number {
  let j = from;
  while (j < text.length && /\s/.test(text[j]!)) j++;
  return j;
}

function readId(text: string, at: number): RequestId | undefined {
  if (text[at] === '"') {
    const end = stringEnd(text, at);
    if (end < 0) return undefined;
    try {
      return JSON.parse(text.slice(at, end + 1)) as string;
    } catch {
      return undefined;
    }
  }
  const match = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(at));
  // A number the head may have cut short (`12` of `123`) is only trusted when something follows it.
  if (!match || at + match[0].length >= text.length) return undefined;
  const value = Number(match[0]);
  return Number.isFinite(value) ? value : undefined;
}
