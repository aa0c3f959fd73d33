#!/usr/bin/env node
// The published package: declarations from tsc, and the JavaScript of the package entries and the CLI
// bundled by Rollup from tsc's output.
//
// Why Rollup and why two runs: import time is mostly the number of files Node's ESM loader has to
// resolve, read and link, one after the other. Rollup groups modules by the set of entries that
// load them and keeps a module in the chunk its dynamic importer already has in memory, so the
// entries form a chain (protocol ⊂ client ⊂ index) of few files: `mcp-bridge/client` loads 4
// files where esbuild's splitting loaded 16. A class shared by two entries lives in one chunk, so
// `instanceof` holds across entries. The CLI is a run of its own: its lazily loaded commands would
// otherwise cut the library into a chunk per combination of commands using it; a program needs no
// class identity with the library, so it carries its own copy.
//
// Dependencies stay external; dynamic imports stay dynamic (own chunks), so what loads lazily from
// dist/ (yaml, ajv, undici, the transports, the CLI commands) still loads lazily from the bundle.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { rollup } from 'rollup';

const outdir = 'dist/bundle';
const stage = 'dist/.bundle-stage';
const tsc = (...args) => execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', ...args], { stdio: 'inherit' });

// Start clean, so a file renamed or deleted in the source never lingers in the tarball.
for (const dir of [outdir, stage, 'dist/types']) rmSync(dir, { recursive: true, force: true });
// Declarations (with their TSDoc) into dist/types; JavaScript without comments into the stage.
tsc();
tsc('--emitDeclarationOnly', 'false', '--declaration', 'false', '--removeComments', '--outDir', stage);

const external = (id) => isBuiltin(id) || !(id.startsWith('.') || id.startsWith('/'));
/** Rollup warns about what it cannot prove; a warning here is a build error, so none goes unread. */
const onwarn = (warning) => {
  throw new Error(`bundle: ${warning.code}: ${warning.message}`);
};
async function bundle(input, chunkDir) {
  const build = await rollup({ input, external, onwarn });
  await build.write({ dir: outdir, format: 'es', entryFileNames: '[name].js', chunkFileNames: `${chunkDir}/[name]-[hash].js`, generatedCode: 'es2015' });
  await build.close();
}
await bundle(
  {
    index: `${stage}/src/index.js`,
    client: `${stage}/src/client/index.js`,
    transports: `${stage}/src/transports/index.js`,
    protocol: `${stage}/protocol/index.js`,
  },
  'chunks',
);
await bundle({ cli: `${stage}/src/cli/main.js` }, 'cli-chunks');
rmSync(stage, { recursive: true, force: true });

// Error names come from constructor.name: a class Rollup renamed to dodge a clash (`Foo$1`) would
// report the wrong name. Fail the build instead, so the clash gets a real rename in the source.
for (const name of readdirSync(outdir, { recursive: true })) {
  const file = join(outdir, String(name));
  if (!file.endsWith('.js')) continue;
  const renamed = readFileSync(file, 'utf8').match(/\bclass [A-Za-z_]\w*\$\d+\b/);
  if (renamed) throw new Error(`bundle: ${file}: Rollup renamed a class (${renamed[0]}); give one of the clashing classes another name`);
}
