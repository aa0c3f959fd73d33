// Locations the bench needs, found from this file's place in dist/bench/lib/ so the bench runs from any clone.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root: the folder whose package.json is named mcp-bridge. */
export const repoRoot: string = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

/** dist/bench/ (the compiled bench). */
export const benchDist: string = join(repoRoot, 'dist', 'bench');

/** Absolute path of a compiled bench file, e.g. `benchFile('servers/stdio-echo.js')`. */
export function benchFile(rel: string): string {
  return join(benchDist, rel);
}

/** file:// URL of a path, for dynamic import. */
export function fileUrl(path: string): string {
  return pathToFileURL(path).href;
}

function findRepoRoot(start: string): string {
  let dir = start;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'mcp-bridge') return dir;
      } catch {
        /* keep walking */
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`bench: no mcp-bridge package.json above ${start}`);
    dir = parent;
  }
}
