// Running a list of phrase patterns over a definition's texts: the shared loop of the wording rules.
import { nameWords } from '../fields.js';
import { around } from '../excerpt.js';
import type { RuleHit, ScanSeverity, ToolText } from '../types.js';

/** One phrase pattern and the severity of a match. */
export interface Phrase {
  re: RegExp;
  severity: ScanSeverity;
}

/** Every text's first match of each pattern (names read as words). */
export function matchPhrases(texts: readonly ToolText[], phrases: readonly Phrase[]): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const t of texts) {
    const text = t.name ? nameWords(t.text) : t.text;
    for (const { re, severity } of phrases) {
      const m = re.exec(text);
      if (m) hits.push({ severity, excerpt: around(text, m.index, m[0].length), where: t.where });
    }
  }
  return hits;
}
