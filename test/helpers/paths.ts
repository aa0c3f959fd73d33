// Where the repository and the shared folder are, resolved from this file (works in any clone).
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
// Compiled to dist/test/helpers/, so the repository root is three levels up.
export const repoRoot = resolve(here, '..', '..', '..');
/** ../shared beside the clone: the official schemas and the checklist. */
export const sharedDir = resolve(repoRoot, '..', 'shared');
