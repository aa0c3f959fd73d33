// Requirement ids (`LIFE-3`, `SCHEMA-5`...) cited by tests and comments must be findable from the
// repository: every id cited in test/, src/, protocol/ or conformance/ is defined in
// docs/requirements.md, with a link to the spec section (issue 10). A new citation therefore
// comes with its row, and a typo in an id fails here instead of pointing nowhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoFiles } from '../helpers/repo-files.js';
import { repoRoot } from '../helpers/paths.js';

const DOC = join(repoRoot, 'docs', 'requirements.md');
const SCANNED = ['test', 'src', 'protocol', 'conformance'];
const SKIPPED_DIRS = new Set(['node_modules', 'harness', 'results']);
const TEXT = /\.(ts|mts|cts|js|mjs|cjs|json|jsonl|ya?ml|md)$/;

interface Row {
  id: string;
  level: string;
  meaning: string;
  revisions: string;
  spec: string;
}

function rows(): Row[] {
  const out: Row[] = [];
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    const cells = /^\| ([A-Z]+-\d+) \|/.test(line)
      ? line
          .slice(1, -1)
          .split(/(?<!\\)\|/)
          .map((c) => c.trim())
      : undefined;
    if (cells) out.push({ id: cells[0]!, level: cells[1] ?? '', meaning: cells[2] ?? '', revisions: cells[3] ?? '', spec: cells[4] ?? '' });
  }
  return out;
}

/** Every `AREA-n` citation in a text, for the areas docs/requirements.md defines. */
function citations(text: string, areas: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b([A-Z]+)-(\d+)\b/g)) if (areas.has(m[1]!)) found.push(m[0]);
  return found;
}

test('docs/requirements.md defines each id once, with a level, a meaning, revisions and a spec link', () => {
  const all = rows();
  assert.ok(all.length >= 200, `expected the whole client checklist, found ${all.length} rows`);
  const seen = new Set<string>();
  for (const row of all) {
    assert.ok(!seen.has(row.id), `${row.id} is defined twice`);
    seen.add(row.id);
    assert.ok(row.level && row.meaning && row.revisions, `${row.id} lacks a level, meaning or revisions`);
    assert.match(row.spec, /\]\(https:\/\/modelcontextprotocol\.io\/[^)\s]+\)$/, `${row.id} lacks a link to modelcontextprotocol.io`);
  }
});

test('every requirement id cited in test/, src/, protocol/ and conformance/ is defined in docs/requirements.md', () => {
  const defined = new Set(rows().map((r) => r.id));
  const areas = new Set([...defined].map((id) => id.slice(0, id.lastIndexOf('-'))));
  const undefinedIds: string[] = [];
  let count = 0;
  for (const top of SCANNED) {
    for (const file of repoFiles(join(repoRoot, top), SKIPPED_DIRS, TEXT)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const id of citations(line, areas)) {
            count += 1;
            if (!defined.has(id)) undefinedIds.push(`${relative(repoRoot, file)}:${i + 1} cites ${id}`);
          }
        });
    }
  }
  assert.ok(count > 100, `expected the codebase's citations, found ${count}`);
  assert.deepEqual(undefinedIds, [], `cited but not defined in docs/requirements.md (add a row there):\n${undefinedIds.join('\n')}`);
});

test('the citation scan finds ids of known areas and leaves other dashed words alone', () => {
  const areas = new Set(['LIFE', 'HTTP']);
  const made = ['LIFE', '999'].join('-');
  assert.deepEqual(citations(`covers ${made} and HTTP-7, not UTF-8, SEP-1034 or X-LIFE-3x`, areas), [made, 'HTTP-7']);
});
