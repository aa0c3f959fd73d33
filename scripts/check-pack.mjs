#!/usr/bin/env node
// Checks what `npm pack` would publish against scripts/pack-files.txt, so any change to the tarball
// shows up as a reviewed diff of that list. Chunk file names carry a content hash, written `[hash]`
// in the list (one line per chunk name). `--update` rewrites the list from the current tarball.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LIST = 'scripts/pack-files.txt';
const HEADER =
  '# Every file `npm pack` publishes (checked by scripts/check-pack.mjs in .ci/run).\n# Refresh with `npm run pack:check -- --update` and review the diff.\n';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// prepack builds the bundle and the declarations; its output goes to stderr, the JSON to stdout.
const out = execFileSync(npm, ['pack', '--dry-run', '--json', '--loglevel=error'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const files = JSON.parse(out)[0].files.map((f) => f.path);
const actual = [...new Set(files.map((p) => p.replace(/-[A-Za-z0-9_-]{8}(\.js|\.d\.ts)$/, '-[hash]$1')))].sort();

const forbidden = files.filter((p) => p.endsWith('.map') || (p.endsWith('.ts') && !p.endsWith('.d.ts')) || /(^|\/)(test|conformance|bench)\//.test(p));
if (forbidden.length > 0) {
  console.error(`pack: the tarball holds files that must not ship:\n  ${forbidden.join('\n  ')}`);
  process.exit(1);
}
if (process.argv.includes('--update')) {
  writeFileSync(LIST, HEADER + actual.join('\n') + '\n');
  console.log(`pack: wrote ${actual.length} entries to ${LIST}`);
  process.exit(0);
}
const expected = readFileSync(LIST, 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'));
const added = actual.filter((p) => !expected.includes(p));
const removed = expected.filter((p) => !actual.includes(p));
if (added.length > 0 || removed.length > 0) {
  console.error(`pack: the tarball differs from ${LIST} (run \`npm run pack:check -- --update\` if the change is intended):`);
  for (const p of added) console.error(`  + ${p}`);
  for (const p of removed) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(`pack: ${files.length} files, as ${LIST} lists`);
