// The tokeniser's two paths give the same words: plain texts (ASCII runs with no case or digit
// boundary inside, no hyphen: most tool names and titles) are split by native code, the rest by the
// character rules, and the split must never depend on which one ran. A title is counted on its
// tool's name only when the two have the same words.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sameWords, splitByRules, terms, words } from '../../src/registry/search/terms.js';

function byRules(text: string): string[] {
  const out: string[] = [];
  splitByRules(text, out, false);
  return out;
}

// Characters that meet every rule: cases, digits, separators, the hyphen, letters and digits outside ASCII.
const anyText = fc
  .array(fc.constantFrom('a', 'b', 'z', 'A', 'B', 'Z', '0', '7', '_', ' ', '.', '(', ')', '-', ':', "'", 'é', 'Ü', 'ß', '٣', '\t'), { maxLength: 24 })
  .map((c) => c.join(''));
// Texts shaped like names and titles, which mostly take the native path.
const run = fc.oneof(
  fc.constantFrom('create', 'issue', 'pull', 'request', 'the', 'files', 'listing', 'take'),
  fc.constantFrom('Create', 'Issue', 'JSON', 'URL', 'ID'),
  fc.integer({ min: 0, max: 5000 }).map(String),
);
const plainText = fc
  .array(fc.tuple(run, fc.constantFrom('_', ' ', '.', ' (', ') ', ', ', '/', ':')), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.map(([r, sep]) => r + sep).join(''));

describe('search terms: the native path and the character rules', () => {
  it('split every text into the same words (property)', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, plainText), (text) => {
        assert.deepEqual(words(text), byRules(text), JSON.stringify(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the rules where a plain split would be wrong', () => {
    for (const text of ['listPullRequests', 'getHTTPResponse', 's3Bucket', 'a to-do list', 'v2', '3d', 'café crème', 'JSONData'])
      assert.deepEqual(words(text), byRules(text), text);
    assert.deepEqual(words('Create pull request (17)'), ['create', 'pull', 'request', '17']);
  });

  it('counts a title on the name only when both have the same words (property)', () => {
    assert.equal(sameWords('create_pull_request_17', 'Create pull request (17)'), true);
    assert.equal(sameWords('create_issue', 'Create an issue'), false);
    fc.assert(
      fc.property(fc.oneof(anyText, plainText), fc.oneof(anyText, plainText), (a, b) => {
        if (sameWords(a, b)) {
          assert.deepEqual(words(a), words(b));
          assert.deepEqual(terms(a), terms(b));
        }
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(plainText, (a) => {
        const b = a.toUpperCase().replace(/_/g, ' ');
        // Upper-casing can join a word to the next ("Create" + "JSON" stays two, "id" + "URL" too),
        // so only the claim matters: when it says same, the words are the same.
        if (sameWords(a, b)) assert.deepEqual(terms(a), terms(b));
      }),
    );
  });
});
