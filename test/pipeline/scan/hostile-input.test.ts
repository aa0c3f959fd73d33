// A hostile server controls every string the scanner reads: long blank stretches, runs without a
// separator, thousands of comment openers. Each rule must stay linear, or a server hangs the client
// at start (a padding regex once backtracked for minutes on 50,000 spaces).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanTool } from '../../../src/pipeline/scan/scan.js';

const N = 100_000;
const SHAPES: Record<string, string> = {
  spaces: ' '.repeat(N),
  'line breaks and spaces': '\n '.repeat(N / 2),
  letters: 'a'.repeat(N),
  'base64-like': 'ab1/'.repeat(N / 4),
  'dots and ats': 'x.y@'.repeat(N / 4),
  'zero-width': '\u200b'.repeat(N),
  'comment openers': '<!-- a'.repeat(N / 6),
  'tag openers': '<a'.repeat(N / 2),
  dashes: '-'.repeat(N),
  'repeated orders': 'do not tell when x_y is called '.repeat(N / 31),
};

test('every rule stays fast on hostile strings of 100,000 characters (in the description and in a default)', () => {
  for (const [label, text] of Object.entries(SHAPES)) {
    const started = performance.now();
    scanTool({ name: 't', description: text, inputSchema: { type: 'object', properties: { p: { type: 'string', default: text } } } }, { server: 's' });
    const ms = performance.now() - started;
    assert.ok(ms < 3000, `${label}: ${Math.round(ms)} ms`);
  }
});
