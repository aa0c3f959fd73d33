// Reading undici's raw response headers (names and values alternating, as Buffers, or strings from
// Node's http) without decoding the ones nobody asks for.

/** Whether a raw header name is `lowerName` (lower-case ASCII), in any case. */
export function nameIs(raw: Buffer | string, lowerName: string): boolean {
  if (raw.length !== lowerName.length) return false;
  if (typeof raw === 'string') return raw.toLowerCase() === lowerName;
  for (let i = 0; i < raw.length; i++) if ((raw[i]! | 0x20) !== lowerName.charCodeAt(i)) return false;
  return true;
}

// The value decoded last, with its bytes: a server answers every POST with the same Content-Type, and
// comparing 16 bytes costs less than decoding them again.
let lastBytes: Buffer | undefined;
let lastValue = '';

/** A raw header value as text (latin1, as HTTP header bytes are read). */
export function latin1(raw: Buffer | string): string {
  if (typeof raw === 'string') return raw;
  if (lastBytes !== undefined && raw.length === lastBytes.length) {
    let same = true;
    for (let i = 0; i < raw.length; i++)
      if (raw[i] !== lastBytes[i]) {
        same = false;
        break;
      }
    if (same) return lastValue;
  }
  lastValue = raw.toString('latin1');
  lastBytes = raw.length <= 64 ? Buffer.from(raw) : undefined;
  return lastValue;
}
