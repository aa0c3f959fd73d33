// The generated parts of the documentation pages, each between `<!-- NAME:start -->` and
// `<!-- NAME:end -->` markers: the error-code table (from src/errors/codes.ts, the catalogue), the
// CLI reference (from the CLI's own --help output, global and per command), and the latest
// benchmark table (from the block `npm run bench` writes into bench/README.md). `npm run docs`
// rewrites them; test/repo/docs-site.test.ts fails while a page differs from what this produces.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs the built CLI with `args` in an empty folder (no config file to find), returns stdout. */
function cli(args) {
  const cwd = mkdtempSync(join(tmpdir(), 'mcpb-docs-'));
  try {
    const r = spawnSync(process.execPath, [join(root, 'dist', 'src', 'cli', 'main.js'), ...args], {
      cwd,
      encoding: 'utf8',
      timeout: 15_000,
      env: { PATH: process.env.PATH, HOME: cwd, MCP_BRIDGE_STATE_DIR: cwd },
    });
    return r.stdout.trimEnd();
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** The CLI reference: the global help, then each command's own help where it has one. */
export function cliReference() {
  const global = cli(['--help']);
  const commands = [];
  const section = /\nCommands:\n([\s\S]*?)\n\n/.exec(global)?.[1] ?? '';
  for (const line of section.split('\n')) {
    const m = /^ {2}([a-z][\w-]*)/.exec(line);
    if (m && !commands.some((c) => c.name === m[1])) commands.push({ name: m[1], lines: [] });
    if (m) commands.find((c) => c.name === m[1]).lines.push(line.trim());
  }
  const parts = ['### Global help', '', '`mcp-bridge --help`:', '', '```text', global, '```'];
  for (const { name, lines } of commands) {
    const own = cli([name, '--help']);
    parts.push('', `### \`${name}\``, '');
    // Until a command has help of its own, `mcp-bridge CMD --help` prints the global text: show the
    // command's lines from it instead.
    if (own && own !== global) parts.push(`\`mcp-bridge ${name} --help\`:`, '', '```text', own, '```');
    else parts.push('```text', ...lines.map((l) => `mcp-bridge ${l}`), '```');
  }
  return parts.join('\n');
}

/** The error table, from the catalogue. */
export async function errorTable() {
  const { errorCodeTable } = await import(pathToFileURL(join(root, 'dist', 'src', 'errors', 'codes.js')).href);
  return errorCodeTable();
}

/** The latest benchmark table, as bench/README.md holds it. */
export function benchTable() {
  const bench = /<!-- bench:latest:start -->\n([\s\S]*?)<!-- bench:latest:end -->/.exec(readFileSync(join(root, 'bench', 'README.md'), 'utf8'));
  if (!bench) throw new Error('bench/README.md has no bench:latest block');
  return bench[1].trimEnd();
}

/** Every generated block: the page, the marker name, and a function producing its content. */
export const BLOCKS = [
  { file: 'docs/troubleshooting.md', marker: 'error-codes', make: errorTable },
  { file: 'docs/cli.md', marker: 'cli-help', make: cliReference },
  { file: 'docs/benchmarks.md', marker: 'bench-table', make: benchTable },
];

const pattern = (marker) => new RegExp(`(<!-- ${marker}:start -->\\n)[\\s\\S]*?(<!-- ${marker}:end -->)`);

/** The content between a page's markers, or undefined when the markers are missing. */
export function currentBlock(text, marker) {
  return new RegExp(`<!-- ${marker}:start -->\\n([\\s\\S]*?)\\n<!-- ${marker}:end -->`).exec(text)?.[1];
}

/** `text` with the block replaced by `content`. */
export function replaceBlock(text, marker, content) {
  if (!pattern(marker).test(text)) throw new Error(`no <!-- ${marker}:start/end --> markers`);
  return text.replace(pattern(marker), (_, start, end) => `${start}${content}\n${end}`);
}
