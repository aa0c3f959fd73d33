// The API reference pages, one per published entry, as Markdown: every exported name with its TSDoc
// and its declaration, read from the .d.ts files tsc writes to dist/ (comments kept). TypeDoc needs
// TypeScript's JavaScript API, which the native TypeScript 7 compiler this repository builds with
// does not offer; the declarations already hold everything a reader needs, so this walks them.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ENTRIES } from '../api-report.mjs';

const DECL = (name) =>
  new RegExp(`^(?:export )?(?:declare )?(?:abstract )?(class|function|const|let|var|enum|namespace|interface|type) ${name.replace(/\$/g, '\\$')}\\b`);
const fileCache = new Map();
const linesOf = (file) => {
  if (!fileCache.has(file)) fileCache.set(file, readFileSync(file, 'utf8').split('\n'));
  return fileCache.get(file);
};
const resolveSpec = (file, spec) => (spec.startsWith('.') ? join(dirname(file), spec.replace(/\.js$/, '.d.ts')) : undefined);

/** The names a declaration file exports, in source order, following `export *`. */
function exportedNames(file, seen = new Set()) {
  if (seen.has(file)) return [];
  seen.add(file);
  const names = [];
  for (const line of linesOf(file)) {
    const decl = /^export (?:declare )?(?:abstract )?(?:class|function|const|let|var|enum|namespace|interface|type) ([A-Za-z_$][\w$]*)/.exec(line);
    if (decl) names.push(decl[1]);
    const list = /^export (?:type )?\{([^}]*)\}/.exec(line);
    if (list)
      for (const part of list[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean))
        names.push(
          part
            .replace(/^type /, '')
            .split(/\s+as\s+/)
            .pop(),
        );
    const star = /^export (?:type )?\* from '([^']+)';/.exec(line);
    if (star && resolveSpec(file, star[1])) names.push(...exportedNames(resolveSpec(file, star[1]), seen));
  }
  return [...new Set(names)];
}

/** One declaration starting at line `i`, with the doc comment right above it. */
function extract(lines, i) {
  let start = i;
  if (lines[i - 1]?.trim().endsWith('*/')) {
    start = i - 1;
    while (start > 0 && !lines[start].trim().startsWith('/**')) start--;
  }
  let depth = 0;
  let end = i;
  for (; end < lines.length; end++) {
    for (const ch of lines[end]) {
      if ('{(['.includes(ch)) depth++;
      else if ('})]'.includes(ch)) depth--;
    }
    const t = lines[end].trimEnd();
    if (depth <= 0 && (t.endsWith(';') || t.endsWith('}'))) break;
  }
  return { doc: start < i ? lines.slice(start, i).join('\n') : '', code: lines.slice(i, end + 1).join('\n') };
}

/** Where `name`, as exported by `file`, is declared: the pieces of its declaration (overloads, merges). */
function find(file, name, seen = new Set()) {
  const key = `${file}#${name}`;
  if (seen.has(key)) return undefined;
  seen.add(key);
  const lines = linesOf(file);
  const pieces = [];
  lines.forEach((line, i) => {
    if (DECL(name).test(line)) pieces.push(extract(lines, i));
  });
  if (pieces.length > 0) return { file, pieces };
  for (const line of lines) {
    const list = /^(?:export|import) (?:type )?\{([^}]*)\} from '([^']+)';/.exec(line);
    if (list) {
      for (const part of list[1].split(',').map((s) => s.trim().replace(/^type /, ''))) {
        const [orig, alias] = part.split(/\s+as\s+/);
        if ((alias ?? orig) !== name) continue;
        const target = resolveSpec(file, list[2]);
        return target ? find(target, orig, seen) : { external: list[2] };
      }
    }
    const star = /^export (?:type )?\* from '([^']+)';/.exec(line);
    const target = star && resolveSpec(file, star[1]);
    if (target) {
      const found = find(target, name, seen);
      if (found) return found;
    }
  }
  return undefined;
}

/** TSDoc → Markdown: the summary, then @param/@returns/@throws as a list, @example kept as code. */
function docToMarkdown(doc) {
  const text = doc
    .replace(/^\s*\/\*\*\s?/, '')
    .replace(/\s*\*\/\s*$/, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, ''))
    .join('\n')
    .replace(/\{@link\s+([^}|\s]+)(?:\s*\|\s*([^}]+))?\}/g, (_, target, label) => `\`${label ?? target}\``);
  const [summary, ...tags] = text.split(/\n(?=@)/);
  const items = tags.map((t) => {
    const m = /^@(\w+)\s*([\s\S]*)$/.exec(t.trim());
    if (!m) return '';
    if (m[1] === 'example') return `\n**Example**\n\n${m[2].includes('```') ? m[2] : `\`\`\`ts\n${m[2]}\n\`\`\``}\n`;
    if (m[1] === 'param') {
      const p = /^(\S+)\s*-?\s*([\s\S]*)$/.exec(m[2]);
      return `- **${p[1]}**: ${p[2].replace(/\n/g, ' ')}`;
    }
    return `- **@${m[1]}** ${m[2].replace(/\n/g, ' ')}`;
  });
  // A line starting with # in a summary is prose, not a heading of the page.
  return [summary.replace(/^#/gm, '\\#').trim(), ...items].filter(Boolean).join('\n');
}

/** The index of a page, by kind of declaration. */
const GROUPS = [
  ['Classes', ['class']],
  ['Functions', ['function']],
  ['Constants', ['const', 'let', 'var', 'enum', 'namespace']],
  ['Types', ['interface', 'type']],
];

/** The Markdown of every entry's page: [{ entry, path, markdown }]. */
export function apiPages() {
  const pages = [];
  for (const [entry, base] of Object.entries(ENTRIES)) {
    const root = join(process.cwd(), `${base}.d.ts`);
    const names = exportedNames(root).sort((a, b) => a.localeCompare(b));
    const sections = [];
    const index = [];
    for (const name of names) {
      const found = find(root, name);
      if (!found) throw new Error(`api docs: cannot find the declaration of ${name} exported by ${entry}`);
      if (found.external) {
        sections.push(`### ${name}\n\nRe-exported from \`${found.external}\`.\n`);
        index.push({ kind: 'type', link: `[${name}](#${name.toLowerCase()})` });
        continue;
      }
      const kind = /(class|function|const|let|var|enum|namespace|interface|type) /.exec(found.pieces[0].code)[1];
      const doc = found.pieces.map((p) => docToMarkdown(p.doc)).find(Boolean) ?? '';
      // Private members are declared in .d.ts files (by name only); they are not part of the API.
      const code = found.pieces
        .map((p) => p.code)
        .join('\n')
        .replace(/^\s+private [^\n]*\n/gm, '');
      const from = found.file
        .slice(process.cwd().length + 1)
        .replace(/^dist\//, '')
        .replace(/\.d\.ts$/, '.ts');
      sections.push(`### ${name}\n\n*${kind}*, declared in \`${from}\`\n\n${doc}\n\n\`\`\`ts\n${code}\n\`\`\`\n`);
      index.push({ kind, link: `[${name}](#${name.toLowerCase().replace(/[^\w-]/g, '')})` });
    }
    const file = entry === 'mcp-bridge' ? 'index' : entry.split('/')[1];
    const markdown = `# API: \`${entry}\`\n\nGenerated by \`npm run docs\` from the declarations and TSDoc of \`import ... from '${entry}'\` (${names.length} names). See [the library guides](../docs/library/client.md) for how the pieces fit.\n\n${GROUPS.map(
      ([label, kinds]) => [label, index.filter((i) => kinds.includes(i.kind))],
    )
      .filter(([, items]) => items.length > 0)
      .map(([label, items]) => `**${label}**: ${items.map((i) => i.link).join(' · ')}`)
      .join('\n\n')}\n\n${sections.join('\n')}`;
    pages.push({ entry, path: `api/${file}.md`, markdown });
  }
  return pages;
}
