// credential-access: a definition that sends the model after secrets: key files, host and cloud
// credentials, MCP client configs (which hold other servers' tokens), shell history; or that asks
// it to read a file and put its content into an argument.
import { nameWords } from '../fields.js';
import { around } from '../excerpt.js';
import type { RuleHit, ScanRule } from '../types.js';

// Places that hold credentials and have no business in a tool's documentation: named at all, they are worth a look.
const STRONG = new RegExp(
  [
    String.raw`(?:~|\$HOME|%USERPROFILE%|/home/\w+|/Users/\w+|/root)?/\.ssh\b`,
    String.raw`(?:^|[\s'"\x60(])\.ssh/`,
    String.raw`\bid[_ ](?:rsa|dsa|ecdsa|ed25519)\b`,
    String.raw`\bauthorized[_ ]keys\b`,
    String.raw`\bmcp\.json\b`,
    String.raw`\bclaude[_ ]desktop[_ ]config(?:\.json)?\b`,
    String.raw`\.cursor/`,
    String.raw`\.aws/(?:credentials|config)\b`,
    String.raw`\baws[_ ](?:secret[_ ]access[_ ]key|credentials)\b`,
    String.raw`\.(?:npmrc|pypirc|netrc|pgpass|git-credentials|bash_history|zsh_history)\b`,
    String.raw`\.docker/config\.json\b`,
    String.raw`\.gnupg\b`,
    String.raw`/etc/(?:shadow|sudoers)\b`,
    String.raw`\bapplication_default_credentials\.json\b`,
    String.raw`\b(?:seed\s+phrase|wallet\.dat|mnemonic\s+phrase)\b`,
    String.raw`\b(?:AWS_SECRET_ACCESS_KEY|OPENAI_API_KEY|ANTHROPIC_API_KEY|GITHUB_TOKEN|GH_TOKEN|SLACK_BOT_TOKEN|STRIPE_SECRET_KEY)\b`,
  ].join('|'),
  'i',
);
// Places that hold credentials but also come up in honest documentation (a search tool's example
// patterns, a key fingerprint): only with a verb of getting at them.
const WEAK = new RegExp(
  [
    String.raw`\bssh\s+(?:private\s+)?keys?\b`,
    String.raw`(?:^|[\s'"\x60(/~])\.env(?:\.(?:local|production|prod|dev|development))?(?![\w.-])`,
    String.raw`\.kube/config\b`,
    String.raw`/etc/passwd\b`,
    String.raw`\b(?:login\s+)?keychain\b`,
    String.raw`\bprivate\s+keys?\b`,
    String.raw`\bdotenv\b`,
  ].join('|'),
  'i',
);
// Said to be refused or kept out: a tool documenting its own guard rails.
const NEGATED =
  /\b(?:rejected|refused|not\s+allowed|forbidden|excluded|denied|blocked|never|do\s+not|don'?t|must\s+not|avoid|without|prevent\w*|protect\w*)\b/i;
// Verbs of getting at something, near a sensitive name.
const ACCESS =
  /\b(?:read|reads|reading|open|cat|load|access|include|including|pass|passing|send|upload|provide|attach|append|content|contents|copy|extract|steal|get|fetch|collect|retrieve|grab|dump|print|output|concat\w*)\b/i;
// Generic secrets, only suspicious when they are to go into an argument.
const SECRET_WORD =
  /\b(?:api[\s_-]?keys?|access[\s_-]?tokens?|auth(?:entication)?[\s_-]?tokens?|secrets?|passwords?|passphrases?|credentials?|private[\s_-]?keys?|session[\s_-]?cookies?|cookies|environment\s+variables|env\s+vars?)\b/i;
const INTO_ARGUMENT =
  /\b(?:pass|include|put|add|append|attach|insert|send|provide|supply|place|copy|paste)\b[^.\n]{0,60}?\b(?:as|in|into|to|inside|within)\s+(?:the\s+|its\s+|this\s+|a\s+)?['"\x60]?[\w-]+['"\x60]?\s*(?:parameter|param|argument|arg|field|property|input|value|note|sidenote)?\b/i;
// "read <something> and pass its content as 'x'": the Invariant Labs shape, whatever the file.
const READ_AND_PASS =
  /\b(?:read|open|cat|load|fetch)\b[^.\n]{0,80}?\b(?:and|then)\s+(?:pass|include|put|send|provide|append|insert|add|copy)\s+(?:its|their|the)\s+(?:full\s+|entire\s+|complete\s+|whole\s+)?(?:content|contents|text|value|data)\b/i;

/** Texts read as structure (a property name, a default, an enum or const value) rather than prose. */
function structural(where: string, name: boolean | undefined): boolean {
  return name === true || /\.(?:default|enum|const|examples)(?:\[|$)/.test(where) || /\.(?:default|const)\./.test(where);
}

export const credentialAccess: ScanRule = {
  id: 'credential-access',
  check(_tool, texts) {
    const hits: RuleHit[] = [];
    for (const t of texts) {
      const text = t.name ? nameWords(t.text) : t.text;
      const m = STRONG.exec(text) ?? WEAK.exec(text);
      if (m) {
        const near = text.slice(Math.max(0, m.index - 80), m.index + m[0].length + 80);
        const strong = STRONG.test(m[0]) || STRONG.test(text);
        const severity = ACCESS.test(near) || structural(t.where, t.name) ? 'high' : strong ? 'medium' : undefined;
        if (severity !== undefined && !NEGATED.test(text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30))) {
          hits.push({ severity, excerpt: around(text, m.index, m[0].length), where: t.where });
          continue;
        }
      }
      const r = READ_AND_PASS.exec(text);
      if (r) {
        hits.push({ severity: 'high', excerpt: around(text, r.index, r[0].length), where: t.where });
        continue;
      }
      for (const sentence of sentences(text)) {
        const s = SECRET_WORD.exec(sentence.text);
        if (
          s &&
          !NEGATED.test(sentence.text) &&
          INTO_ARGUMENT.test(sentence.text) &&
          /\b(?:read|get|find|look\s+up|collect|gather|obtain|retrieve|extract|your|user'?s|all)\b/i.test(sentence.text)
        ) {
          hits.push({ severity: 'high', excerpt: around(text, sentence.start + s.index, s[0].length), where: t.where });
          break;
        }
      }
    }
    return hits;
  },
};

/** The sentences of `text` (split at . ! ? and line breaks), with where each starts. */
export function sentences(text: string): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  const re = /[^.!?\n]+(?:[.!?]+|\n|$)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].trim() !== '') out.push({ text: m[0], start: m.index });
    if (m[0] === '') re.lastIndex++;
  }
  return out;
}
