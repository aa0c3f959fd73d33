// JSON in the canonical form of RFC 8785 (JCS): object keys sorted by their UTF-16 code units, no
// whitespace, numbers and strings as ECMAScript's JSON.stringify writes them (which is what JCS
// specifies for both). Two values equal as JSON get the same text, whatever their key order, so a
// digest of it identifies the value.

/** The RFC 8785 canonical JSON text of `value`; `undefined` members are left out, as JSON does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // JCS has no NaN or Infinity; JSON.stringify writes them as null, the only JSON they can be.
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') return canonicalJson((json as () => unknown).call(value));
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined || typeof item === 'function' ? 'null' : canonicalJson(item))).join(',')}]`;
  const members: string[] = [];
  // Default sort compares UTF-16 code units, the order RFC 8785 §3.2.3 asks for.
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    members.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
  }
  return `{${members.join(',')}}`;
}
