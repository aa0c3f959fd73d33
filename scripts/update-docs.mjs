#!/usr/bin/env node
// Refreshes the generated parts of the README: the error-code table (from src/errors/codes.ts) and
// the latest benchmark table (from the block `npm run bench` writes into bench/README.md).
import { readFileSync, writeFileSync } from 'node:fs';
const { errorCodeTable } = await import('../dist/src/errors/codes.js');
const readme = readFileSync('README.md', 'utf8');
let next = readme.replace(/(<!-- error-codes:start -->\n)[\s\S]*?(\n?<!-- error-codes:end -->)/, `$1${errorCodeTable()}\n<!-- error-codes:end -->`);
const bench = /<!-- bench:latest:start -->\n([\s\S]*?)<!-- bench:latest:end -->/.exec(readFileSync('bench/README.md', 'utf8'));
if (bench) next = next.replace(/(<!-- bench-table:start -->\n)[\s\S]*?(<!-- bench-table:end -->)/, `$1${bench[1]}$2`);
writeFileSync('README.md', next);
console.log(next === readme ? 'README.md already up to date' : 'README.md updated');
