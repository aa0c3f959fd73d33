// Lists the files of one repository folder for the tests that scan the tree (paths outside the
// repo, requirement citations): every file whose name matches, skipping the named folders.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Files below `dir` whose name matches `text`, not descending into folders named in `skip`. */
export function repoFiles(dir: string, skip: ReadonlySet<string>, text: RegExp, out: string[] = []): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (!skip.has(name)) repoFiles(full, skip, text, out);
    } else if (text.test(name)) out.push(full);
  }
  return out;
}
