// Text → search terms for the tool index: identifiers split where people see words (snake_case,
// kebab-case, dots, camelCase, digits), lower-cased, stop words dropped, and a light suffix
// stemmer so "files", "listing" and "listed" meet "file" and "list". The same function reads tool
// definitions and queries, so whatever it does to one it does to the other.

const STOP_WORDS = new Set(
  (
    'a an the and or but of to in on at by for from with without into onto about as is are was were be been being ' +
    'am it its this that these those there here i me my mine we us our you your he she they them their ' +
    'do does did can could would should will shall may might must please want need like just also then than ' +
    'some any each every which what who whom whose when where how why if else so such via per ' +
    'everything anything something nothing everyone anyone someone between among take'
  ).split(' '),
);

const OTHER_WORD_CHAR = /[\p{L}\p{N}]/u;

/** 0: not part of a word; 1: lower-case or uncased letter; 2: upper-case ASCII; 3: ASCII digit. */
function kindOf(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 97 && c <= 122) return 1;
  if (c >= 65 && c <= 90) return 2;
  if (c >= 48 && c <= 57) return 3;
  return c > 127 && OTHER_WORD_CHAR.test(text[i] as string) ? 1 : 0;
}

/** Characters `from` to `to` of `text`, lower-cased (from `folded`, its lower-cased copy, when that keeps every index in place). */
function cut(text: string, folded: string | undefined, from: number, to: number): string {
  return folded !== undefined ? folded.slice(from, to) : text.slice(from, to).toLowerCase();
}

/**
 * Splits an identifier or sentence into lower-case words: `listPullRequests` → list, pull, requests;
 * `getHTTPResponse` → get, http, response; `s3Bucket` → s, 3, bucket. A hyphenated pair with a short
 * part is also given joined ("to-do" → to, do, todo), so it meets the word written solid. One pass over the
 * characters: an index build reads every description, and regular expressions cost it most.
 */
export function words(text: string): string[] {
  const out: string[] = [];
  split(text, out, false);
  return out;
}

/**
 * A text none of whose words the character rules below would cut further: ASCII, no hyphen, and no
 * case or digit boundary inside a run of letters and digits ("create_issue_17", "Create issue (17)",
 * "JSON"). Its words are its runs, lower-cased, and native code finds them: tool names and titles,
 * thousands of them in one index build, are almost all like this.
 */
const NEEDS_RULES = /[^\x00-\x7f]|-|[a-z][A-Z]|[A-Z][A-Z][a-z]|[A-Za-z][0-9]|[0-9][A-Za-z]/;
const NOT_WORD = /[^a-z0-9]+/;

const NOT_WORDS = /[^a-z0-9]+/g;

/**
 * Whether two texts have the same words, as far as telling costs less than splitting them: false
 * when either needs the character rules. A tool's title often only spells out its name
 * ("Create issue (17)" for create_issue_17), and then the name's terms serve for both.
 */
export function sameWords(a: string, b: string): boolean {
  if (NEEDS_RULES.test(a) || NEEDS_RULES.test(b)) return false;
  return a.toLowerCase().replace(NOT_WORDS, ' ').trim() === b.toLowerCase().replace(NOT_WORDS, ' ').trim();
}

/**
 * Pushes the words of `text` to `out`, or with `asTerms` its terms (stop words dropped, stemmed).
 * The character rules are a function of their own, called for the few texts that need them: what
 * the optimising compiler makes of the common path stays small.
 */
function split(text: string, out: string[], asTerms: boolean): void {
  if (NEEDS_RULES.test(text)) return splitByRules(text, out, asTerms);
  const runs = text.toLowerCase().split(NOT_WORD);
  for (let i = 0; i < runs.length; i++) if ((runs[i] as string) !== '') emit(out, runs[i] as string, asTerms);
}

/** {@link split} character by character. */
export function splitByRules(text: string, out: string[], asTerms: boolean): void {
  const length = text.length;
  // Lower-case once and cut words from the copy, when lower-casing keeps every index in place.
  const folded = text.toLowerCase();
  const source = folded.length === length ? folded : undefined;
  let start = -1;
  let runStart = -1;
  let prev = 0;
  let lettersOnly = true;
  /** The letters-only run just before a hyphen, waiting to be joined to the run after it. */
  let hyphenated = '';
  for (let i = 0; i <= length; i++) {
    const kind = i < length ? kindOf(text, i) : 0;
    if (kind === 0) {
      if (start >= 0) emit(out, cut(text, source, start, i), asTerms);
      if (runStart >= 0) {
        const hyphen = i < length && text.charCodeAt(i) === 45;
        const run = lettersOnly && (hyphenated !== '' || hyphen) ? cut(text, source, runStart, i) : '';
        // Only a short part makes a compound ("to-do", "sub-task", "sign-in"); names such as
        // "search-objects" are two words, and joining them only adds noise.
        if (hyphenated !== '' && run !== '' && Math.min(hyphenated.length, run.length) <= 3) emit(out, hyphenated + run, asTerms);
        hyphenated = hyphen ? run : '';
      } else hyphenated = '';
      start = -1;
      runStart = -1;
      lettersOnly = true;
      prev = 0;
      continue;
    }
    if (kind === 3) lettersOnly = false;
    if (start < 0) {
      start = i;
      runStart = i;
    } else if (kind === 2 && (prev === 1 || prev === 3)) {
      emit(out, cut(text, source, start, i), asTerms);
      start = i;
    } else if (kind === 1 && prev === 2 && i - start >= 2 && kindOf(text, i - 2) === 2) {
      // "HTTPResponse": the last capital starts the next word
      emit(out, cut(text, source, start, i - 1), asTerms);
      start = i - 1;
    } else if ((kind === 3) !== (prev === 3)) {
      emit(out, cut(text, source, start, i), asTerms);
      start = i;
    }
    prev = kind;
  }
}

function emit(out: string[], word: string, asTerm: boolean): void {
  if (!asTerm) out.push(word);
  else {
    const term = termOf(word);
    if (term !== '') out.push(term);
  }
}

/**
 * A light English suffix stemmer (plural, -ing, -ed, a final e): enough for tool vocabulary, where
 * a heavy stemmer's errors ("folder" → "fold", "news" → "new") cost more than they find.
 */
export function stem(word: string): string {
  return stemUncached(word);
}

function stemUncached(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|us|is)$/.test(w)) {
    // class, status, analysis: not plurals
  } else if (/(xes|ches|shes|sses|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s')) w = w.slice(0, -1);
  // "aggregation" meets "aggregate", "validation" "validate"
  if (w.endsWith('ation') && w.length > 7) w = `${w.slice(0, -5)}at`;
  else if (w.endsWith('ing') && w.length > 5) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 4) w = undouble(w.endsWith('ied') ? `${w.slice(0, -3)}y` : w.slice(0, -2));
  // "create"/"created"/"creating" all meet at "creat"; "delete"/"deleting" at "delet"
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

/** The search terms of a text: words, stop words dropped, stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  split(text, out, true);
  return out;
}

/** Pushes the words of a text to `out` (an index's scratch list: no list per text), for {@link termOf}. */
export function wordsInto(text: string, out: string[]): void {
  split(text, out, false);
}

/** A word's term, `''` for a stop word: tool texts use few distinct words, so each is looked up once. */
export function termOf(word: string): string {
  let term = wordTerms.get(word);
  if (term === undefined) {
    term = STOP_WORDS.has(word) ? '' : stemUncached(word);
    // Vocabulary is bounded in practice; the cap keeps a stream of unique junk from growing it forever.
    if (wordTerms.size < 50_000) wordTerms.set(word, term);
  }
  return term;
}

const wordTerms = new Map<string, string>();
