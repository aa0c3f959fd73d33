#!/usr/bin/env node
// `npm run docs`: refreshes the generated parts of the documentation pages (the error-code table,
// the CLI reference, the latest benchmark table: scripts/docs-site/generated.mjs), then builds the
// site from docs/ and the API declarations into site/ (scripts/docs-site/build.mjs).
// `--no-site` refreshes the pages only.
import { readFileSync, writeFileSync } from 'node:fs';
import { BLOCKS, replaceBlock } from './docs-site/generated.mjs';
import { buildSite } from './docs-site/build.mjs';

for (const { file, marker, make } of BLOCKS) {
  const text = readFileSync(file, 'utf8');
  const next = replaceBlock(text, marker, await make());
  if (next !== text) writeFileSync(file, next);
  console.log(next === text ? `${file} (${marker}) already up to date` : `${file} (${marker}) updated`);
}
if (!process.argv.includes('--no-site')) {
  const written = buildSite();
  console.log(`site: ${written.length} pages in site/ (open site/index.html)`);
}
