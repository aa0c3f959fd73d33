#!/usr/bin/env node
// Refreshes the generated parts of the README: the error-code table (from src/errors/codes.ts).
import { readFileSync, writeFileSync } from 'node:fs';
const { errorCodeTable } = await import('../dist/src/errors/codes.js');
const readme = readFileSync('README.md', 'utf8');
const next = readme.replace(/(<!-- error-codes:start -->\n)[\s\S]*?(\n?<!-- error-codes:end -->)/, `$1${errorCodeTable()}\n<!-- error-codes:end -->`);
writeFileSync('README.md', next);
console.log(next === readme ? 'README.md already up to date' : 'README.md updated');
