// The README's examples run as written: every ```js block marked `<!-- readme-test: NAME -->` is
// executed from the repository root, importing the package by its own name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../helpers/paths.js';

const selfImport = pathToFileURL(join(repoRoot, 'test', 'fixtures', 'self-import', 'register.mjs')).href;
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/<!-- readme-test: ([\w-]+) -->\s*```js\n([\s\S]*?)```/g)];

test('the README has runnable examples', () => {
  assert.ok(blocks.length >= 2, `found ${blocks.length}`);
});

for (const [, name, code] of blocks) {
  test(`README example "${name}" runs`, () => {
    // `import 'mcp-bridge'` resolves to the tsc build in dist/ through a resolve hook, as the other
    // tests use it (the package's exports point at the bundle, which only npm pack builds).
    const dir = join(repoRoot, 'dist', 'readme-examples');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}.mjs`);
    writeFileSync(file, code);
    const r = spawnSync(process.execPath, ['--import', selfImport, file], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, `exit ${r.status}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`);
    assert.ok(r.stdout.trim().length > 0);
  });
}

// The CLI examples: every `mcp-bridge ...` line of a ```sh block marked `<!-- readme-cli: NAME -->`
// runs against the tsc build from the repository root and must exit 0 with some output.
const cliBlocks = [...readme.matchAll(/<!-- readme-cli: ([\w-]+) -->\s*```sh\n([\s\S]*?)```/g)];
const cliMain = join(repoRoot, 'dist', 'src', 'cli', 'main.js');

for (const [, name, code] of cliBlocks) {
  test(`README CLI example "${name}" runs`, () => {
    for (const line of code.split('\n').filter((l) => l.startsWith('mcp-bridge '))) {
      // Words split on spaces; "" is an empty argument (enough for the examples, no shell needed).
      const words = line
        .split(' ')
        .slice(1)
        .map((w) => (w === '""' ? '' : w));
      const r = spawnSync(process.execPath, [cliMain, ...words], { cwd: repoRoot, encoding: 'utf8', timeout: 90_000 });
      assert.equal(r.status, 0, `${line}\nexit ${r.status}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`);
      assert.ok((r.stdout + r.stderr).trim().length > 0, line);
    }
  });
}
