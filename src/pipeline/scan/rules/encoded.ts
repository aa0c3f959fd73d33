// encoded-blob: long base64 or hex runs, and runs of written-out escapes, in text the model reads.
// Nothing in a tool's documentation needs one; a model decodes them readily, so they carry
// instructions past a reader (and past keyword filters). A blob that decodes to text is high.
import { around } from '../excerpt.js';
import type { RuleHit, ScanRule } from '../types.js';

const BASE64 = /(?<![\w+/=-])[A-Za-z0-9+/_-]{40,}={0,2}(?![\w+/=-])/g;
const HEX = /(?<![\w])(?:0x)?[0-9a-fA-F]{48,}(?![\w])/g;
const ESCAPES = /(?:\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|%[0-9a-fA-F]{2}|&#x?[0-9a-fA-F]+;){12,}/;
const URL = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

export const encodedBlob: ScanRule = {
  id: 'encoded-blob',
  check(_tool, texts) {
    const hits: RuleHit[] = [];
    for (const t of texts) {
      if (t.name) continue;
      // A URL's path or query is an address, not a payload: blank it out, keeping offsets.
      const text = t.text.replace(URL, (u) => ' '.repeat(u.length));
      const hit = findBlob(text, t.text);
      if (hit) hits.push({ ...hit, where: t.where });
    }
    return hits;
  },
};

function findBlob(text: string, original: string): Omit<RuleHit, 'where'> | undefined {
  HEX.lastIndex = 0;
  for (let m = HEX.exec(text); m; m = HEX.exec(text)) {
    const decoded = fromHex(m[0].replace(/^0x/, ''));
    if (readable(decoded)) return { severity: 'high', excerpt: `${blobLabel(m[0])} decodes to "${decoded.slice(0, 80)}"` };
    if (m[0].length >= 80) return { severity: 'medium', excerpt: around(original, m.index, 0, 20) + ` ${blobLabel(m[0])}` };
  }
  BASE64.lastIndex = 0;
  for (let m = BASE64.exec(text); m; m = BASE64.exec(text)) {
    const run = m[0];
    // Identifiers and words glued with _ or - are not base64: a blob mixes cases and digits.
    if (!/[A-Z]/.test(run) || !/[a-z]/.test(run) || !/[0-9+/]/.test(run) || /^[A-Za-z]+(?:[_-][A-Za-z0-9]+)+$/.test(run)) continue;
    const decoded = fromBase64(run);
    if (readable(decoded)) return { severity: 'high', excerpt: `${blobLabel(run)} decodes to "${decoded.slice(0, 80)}"` };
    return { severity: 'medium', excerpt: blobLabel(run) };
  }
  const e = ESCAPES.exec(text);
  if (e) return { severity: 'medium', excerpt: around(original, e.index, Math.min(e[0].length, 60)) };
  return undefined;
}

function blobLabel(run: string): string {
  return `${run.slice(0, 12)}… (${run.length} characters)`;
}

function fromBase64(run: string): string {
  try {
    return Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
  } catch {
    return '';
  }
}

function fromHex(run: string): string {
  return Buffer.from(run.length % 2 === 0 ? run : run.slice(1), 'hex').toString('latin1');
}

// Mostly printable ASCII with spaces between words: a sentence, not bytes.
function readable(decoded: string): boolean {
  if (decoded.length < 16) return false;
  let printable = 0;
  for (const ch of decoded) if (/[\x20-\x7e\n\t]/.test(ch)) printable++;
  return printable / decoded.length > 0.95 && /[A-Za-z]{3,}\s+[A-Za-z]{2,}/.test(decoded);
}
