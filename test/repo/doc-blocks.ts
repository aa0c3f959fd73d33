// The code blocks of README.md and docs/**/*.md, as the example tests read them. A block is tested
// when a marker comment stands right above it:
//   <!-- readme-test: NAME -->     ```ts or ```js: type-checked (ts) and run; `// prints: X` must appear in its output
//   <!-- typecheck-only: NAME -->  ```ts: type-checked, not run (it needs a model's API key or a remote server)
//   <!-- readme-cli: NAME -->      ```sh: every `mcp-bridge ...` line runs and exits 0
//   <!-- readme-config: NAME -->   ```yaml: a config that `mcp-bridge --config FILE tools` loads and starts
//   <!-- not-run: WHY -->          a TypeScript/JavaScript block shown but not tested, with the reason
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

export interface DocBlock {
  file: string;
  kind: 'readme-test' | 'typecheck-only' | 'readme-cli' | 'readme-config' | 'not-run' | 'none';
  name: string;
  lang: string;
  code: string;
}

function markdownFiles(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir).sort()) {
    const f = join(dir, n);
    if (statSync(f).isDirectory()) markdownFiles(f, out);
    else if (n.endsWith('.md')) out.push(f);
  }
  return out;
}

/** Every fenced block of the user-facing pages, with the marker above it (or 'none'). */
export function docBlocks(): DocBlock[] {
  const files = [join(repoRoot, 'README.md'), ...markdownFiles(join(repoRoot, 'docs'))];
  const blocks: DocBlock[] = [];
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    const file = relative(repoRoot, path);
    for (const m of text.matchAll(/(?:<!-- ([\w-]+): ([^>]*?) -->[ \t]*\n)?^```(\w*)\n([\s\S]*?)^```$/gm)) {
      const kind = (m[1] ?? 'none') as DocBlock['kind'];
      blocks.push({ file, kind, name: m[2] ?? '', lang: m[3], code: m[4] });
    }
  }
  return blocks;
}

/**
 * The examples are written for a user's app (`npx -y @modelcontextprotocol/server-...`); the tests
 * run them against the same official servers installed here as dev dependencies, with `node` and an
 * absolute path instead of a download, so no test needs the network.
 */
export function localise(code: string): string {
  const bin = (pkg: string) => join(repoRoot, 'node_modules', pkg, 'dist', 'index.js');
  return code
    .replace(
      /'npx',(\s*)(args: )?\['-y', '(@modelcontextprotocol\/server-[\w-]+)'/g,
      (_, space, args, pkg) => `'node',${space}${args ?? ''}[${JSON.stringify(bin(pkg))}`,
    )
    .replace(
      /command: npx\n(\s*)args: \[-y, "?(@modelcontextprotocol\/server-[\w-]+)"?/g,
      (_, space, pkg) => `command: node\n${space}args: [${JSON.stringify(bin(pkg))}`,
    )
    .replace(/npx -y (@modelcontextprotocol\/server-[\w-]+)/g, (_, pkg) => `node ${bin(pkg)}`);
}

/** The `// prints: X` comments of an example: text its output must contain. */
export function shownOutputs(code: string): string[] {
  return [...code.matchAll(/\/\/ prints: (.+)$/gm)].map((m) => m[1].trim());
}
