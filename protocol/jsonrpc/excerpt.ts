// A short printable form of a received value, for the message of an error about it. Pure.

/** `value` as JSON (or its string form), cut to 200 characters with a marked cut. */
export function excerptOf(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 200 ? text.slice(0, 200) + '…' : text;
}
