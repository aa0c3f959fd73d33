// The examples of README.md and docs/ run as written (see doc-blocks.ts for the markers): the
// TypeScript ones are type-checked together with tsc against the build's declarations, then run
// in a folder standing for the reader's app with `import 'mcp-bridge'` resolved to dist/; the outputs the pages show
// in `// prints:` comments are compared; every `mcp-bridge` line of a CLI example runs; every config
// example loads and starts. A TypeScript or JavaScript block with no marker fails the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseConfig } from '../../src/index.js';
import { repoRoot } from '../helpers/paths.js';
import { docBlocks, localise, shownOutputs } from './doc-blocks.js';

const selfImport = pathToFileURL(join(repoRoot, 'test', 'fixtures', 'self-import', 'register.mjs')).href;
const cliMain = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const work = join(repoRoot, 'dist', 'doc-examples');
// The examples run in a folder standing for the reader's app: its package.json, and the config
// files the pages show (each `readme-config` block under its name).
const app = join(work, 'app');
const blocks = docBlocks();
const examples = blocks.filter((b) => b.kind === 'readme-test' || b.kind === 'typecheck-only');

test('the docs have runnable examples, and every TypeScript/JavaScript block is tested or says why not', () => {
  assert.ok(examples.length >= 10, `found ${examples.length}`);
  const unmarked = blocks.filter((b) => ['ts', 'js', 'typescript', 'javascript'].includes(b.lang) && b.kind === 'none');
  assert.deepEqual(
    unmarked.map((b) => `${b.file}: ${b.code.split('\n')[0]}`),
    [],
    'mark each with <!-- readme-test: NAME -->, <!-- typecheck-only: NAME --> or <!-- not-run: WHY -->',
  );
  const names = [...examples, ...configs].map((b) => b.name);
  assert.deepEqual(
    names.filter((n, i) => names.indexOf(n) !== i),
    [],
    'example names are unique',
  );
});

// Type-check every TypeScript example in one tsc run (mcp-bridge's subpaths map to the build's
// declarations, the framework packages resolve from node_modules), and emit the JavaScript to run.
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'src'), { recursive: true });
mkdirSync(app, { recursive: true });
writeFileSync(join(app, 'package.json'), '{ "name": "my-app", "private": true, "type": "module" }\n');
const configs = blocks.filter((x) => x.kind === 'readme-config');
for (const b of configs) writeFileSync(join(app, b.name), localise(b.code));
for (const b of examples) writeFileSync(join(work, 'src', `${b.name}.${b.lang === 'js' ? 'mjs' : 'ts'}`), localise(b.code));
const entry = (p: string) => [`../src/${p}.d.ts`];
writeFileSync(
  join(work, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      skipLibCheck: true,
      types: ['node'],
      lib: ['ES2022'],
      rootDir: 'src',
      outDir: 'out',
      paths: {
        'mcp-bridge': entry('index'),
        'mcp-bridge/governance': entry('governance'),
        'mcp-bridge/client': entry('client/index'),
        'mcp-bridge/transports': entry('transports/index'),
        'mcp-bridge/protocol': ['../protocol/index.d.ts'],
      },
    },
    include: ['src/*.ts'],
  }),
);
const tsc = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', join(work, 'tsconfig.json')], { cwd: repoRoot, encoding: 'utf8' });

test('every TypeScript example type-checks (tsc over the extracted blocks)', () => {
  assert.equal(tsc.status, 0, `tsc:\n${tsc.stdout}${tsc.stderr}`);
});

for (const b of examples.filter((e) => e.kind === 'readme-test')) {
  test(`example "${b.name}" (${b.file}) runs and prints what the page shows`, () => {
    const file = b.lang === 'js' ? join(work, 'src', `${b.name}.mjs`) : join(work, 'out', `${b.name}.js`);
    if (b.lang === 'js') writeFileSync(file, localise(b.code));
    const r = spawnSync(process.execPath, ['--import', selfImport, file], { cwd: app, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, `exit ${r.status}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`);
    assert.ok(r.stdout.trim().length > 0);
    for (const shown of shownOutputs(b.code)) assert.ok(r.stdout.includes(shown), `the page shows "${shown}"; the output was:\n${r.stdout}`);
  });
}

// Words split on spaces; "" is an empty argument, '...' one argument (enough for the examples).
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

for (const b of blocks.filter((x) => x.kind === 'readme-cli')) {
  test(`CLI example "${b.name}" (${b.file}) runs`, () => {
    for (const line of localise(b.code)
      .split('\n')
      .map((l) => l.replace(/^npx mcp-bridge /, 'mcp-bridge '))
      .filter((l) => l.startsWith('mcp-bridge '))) {
      const r = spawnSync(process.execPath, [cliMain, ...words(line.replace(/\s+#.*$/, '')).slice(1)], { cwd: app, encoding: 'utf8', timeout: 90_000 });
      assert.equal(r.status, 0, `${line}\nexit ${r.status}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`);
      assert.ok((r.stdout + r.stderr).trim().length > 0, line);
    }
  });
}

for (const b of configs) {
  test(`config example "${b.name}" (${b.file}) loads and its servers start`, () => {
    const r = spawnSync(process.execPath, [cliMain, '--config', b.name, 'tools'], { cwd: app, encoding: 'utf8', timeout: 90_000 });
    assert.equal(r.status, 0, `exit ${r.status}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`);
  });
}

test('every mcp-bridge config the pages show is valid (unset ${VAR}s given a placeholder)', () => {
  const shown = blocks.filter((b) => b.lang === 'yaml' && b.code.startsWith('tools:'));
  assert.ok(shown.length >= 4, `found ${shown.length}`);
  for (const b of shown) {
    for (const v of b.code.matchAll(/\$\{(?:env:)?(\w+)/g)) process.env[v[1]] ??= 'placeholder-value';
    const config = parseConfig(b.code, { file: `${b.file}.yaml` });
    assert.ok(config.servers.length > 0, b.file);
  }
});
