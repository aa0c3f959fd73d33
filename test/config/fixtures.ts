// Locates the config fixtures from the compiled test (dist/test/config → test/fixtures/configs)
// and reads the "expect:" comments each broken fixture carries.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Absolute path of a file under test/fixtures/configs. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../../../test/fixtures/configs/${name}`, import.meta.url));
}

/** One expected issue: `# expect: <path> @ <line>:<col> ~ <message part>[; hint <hint part>]`. */
export interface Expected {
  path: string;
  line: number;
  column: number;
  message: string;
  hint?: string;
}

const EXPECT = /^\s*(?:#|\/\/) expect: (.*?) ?@ (\d+):(\d+) ~ (.+?)(?:; hint (.+))?$/;

/** The expectations written in a fixture's comments, in file order. */
export function expectations(file: string): Expected[] {
  const out: Expected[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = EXPECT.exec(line);
    if (m) out.push({ path: m[1], line: Number(m[2]), column: Number(m[3]), message: m[4], ...(m[5] ? { hint: m[5] } : {}) });
  }
  return out;
}
