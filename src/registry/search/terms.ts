// Text → search terms for the tool index: identifiers split where people see words (snake_case,
// kebab-case, dots, camelCase, digits), lower-cased, stop words dropped, and a light suffix
// stemmer so "files", "listing" and "listed" meet "file" and "list". The same function reads tool
// definitions and queries, so whatever it does to one it does to the other.

const STOP_WORDS = new Set(
  (
    'a an the and or but of to in on at by for from with without into onto about as is are was were be been being ' +
    'it its this that these those there here i me my mine we us our you your he she they them their ' +
    'do does did can could would should will shall may might must please want need like just also then than ' +
    'some any each every which what who whom whose when where how why if else so such via per'
  ).split(' '),
);

/** Splits an identifier or sentence into lower-case words: `listPullRequests` → list, pull, requests. */
export function words(text: string): string[] {
  const spaced = text
    // camelCase and PascalCase boundaries: aB → a B, ABc → A Bc
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    // letters and digits apart: s3bucket → s 3 bucket stays searchable by either part
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2')
    .replace(/([0-9])([a-zA-Z])/g, '$1 $2');
  const out: string[] = [];
  for (const w of spaced.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w) out.push(w);
  return out;
}

/**
 * A light English suffix stemmer (plural, -ing, -ed, a final e): enough for tool vocabulary, where
 * a heavy stemmer's errors ("folder" → "fold", "news" → "new") cost more than they find.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(ss|us|is)$/.test(w)) {
    // class, status, analysis: not plurals
  } else if (/(xes|ches|shes|sses|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s')) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = undouble(w.slice(0, -3));
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
  for (const w of words(text)) if (!STOP_WORDS.has(w)) out.push(stem(w));
  return out;
}
