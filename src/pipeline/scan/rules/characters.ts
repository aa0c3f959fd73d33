// Characters the user never sees but the model reads: Unicode tag characters (ASCII smuggled in
// the U+E0000 block), zero-width and bidirectional controls, variation selectors used as a hidden
// alphabet; and terminal control sequences (ANSI escapes) that hide or rewrite text on a terminal.
import { around, isHiddenCodePoint } from '../excerpt.js';
import type { RuleHit, ScanRule, ScanSeverity } from '../types.js';

// Built on first use, from strings: V8 resolves a `\p{...}` class from its Unicode tables when it
// parses the pattern, in a function body too (the first one in a process costs about 0.3 ms), so
// as literals these two cost that at every import of the package, scanner on or off.
const PICTOGRAPH_SOURCE = String.raw`\p{Extended_Pictographic}|\u{FE0F}|\p{Emoji_Modifier}`;
const LETTER_SOURCE = String.raw`\p{L}|\p{M}`;
let pictograph: RegExp | undefined;
let letter: RegExp | undefined;
const PICTOGRAPH = (): RegExp => (pictograph ??= new RegExp(PICTOGRAPH_SOURCE, 'u'));
const LETTER = (): RegExp => (letter ??= new RegExp(LETTER_SOURCE, 'u'));

/** invisible-unicode: characters that render as nothing or reorder the text around them. */
export const invisibleUnicode: ScanRule = {
  id: 'invisible-unicode',
  check(_tool, texts) {
    const hits: RuleHit[] = [];
    for (const { where, text } of texts) {
      const chars = [...text];
      let tags = '';
      let count = 0;
      let severity: ScanSeverity | undefined;
      let first = -1;
      chars.forEach((ch, i) => {
        const cp = ch.codePointAt(0)!;
        if (!isHiddenCodePoint(cp) || benign(cp, chars[i - 1], chars[i + 1])) return;
        count++;
        if (first < 0) first = i;
        if (cp >= 0xe0000 && cp <= 0xe007f) {
          if (cp >= 0xe0020 && cp <= 0xe007e) tags += String.fromCodePoint(cp - 0xe0000);
          severity = 'high';
        } else if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || (cp >= 0xe0100 && cp <= 0xe01ef)) severity = 'high';
        else if (severity !== 'high') severity = cp === 0x00ad || cp === 0x200e || cp === 0x200f ? (severity ?? 'low') : 'medium';
      });
      if (severity === undefined) continue;
      // Several zero-width characters in one text are a pattern, not a stray paste.
      if (severity === 'medium' && count >= 3) severity = 'high';
      const prefix = chars.slice(0, first).join('');
      const shown =
        tags !== '' ? `hidden tag text "${tags.slice(0, 100)}"` : `${count} hidden character${count === 1 ? '' : 's'}: ${around(text, prefix.length, 1)}`;
      hits.push({ severity, excerpt: shown, where });
    }
    return hits;
  },
};

// A zero-width joiner inside an emoji sequence, a non-joiner between letters (Persian, Indic
// scripts), a variation selector after an emoji: ordinary text, not hiding anything.
function benign(cp: number, before: string | undefined, after: string | undefined): boolean {
  if (cp === 0x200d) return before !== undefined && after !== undefined && PICTOGRAPH().test(before) && PICTOGRAPH().test(after);
  if (cp === 0x200c) return before !== undefined && after !== undefined && LETTER().test(before) && LETTER().test(after) && !/[A-Za-z]/.test(before + after);
  if (cp === 0xfeff) return false;
  return false;
}

// ESC or the one-byte CSI start, and other C0/C1 controls besides tab and line breaks.
const CONTROL = /[\u001b\u009b]|[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f\u0080-\u009a\u009c-\u009f]/;
// Escape sequences written out, which a model may reproduce into a terminal.
const WRITTEN_ESCAPE = /(?:\\x1b|\\u001b|\\033|\\e)\[[0-9;?]*[A-Za-z]/i;

/** ansi-escape: terminal control sequences that can hide text or rewrite what a terminal shows. */
export const ansiEscape: ScanRule = {
  id: 'ansi-escape',
  check(_tool, texts) {
    const hits: RuleHit[] = [];
    for (const { where, text } of texts) {
      const m = CONTROL.exec(text);
      if (m) {
        const escape = m[0] === '\u001b' || m[0] === '\u009b';
        hits.push({ severity: escape ? 'high' : 'medium', excerpt: around(text, m.index, 8), where });
        continue;
      }
      const w = WRITTEN_ESCAPE.exec(text);
      if (w) hits.push({ severity: 'medium', excerpt: around(text, w.index, w[0].length), where });
    }
    return hits;
  },
};
