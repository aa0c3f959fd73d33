// Excerpts people can read and paste safely: a window around the match, invisible and control
// characters spelled out (an excerpt must not hide what it reports, nor drive the terminal it is
// printed on), whitespace collapsed, and anything shaped like a credential masked.
import { MASK, looksLikeSecret } from '../../../protocol/redact.js';

/** The longest excerpt, in characters. */
export const EXCERPT_MAX = 160;

/** The text around `[index, index + length)`, a few words either side. */
export function around(text: string, index: number, length: number, context = 40): string {
  const start = Math.max(0, index - context);
  const end = Math.min(text.length, index + length + context);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/** `text` made safe to print: characters spelled out, whitespace collapsed, secrets masked, clipped. */
export function printable(text: string): string {
  let out = '';
  for (const ch of text) out += spell(ch);
  out = out.replace(/\s+/g, ' ').trim();
  out = out.replace(/[^\s'"`(),;<>[\]{}]{8,}/g, (word) => (looksLikeSecret(word) ? MASK : word));
  return out.length > EXCERPT_MAX ? `${out.slice(0, EXCERPT_MAX - 1)}…` : out;
}

function spell(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp === 0x1b) return '⟨ESC⟩';
  if (cp === 0x09 || cp === 0x0a || cp === 0x0d) return ' ';
  if (isHiddenCodePoint(cp) || cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return `⟨U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟩`;
  return ch;
}

/** Code points that render as nothing or reorder text: zero-width, bidi controls, tags, variation selectors past the emoji ones. */
export function isHiddenCodePoint(cp: number): boolean {
  return (
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0xfeff ||
    cp === 0x180e ||
    cp === 0x00ad ||
    cp === 0x034f ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x3164 ||
    cp === 0xffa0 ||
    (cp >= 0xe0000 && cp <= 0xe007f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef) ||
    (cp >= 0xfe00 && cp <= 0xfe0d)
  );
}
