// exfiltration: a definition that has the model send data somewhere: an address (URL, e-mail,
// phone number, IP) next to a verb of sending, a blind copy added to mail, or the conversation
// itself (its history, the system prompt) to be passed on.
import { around } from '../excerpt.js';
import type { RuleHit, ScanRule } from '../types.js';
import { sentences } from './credentials.js';

const DESTINATION =
  /\bhttps?:\/\/[^\s'"`<>)]+|\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\b|(?:^|[\s(:'"])\+\d[\d\s-]{7,}\d\b|\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b|\b(?:webhook\.site|requestbin|pipedream\.net|ngrok(?:-free)?\.(?:io|app)|burpcollaborator|interact\.sh|pastebin\.com|oast\.\w+)\b/i;
const SEND =
  /\b(?:send|sends|sending|sent|forward|forwarded|forwarding|upload|uploaded|uploading|post|posted|posting|transmit|transmitted|exfiltrate|e-?mail|mail|cc|bcc|report|sync|synced|leak|relay|share|shared|sharing|submit|redirect|route|deliver|delivered|beacon|copy|copied|log|push)\b/i;
// What an attacker wants passed on: the conversation, the prompt, the user's data.
const CONTEXT =
  /\b(?:pass|include|send|provide|append|put|add|copy|paste|give|supply|share|repeat|forward|attach|insert|dump|list|write|enter|fill)\b[^.\n]{0,80}?\b(?:(?:full|entire|complete|whole|previous|prior|past|recent|last)\s+(?:conversation|chat|message)s?(?:\s+history)?|(?:conversation|chat)\s+history|all\s+(?:(?:previous|prior|earlier|past|recent|last)\s+)?messages|(?:your|the)\s+system\s+prompt|(?:your|the)\s+(?:hidden\s+)?instructions)\b/i;
const BLIND_COPY = /\b(?:always\s+)?(?:add|include|set|put)\s+(?:a\s+)?(?:bcc|cc|blind\s+(?:carbon\s+)?copy)\b/i;
// Addresses meant as examples or placeholders, not destinations.
const PLACEHOLDER = /(?:example\.(?:com|org|net)|localhost|127\.0\.0\.1|0\.0\.0\.0|your[-_]?domain|\{[^}]*\}|<[^>]*>)/i;

export const exfiltration: ScanRule = {
  id: 'exfiltration',
  check(_tool, texts) {
    const hits: RuleHit[] = [];
    for (const t of texts) {
      if (t.name) continue;
      const c = CONTEXT.exec(t.text);
      if (c) {
        hits.push({ severity: 'high', excerpt: around(t.text, c.index, c[0].length), where: t.where });
        continue;
      }
      const b = BLIND_COPY.exec(t.text);
      if (b) {
        hits.push({ severity: 'high', excerpt: around(t.text, b.index, b[0].length), where: t.where });
        continue;
      }
      for (const s of sentences(joinAddresses(t.text))) {
        const sentence = t.text.slice(s.start, s.start + s.text.length);
        const d = DESTINATION.exec(sentence);
        if (!d || PLACEHOLDER.test(d[0]) || !SEND.test(sentence.replace(d[0], ' '))) continue;
        hits.push({ severity: 'high', excerpt: around(t.text, s.start + d.index, d[0].length), where: t.where });
        break;
      }
    }
    return hits;
  },
};

// Sentences split at dots, so the dots of URLs and addresses are masked first (same length, so
// offsets still point into the original).
function joinAddresses(text: string): string {
  return text.replace(/\S+/g, (w) => (/[.@]./.test(w) ? w.slice(0, -1).replace(/\./g, '\u2024') + w.slice(-1) : w));
}
