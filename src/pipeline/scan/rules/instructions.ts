// hidden-instructions: text aimed at the model rather than describing the tool: orders to ignore
// earlier instructions, to keep something from the user, blocks dressed as system or "important"
// messages, chat-template tokens, preconditions with threats ("otherwise the tool will not work"),
// and payloads pushed out of sight by padding or hidden in comments.
import { around } from '../excerpt.js';
import type { ScanRule } from '../types.js';
import { matchPhrases, type Phrase } from './patterns.js';

const USER = String.raw`(?:the\s+)?(?:user|human|person|operator|developer)s?\b`;

const PHRASES: readonly Phrase[] = [
  {
    re: /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|of\s+)*(?:previous|prior|above|earlier|preceding|other|system|your|existing|original)\s+(?:instructions?|rules|prompts?|directions|directives|guidelines|guardrails|constraints|policies)/i,
    severity: 'high',
  },
  {
    re: new RegExp(
      String.raw`\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|mustn'?t)\s+(?:ever\s+)?(?:tell|inform|notify|alert|warn|mention|reveal|disclose|show|explain|say|let|bring\s+up)\b[^.\n]{0,40}?\b${USER}`,
      'i',
    ),
    severity: 'high',
  },
  { re: /\b(?:do\s+not|don'?t|never)\s+(?:mention|reveal|disclose|acknowledge)\s+(?:that|this|it|these|any\s+of\s+(?:this|these))\b/i, severity: 'high' },
  { re: new RegExp(String.raw`\bwithout\s+(?:telling|informing|notifying|alerting|asking|showing|letting)\s+${USER}`, 'i'), severity: 'high' },
  { re: /\bwithout\s+(?:mentioning|disclosing|revealing|acknowledging)\s+(?:it|this|that|them|any\s+of\s+this)\b/i, severity: 'high' },
  {
    re: new RegExp(String.raw`\b${USER}\s+(?:must|should|will|need)\s*(?:not|never|n't)\s+(?:know|see|notice|be\s+told|find\s+out|be\s+aware|learn)`, 'i'),
    severity: 'high',
  },
  { re: /\b(?:keep|hide)\s+(?:this|it|these|that)\s+(?:secret|hidden|confidential|private)\b/i, severity: 'high' },
  { re: /\b(?:must|should|will|may)\s+(?:never|not)\s+(?:find\s+out|know|learn|notice|realise|realize|suspect)\b/i, severity: 'high' },
  // The same order in the languages a payload switches to most to dodge English filters.
  {
    re: /\b(?:ignora|ignorar|olvida)\s+(?:todas\s+)?las\s+instrucciones\s+(?:anteriores|previas)|\bignore[sz]?\s+(?:toutes\s+)?les\s+instructions\s+pr[ée]c[ée]dentes|\bignorier(?:e|en)?\s+(?:alle\s+)?(?:vorherigen|bisherigen|obigen)\s+anweisungen|\bignor[ae]\s+(?:todas\s+)?as\s+instru[çc][õo]es\s+anteriores|\bignora\s+(?:tutte\s+)?le\s+istruzioni\s+precedenti|忽略(?:之前|以上|先前|所有)的?(?:指令|说明|指示)|以前の指示を無視/i,
    severity: 'high',
  },
  { re: /\b(?:silently|secretly|covertly|quietly)\s+(?:read|send|forward|include|add|copy|call|pass|upload|change|replace)\b/i, severity: 'high' },
  {
    re: /<\s*\/?\s*(?:important|system|system[-_ ]?(?:prompt|message|instructions?)|instructions?|admin|hidden|secret|override|critical|mandatory|assistant[-_ ]?instructions?|prompt|context|directive)\s*>/i,
    severity: 'high',
  },
  {
    re: /\[\s*\/?(?:SYSTEM|INST|ADMIN|IMPORTANT)\s*\]|<<\s*\/?SYS\s*>>|<\|(?:im_start|im_end|system|assistant|user|endoftext)\|>|^#{1,4}\s*system\s*:?\s*$/im,
    severity: 'high',
  },
  {
    re: /\b(?:you\s+are\s+now\b|from\s+now\s+on,?\s+(?:you|always)\b|new\s+(?:system\s+)?instructions?\s*:|(?:this\s+is\s+an?\s+)?system\s+(?:override|instruction|directive)\s*:|act\s+as\s+(?:an?\s+)?(?:system|admin(?:istrator)?|root|developer\s+mode))/i,
    severity: 'high',
  },
  {
    re: /\b(?:otherwise|or\s+else|if\s+not)\b[^.\n]{0,30}?\b(?:the\s+)?(?:tool|system|server|application|app|call|function|computer)\s+(?:will|would|may|might)\s+(?:not\s+work|crash|fail|break|stop\s+working|be\s+(?:blocked|damaged))/i,
    severity: 'high',
  },
  { re: /\bif\s+you\s+(?:violate|ignore|break|skip|don'?t\s+follow)\b[^.\n]{0,60}?\b(?:crash|fail|break|not\s+work)/i, severity: 'high' },
  {
    re: /\bbefore\s+(?:using|calling|invoking|running|executing|answering|responding)\b[^.\n]{0,40}?\b(?:you\s+)?(?:must|need\s+to|have\s+to|are\s+required\s+to)\s+(?:first\s+)?(?:read|open|collect|gather|include|pass|send|load|cat|obtain|provide)\b/i,
    severity: 'medium',
  },
  { re: /<!--(?=[\s\S]{0,2000}?-->)[^>]{0,2000}?[A-Za-z]{3}/, severity: 'medium' },
];

export const hiddenInstructions: ScanRule = {
  id: 'hidden-instructions',
  check(_tool, texts) {
    const hits = matchPhrases(texts, PHRASES);
    for (const t of texts) {
      const at = t.name ? -1 : paddedPayload(t.text);
      if (at >= 0) hits.push({ severity: 'medium', excerpt: `[long blank stretch] ${around(t.text, at, 0, 0).replace(/^…/, '')}`, where: t.where });
    }
    return hits;
  },
};

/**
 * Where text resumes after a wall of whitespace (60 spaces in a row, or 12 line breaks) that
 * pushes it out of a UI's view; -1 when there is none. A loop, not a regex: a regex for this
 * backtracks for ever on a long blank string.
 */
function paddedPayload(text: string): number {
  let run = 0;
  let longest = 0;
  let breaks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0xa0) longest = Math.max(longest, ++run);
    else if (c === 0x0a || c === 0x0d) {
      run = 0;
      if (c === 0x0a) breaks++;
    } else {
      if (longest >= 60 || breaks >= 12) return i;
      run = longest = breaks = 0;
    }
  }
  return -1;
}
