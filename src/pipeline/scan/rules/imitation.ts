// name-imitation: a tool name built to pass for another: letters from other scripts that look
// Latin (Cyrillic "а" for "a"), digits for letters ("0" for "o", "1" for "l"), or the same name as
// another server's tool written with different separators or case. Identical names on two servers
// are no imitation (the prefixes tell them apart); a name that only looks identical is.
import type { RuleHit, ScanContext, ScanRule } from '../types.js';

// Lookalikes of Latin letters in Cyrillic and Greek (NFKC already folds full-width and mathematical letters).
const LOOKALIKE: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  ь: 'b',
  п: 'n',
  г: 'r',
  α: 'a',
  β: 'b',
  ε: 'e',
  ζ: 'z',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ı: 'i',
  ȷ: 'j',
  ℓ: 'l',
  ɡ: 'g',
  ɑ: 'a',
  ꞵ: 'b',
  ᴠ: 'v',
  ᴡ: 'w',
  ᴢ: 'z',
};
const DIGIT_LOOKALIKE: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '|': 'l' };

// Skeletons are compared across every pair of servers' tools: remember them (names repeat across scans).
const SKELETONS = new Map<string, string>();
const SKELETON_CACHE_MAX = 20_000;

/** What a name looks like to a reader: lookalikes folded to Latin, case and separators dropped. */
export function nameSkeleton(name: string, digits = true): string {
  if (!digits) return skeletonOf(name, false);
  let known = SKELETONS.get(name);
  if (known === undefined) {
    if (SKELETONS.size >= SKELETON_CACHE_MAX) SKELETONS.clear();
    SKELETONS.set(name, (known = skeletonOf(name, true)));
  }
  return known;
}

function skeletonOf(name: string, digits: boolean): string {
  let out = '';
  for (const ch of name.normalize('NFKC').toLowerCase()) out += LOOKALIKE[ch] ?? (digits ? (DIGIT_LOOKALIKE[ch] ?? ch) : ch);
  return out
    .replace(/[\s_\-.:/]+/g, '')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[il]/g, 'l');
}

export const nameImitation: ScanRule = {
  id: 'name-imitation',
  check(tool, _texts, context) {
    const name = tool.name;
    const hits: RuleHit[] = [];
    const folded = nameSkeleton(name);
    // Letters from another script that read as Latin: the name is dressed up, partner or not.
    if (/[^\x00-\x7f]/.test(name) && /^[\x00-\x7f]+$/.test(folded)) {
      const partner = partnerOf(name, folded, context);
      hits.push({
        severity: 'high',
        excerpt: `"${spellOut(name)}" reads as "${partner ?? folded}"${partner ? ` (a tool of server "${context.otherTools.get(partner)}")` : ''}`,
      });
      return hits;
    }
    const partner = partnerOf(name, folded, context);
    if (partner === undefined) return hits;
    // Digits standing in for letters ("send_emai1") imitate; separators or case alone are a naming style, worth a look.
    const plain = (n: string) => n.toLowerCase().replace(/[\s_\-.:/]+/g, '');
    const substituted = plain(name) !== plain(partner);
    if (substituted && !isSubstitutionOf(name, partner)) return hits;
    hits.push({
      severity: substituted ? 'high' : 'low',
      excerpt: `"${spellOut(name)}" looks like "${partner}" of server "${context.otherTools.get(partner)}"`,
    });
    return hits;
  },
};

// The other servers' tools by skeleton, built once per set of names (one per server scanned).
const INDEXES = new WeakMap<ReadonlyMap<string, string>, Map<string, string[]>>();

function partnerOf(name: string, folded: string, context: ScanContext): string | undefined {
  let index = INDEXES.get(context.otherTools);
  if (index === undefined) {
    index = new Map();
    for (const [other] of context.otherTools) {
      const key = nameSkeleton(other);
      const list = index.get(key);
      if (list) list.push(other);
      else index.set(key, [other]);
    }
    INDEXES.set(context.otherTools, index);
  }
  return index.get(folded)?.find((other) => other !== name && !context.ownTools.has(other));
}

// This name is the imitation, not the original: it has more of the odd characters (digits, capitals
// inside a lower-case name, symbols, other scripts) that stand in for letters.
function isSubstitutionOf(name: string, partner: string): boolean {
  return oddness(name) > oddness(partner);
}

function oddness(name: string): number {
  const lowerStyle = name === name.toLowerCase() || /^[a-z]/.test(name);
  let n = 0;
  for (const ch of name) if (/[0-9|]/.test(ch) || /[^\x00-\x7f]/.test(ch) || (lowerStyle && /[A-Z]/.test(ch) && name.replace(/[^A-Z]/g, '').length === 1)) n++;
  return n;
}

function spellOut(name: string): string {
  return [...name].map((ch) => (/[\x20-\x7e]/.test(ch) ? ch : `⟨U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`)).join('');
}
