// Exposed tool names: prefix + name sanitised into one identifier every LLM provider accepts, with a
// short stable hash when it must be shortened, and prefix suggestions for collisions (TOOLS-11/12).

/** The name pattern accepted by OpenAI, Anthropic and Gemini alike (Gemini also wants a leading letter or `_`). */
export const LLM_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;
/** Longest exposed name. */
export const MAX_NAME_LENGTH = 64;

/** An exposed name and what was done to get it. */
export interface ExposedName {
  name: string;
  /** Empty when `prefix + name` was already valid. */
  changes: string[];
}

/**
 * Builds the exposed name for `name` under `prefix`: characters outside `[a-zA-Z0-9_-]` become `_`,
 * a leading digit or `-` gets a `_` in front (Gemini), and a name over 64 characters keeps its
 * first 55 characters plus `_` and an 8-hex hash of the unsanitised full name, so it stays unique
 * and the same on every run.
 */
export function exposedName(prefix: string, name: string): ExposedName {
  const full = prefix + name;
  const changes: string[] = [];
  let out = full.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (out !== full) changes.push('characters outside [a-zA-Z0-9_-] replaced by "_"');
  if (out.length === 0) {
    out = 'tool';
    changes.push('empty name replaced by "tool"');
  }
  if (!/^[a-zA-Z_]/.test(out)) {
    out = `_${out}`;
    changes.push('"_" added in front (names must start with a letter or "_")');
  }
  if (out.length > MAX_NAME_LENGTH) {
    out = `${out.slice(0, MAX_NAME_LENGTH - 9)}_${stableHash(full)}`;
    changes.push(`shortened to ${MAX_NAME_LENGTH} characters with a hash of the full name`);
  }
  return { name: out, changes };
}

/** True when `name` is usable as-is by every provider. */
export function isLlmSafeName(name: string): boolean {
  return LLM_NAME_PATTERN.test(name);
}

/** 32-bit FNV-1a over UTF-16 code units, as 8 hex digits: small, fast and stable across runs and platforms. */
export function stableHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * A prefix to suggest for `server` when one of its tools collided: the sanitised server name plus
 * `_`, or, when that is already the prefix in use, the same with a short hash of the server name.
 */
export function suggestPrefix(server: string, currentPrefix: string): string {
  const base = server.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 24) || 'server';
  const plain = `${/^[a-zA-Z_]/.test(base) ? '' : '_'}${base}_`;
  return plain !== currentPrefix ? plain : `${plain}${stableHash(server).slice(0, 4)}_`;
}
