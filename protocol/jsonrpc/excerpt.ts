// A short printable form of a received value, for the message of an error about it. Pure.

/** `value` as JSON (or its string form), cut to 200 characters with a marked cut. */
export function excerptOf(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // Too deep for JSON.stringify (or a cycle): its first level still names the method or the id.
    text = firstLevel(value);
  }
  return text.length > 200 ? text.slice(0, 200) + '…' : text;
}

function firstLevel(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  const inner = (v: unknown): string => (typeof v !== 'object' || v === null ? (JSON.stringify(v) ?? String(v)) : Array.isArray(v) ? '[…]' : '{…}');
  if (Array.isArray(value)) return `[${value.slice(0, 20).map(inner).join(',')}${value.length > 20 ? ',…' : ''}]`;
  return `{${Object.entries(value)
    .slice(0, 20)
    .map(([k, v]) => `${JSON.stringify(k)}:${inner(v)}`)
    .join(',')}}`;
}
