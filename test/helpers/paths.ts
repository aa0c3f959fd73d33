// Where the repository and its schema copies are, resolved from this file (works in any clone).
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
// Compiled to dist/test/helpers/, so the repository root is three levels up.
export const repoRoot = resolve(here, '..', '..', '..');
/** The official MCP JSON schemas, one folder per revision, carried in the repository. */
export const schemasDir = resolve(repoRoot, 'conformance', 'schemas');
