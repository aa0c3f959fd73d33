// Claims the pages make about the package, checked against the package itself: the number of
// runtime dependencies (written as a word or in digits) and, where the pages list them, their names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** "six" → 6, "12" → 12, "Five" → 5; undefined for anything else. */
export function parseCount(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  const i = WORDS.indexOf(word.toLowerCase());
  return i >= 0 ? i : undefined;
}

function pages(): string[] {
  const out = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md'].map((f) => join(repoRoot, f));
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const f = join(d, n);
      if (statSync(f).isDirectory()) walk(f);
      else if (n.endsWith('.md')) out.push(f);
    }
  };
  walk(join(repoRoot, 'docs'));
  return out;
}

test('number words parse', () => {
  assert.deepEqual(['six', 'Five', '12', 'zero', 'many', 'sixty'].map(parseCount), [6, 5, 12, 0, undefined, undefined]);
});

test('the runtime dependency count (and names) the pages state match package.json', () => {
  const deps = Object.keys((JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies).sort();
  let claims = 0;
  for (const file of pages()) {
    const text = readFileSync(file, 'utf8').replace(/\s+/g, ' ');
    for (const m of text.matchAll(/\b(\w+) (?:small )?runtime dependenc(?:y|ies)(?: \(([^)]*)\))?/gi)) {
      const count = parseCount(m[1]);
      if (count === undefined) continue;
      claims++;
      const where = `${relative(repoRoot, file)}: "${m[0]}"`;
      assert.equal(count, deps.length, `${where} says ${count}; package.json has ${deps.length}: ${deps.join(', ')}`);
      const named = [...(m[2] ?? '').matchAll(/`([^`]+)`/g)].map((n) => n[1]).sort();
      if (named.length > 0) assert.deepEqual(named, deps, `${where} names other packages than package.json`);
    }
  }
  assert.ok(claims >= 2, `found ${claims} claims; the README states the count`);
});
