#!/usr/bin/env node
// The published package: declarations from tsc, and the JavaScript of every package entry and the
// CLI from one esbuild run with code splitting, so a class shared by two entries lives in one chunk
// and `instanceof` holds across entries.
// Dependencies stay external; dynamic imports stay dynamic (own chunks), so what loads lazily from
// dist/ today (yaml, ajv, undici, the CLI commands) still loads lazily from the bundle.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/bundle';
// Start clean, so a file renamed or deleted in the source never lingers in the tarball.
rmSync(outdir, { recursive: true, force: true });
rmSync('dist/types', { recursive: true, force: true });
// Declarations: tsc with tsconfig.build.json (protocol/ and src/ only) into dist/types.
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
await build({
  entryPoints: {
    index: 'src/index.ts',
    client: 'src/client/index.ts',
    transports: 'src/transports/index.ts',
    protocol: 'protocol/index.ts',
    cli: 'src/cli/main.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  packages: 'external',
  // Error names come from constructor.name: keep them when a chunk renames a class.
  keepNames: true,
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
});
