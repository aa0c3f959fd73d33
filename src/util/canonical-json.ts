// RFC 8785 JSON Canonicalization Scheme (JCS): one byte sequence per JSON value, whatever the key
// order or whitespace it arrived with, so a hash of it changes only when the value does.
// Primitives are written the ECMAScript way (JSON.stringify of a string or a finite number is
// exactly what RFC 8785 section 3.2.2 prescribes); object members are sorted by their names'
// UTF-16 code units (section 3.2.3), which is what the default Array.prototype.sort compares.

/**
 * The RFC 8785 canonical form of `value` (no whitespace, members sorted, ECMAScript numbers).
 * Members whose value is `undefined` are left out, as JSON.stringify leaves them out.
 * One deviation, so every definition has a hash: a lone surrogate in a string is written as a
 * `\udXXX` escape (ES2019 well-formed JSON.stringify) where the RFC would refuse the input.
 * @throws TypeError for a non-finite number, a bigint, a function or a symbol (not JSON).
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${value} cannot be written as JSON (RFC 8785 section 3.2.2.3)`);
      // -0 is written 0, as ECMAScript's Number::toString does.
      return JSON.stringify(value);
    case 'object': {
      if (value === null) return 'null';
      // Built by concatenation: a part array and join per object cost a third of a pin run.
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += `${i === 0 ? '' : ','}${value[i] === undefined ? 'null' : canonicalJson(value[i])}`;
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      let out = '{';
      for (const key of Object.keys(record).sort()) {
        const member = record[key];
        if (member === undefined) continue;
        out += `${out.length === 1 ? '' : ','}${jsonString(key)}:${canonicalJson(member)}`;
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`a ${typeof value} cannot be written as JSON`);
  }
}

/** Characters JSON.stringify would escape (quote, backslash, controls, lone surrogates are among the surrogates). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `text` as a JSON string, exactly as JSON.stringify writes it: most text needs no escape, and
 * skipping JSON.stringify for it halves the time.
 */
export function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * `value` as indented JSON with every object's members in canonical order, for files people read
 * and diff (the lock file): the same value always gives the same text.
 */
export function sortedJson(value: unknown, indent = 2): string {
  return JSON.stringify(sortKeys(value), null, indent);
}

function sortKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(sortKeys);
  // No prototype, so a member named "__proto__" stays a member.
  const out: Record<string, unknown> = Object.create(null);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) if (record[key] !== undefined) out[key] = sortKeys(record[key]);
  return out;
}
