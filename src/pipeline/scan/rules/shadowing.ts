// shadowing: a definition that tells the model how some OTHER tool must behave (the Invariant Labs
// send_email and WhatsApp cases: "when send_email is called, always add...", "change the recipient
// to..."), that reroutes every message or command, or that puts itself in front of every other
// tool. Naming the server's own tools is ordinary documentation; naming someone else's is not.
import { around } from '../excerpt.js';
import type { ScanContext, ScanRule } from '../types.js';
import { sentences } from './credentials.js';
import { matchPhrases, type Phrase } from './patterns.js';

const DIRECTIVE =
  /\b(?:must|always|never|make\s+sure|ensure|change|replace|override|redirect|add|set|send|forward|copy|route|pass|include|instead|prefix|should|shall|has\s+to|have\s+to|need\s+to|needs\s+to|do\s+not|don'?t|first|silently)\b/i;
// "when X is called", "whenever X is invoked", "if X is available": X named as a trigger.
const TRIGGER =
  /\b(?:when|whenever|if|each\s+time|every\s+time|once|after|before)\s+(?:the\s+|any\s+|a\s+)?(?:tool\s+)?[`'"]?([A-Za-z][\w.:/-]*)[`'"]?\s+(?:tool\s+|function\s+)?(?:is\s+|gets\s+|has\s+been\s+|are\s+)?(?:called|invoked|used|run|executed|available|triggered|present|loaded)\b/gi;
// "the X tool must ...": X told what to do.
const TOLD = /\b(?:the\s+)?[`'"]?([A-Za-z][\w.:/-]*)[`'"]?\s+(?:tool|function)\s+(?:must|should|shall|needs?\s+to|has\s+to|will\s+now|is\s+to)\b/gi;
// "instead of using X", "never call X".
const DISPLACED =
  /\b(?:instead\s+of(?:\s+(?:using|calling|invoking))?|rather\s+than(?:\s+(?:using|calling))?|(?:never|do\s+not|don'?t)\s+(?:use|call|invoke))\s+(?:the\s+)?[`'"]?([A-Za-z][\w.:/-]*)/gi;
const SELF = /^(?:this|that|the|it|a|an|any|each|every|other|another|tool|function|one|these|those|them)$/i;

const PHRASES: readonly Phrase[] = [
  {
    re: /\b(?:change|replace|set|redirect|override|swap)\s+(?:the\s+)?(?:recipient|recipients|destination|to[-\s]address|e-?mail\s+address|phone\s+number|account(?:\s+number)?|target|endpoint|amount|iban|wallet(?:\s+address)?)(?:\s+[\w-]+){0,2}?\s+(?:to|with|into)\b/i,
    severity: 'high',
  },
  {
    re: /\b(?:all|every|any|each)\s+(?:outgoing\s+|other\s+)?(?:e-?mails?|messages?|mails?|payments?|transactions?|transfers?|commands?|requests?|queries|calls?)\s+(?:must|should|shall|will|need\s+to|have\s+to)\s+(?:also\s+)?(?:be\s+)?(?:sent|go|forwarded|routed|redirected|copied|cc'?d|bcc'?d|prefixed|include|contain|be\s+sent)\b/i,
    severity: 'high',
  },
  {
    re: /\bprefix\s+(?:all|every|any|each)\s+(?:\w+\s+)?commands?\b|\b(?:when|before)\s+(?:executing|running|issuing)\s+(?:any\s+)?(?:shell|terminal|bash|system)\s+commands?\b/i,
    severity: 'high',
  },
  {
    re: /\b(?:must|should|has\s+to|needs\s+to)\s+(?:always\s+)?be\s+(?:called|used|run|invoked|executed)\s+(?:before|after|instead\s+of|prior\s+to)\s+(?:any|every|all|each)\s+(?:other\s+)?(?:tools?|calls?|actions?|functions?)\b/i,
    severity: 'high',
  },
  {
    re: /\b(?:always\s+)?(?:call|use|run|invoke)\s+this\s+(?:tool|function)\s+(?:first\s+)?(?:before|after|instead\s+of)\s+(?:any|every|all|each)\s+other\b/i,
    severity: 'high',
  },
  { re: /\b(?:all|any|every)\s+other\s+(?:tools?|servers?|functions?)\s+(?:must|should|shall|are\s+to|need\s+to)\b/i, severity: 'high' },
  { re: /\b(?:never|do\s+not|don'?t)\s+(?:use|call)\s+(?:any\s+)?other\s+(?:\w+\s+)?(?:tools?|servers?)\b/i, severity: 'high' },
  { re: /\b(?:prefer(?:red)?|favou?r)\s+this\s+(?:tool|function)\s+over\s+(?:all|any|every|other)\b/i, severity: 'medium' },
];

export const shadowing: ScanRule = {
  id: 'shadowing',
  check(tool, texts, context) {
    const hits = matchPhrases(
      texts.filter((t) => !t.name),
      PHRASES,
    );
    // The tool's own parameters are named in its documentation as freely as its server's tools.
    const own = { ...context, ownTools: new Set([...context.ownTools, ...texts.filter((t) => t.name).map((t) => t.text)]) };
    for (const t of texts) {
      if (t.name) continue;
      for (const s of sentences(t.text)) {
        const named = foreignTool(s.text, tool.name, own);
        if (named) hits.push({ severity: 'high', excerpt: around(t.text, s.start + named.index, named.length), where: t.where });
      }
    }
    return hits;
  },
};

/** A tool other than this server's named in `sentence` as a trigger or told what to do, with a directive. */
function foreignTool(sentence: string, self: string, context: ScanContext): { index: number; length: number } | undefined {
  if (!DIRECTIVE.test(sentence)) return undefined;
  for (const re of [TRIGGER, TOLD, DISPLACED]) {
    re.lastIndex = 0;
    for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
      const name = m[1]!.replace(/[.:]+$/, '');
      if (SELF.test(name) || name === self || isOwn(name, context)) continue;
      if (!context.siblingsKnown && !context.otherTools.has(name)) continue;
      // A plain word ("search", "done") is a verb more often than a tool: a name counts when it looks like one.
      if (!/[_\-.:/]|[a-z][A-Z]/.test(name) && !context.otherTools.has(name)) continue;
      // "Use this instead of X" is how a server points away from a tool it does not know: it counts when X is another server's.
      if (re === DISPLACED && /^(?:instead|rather)/i.test(m[0]) && !context.otherTools.has(name)) continue;
      return { index: m.index, length: m[0].length };
    }
  }
  // Any other server's tool named in a sentence that gives an order (looked up word by word: a
  // config may hold hundreds of tools).
  const words = /[A-Za-z][\w-]*/g;
  for (let w = words.exec(sentence); w; w = words.exec(sentence)) {
    const other = w[0];
    if (other.length < 5 || !context.otherTools.has(other) || isOwn(other, context) || !/[_-]|[a-z][A-Z]/.test(other)) continue;
    return { index: w.index, length: other.length };
  }
  return undefined;
}

// A server's own tool may be written with a server prefix (`mcp_whatsapp_send_message`): the bare tail counts.
function isOwn(name: string, context: ScanContext): boolean {
  if (context.ownTools.has(name)) return true;
  for (const own of context.ownTools) if (name.endsWith(`_${own}`) || name.endsWith(`.${own}`) || name.endsWith(`:${own}`)) return !context.otherTools.has(own);
  return false;
}
