// A clone stands alone: nothing the tests, scripts, benchmarks or conformance suite read may lie
// outside the repository (issue 9). The official schemas are carried in conformance/schemas and
// pinned by hash, so an accidental edit of the test data shows up as a failing test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoFiles } from '../helpers/repo-files.js';
import { repoRoot, schemasDir } from '../helpers/paths.js';

const SCANNED = ['src', 'protocol', 'test', 'conformance', 'bench', 'scripts', '.ci'];
const SKIPPED_DIRS = new Set(['node_modules', 'results', 'schemas']);
const TEXT = /\.(ts|mts|cts|js|mjs|cjs|json|jsonl|ya?ml|md|sh)$|^run$/;

// Built from pieces so that this file does not match itself.
const dotdot = '\\.\\.';
const OUTSIDE: Array<[RegExp, string]> = [
  [new RegExp(`${dotdot}[\\\\/]shared\\b`), 'names the shared folder beside the repository'],
  [new RegExp(`'${dotdot}',\\s*'shared'`), 'joins a path to the shared folder beside the repository'],
  [new RegExp(`\\b(repoRoot|repositoryRoot|root)\\s*,\\s*'${dotdot}'`), 'resolves a path above the repository root'],
  [new RegExp(['/w', 'ork/'].join('') + '|' + ['/tmp/bash', '_jobs'].join('')), 'names a path of one machine'],
];

test('no file the checks read names a path outside the repository', () => {
  const offenders: string[] = [];
  for (const top of SCANNED) {
    for (const file of repoFiles(join(repoRoot, top), SKIPPED_DIRS, TEXT)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const [pattern, why] of OUTSIDE)
          if (pattern.test(line)) offenders.push(`${relative(repoRoot, file)}:${i + 1} ${why}: ${line.trim().slice(0, 120)}`);
      });
    }
  }
  assert.deepEqual(offenders, [], `files refer to places outside the repository:\n${offenders.join('\n')}`);
});

test('the scan itself catches a reference to the shared folder', () => {
  const up = "'..'";
  const sample = `readFileSync(join(repoRoot, ${up}, 'shared', 'mcp-schema'))`;
  assert.ok(OUTSIDE.some(([p]) => p.test(sample)));
  assert.ok(OUTSIDE.some(([p]) => p.test('see ' + '..' + '/shared/spec-checklist.md')));
});

/** sha256 of each official schema as copied from upstream (see conformance/schemas/README.md). */
const PINNED: Record<string, string> = {
  '2024-11-05': '61cea2392d4f284092d09bc84b9ac488c0d5618ac2b38a56942fc5b99fd960ce',
  '2025-03-26': 'e720669548c8100a4282c49e580efd6ddf7f28899ea786fc8db251dbdb356131',
  '2025-06-18': 'af845e7e5b9d27107d1690f0936022546177a1403e63ffb11470135b296a2e01',
  '2025-11-25': '268a5f82ba70fd7e4b6dc4aa1e64f116f74b4d0edcb69dc046829c79dd4e97e7',
  '2026-07-28': 'ef70b61f99b6d2e5e3b46863822eab08dff6a45bedc7a08914e0e5b133f40203',
};

test("the repository carries every revision's official schema, unmodified, with its licence", () => {
  for (const [version, sha] of Object.entries(PINNED)) {
    const bytes = readFileSync(join(schemasDir, version, 'schema.json'));
    assert.equal(createHash('sha256').update(bytes).digest('hex'), sha, `conformance/schemas/${version}/schema.json differs from the upstream copy`);
  }
  const licence = readFileSync(join(schemasDir, 'LICENSE'), 'utf8');
  assert.match(licence, /Apache License/);
  assert.match(readFileSync(join(schemasDir, 'README.md'), 'utf8'), /b0f60ba5409db7a6582440a7b473cc0398890f15/);
});
