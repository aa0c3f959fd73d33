// Builds the documentation site: the Markdown pages of docs/ (plus the repository's own guides to
// its internals) and the API reference, as static HTML with one navigation, into `site/` (ignored
// by git). `npm run docs` runs it after refreshing the generated parts of the pages.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPages } from './api.mjs';
import { relativeHref, renderMarkdown, titleOf } from './markdown.mjs';
import { STYLE } from './style.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The navigation, in reading order: [section, [source path, output path]...]. */
export const SECTIONS = [
  [
    'Start',
    [
      ['docs/index.md', 'index.html'],
      ['docs/getting-started.md', 'getting-started.html'],
    ],
  ],
  [
    'Guides',
    [
      ['docs/configuration.md', 'configuration.html'],
      ['docs/cli.md', 'cli.html'],
      ['docs/serve.md', 'serve.html'],
      ['docs/oauth.md', 'oauth.html'],
      ['docs/security.md', 'security.html'],
      ['docs/governance.md', 'governance.html'],
      ['docs/troubleshooting.md', 'troubleshooting.html'],
    ],
  ],
  [
    'Library',
    [
      ['docs/library/client.md', 'library/client.html'],
      ['docs/library/manager.md', 'library/manager.html'],
      ['docs/library/registry.md', 'library/registry.html'],
      ['docs/library/tool-search.md', 'library/tool-search.html'],
      ['docs/library/transports.md', 'library/transports.html'],
      ['docs/library/protocol.md', 'library/protocol.html'],
    ],
  ],
  [
    'Frameworks',
    [
      ['docs/adapters/index.md', 'adapters/index.html'],
      ['docs/adapters/ai-sdk.md', 'adapters/ai-sdk.html'],
      ['docs/adapters/openai.md', 'adapters/openai.html'],
      ['docs/adapters/anthropic.md', 'adapters/anthropic.html'],
      ['docs/adapters/gemini.md', 'adapters/gemini.html'],
      ['docs/adapters/langchain.md', 'adapters/langchain.html'],
    ],
  ],
  [
    'API reference',
    [
      ['api/index.md', 'api/index.html'],
      ['api/governance.md', 'api/governance.html'],
      ['api/client.md', 'api/client.html'],
      ['api/transports.md', 'api/transports.html'],
      ['api/protocol.md', 'api/protocol.html'],
    ],
  ],
  [
    'Project',
    [
      ['docs/benchmarks.md', 'benchmarks.html'],
      ['bench/README.md', 'project/bench.html'],
      ['conformance/README.md', 'project/conformance.html'],
      ['ARCHITECTURE.md', 'project/architecture.html'],
      ['CONTRIBUTING.md', 'project/contributing.html'],
      ['docs/requirements.md', 'project/requirements.html'],
      ['README.md', 'project/readme.html'],
    ],
  ],
];

function layout({ title, body, here, nav }) {
  const links = nav
    .map(([section, pages]) => {
      const items = pages.map(([out, t]) => `<li${out === here ? ' class="here"' : ''}><a href="${relativeHref(here, out)}">${t}</a></li>`).join('');
      return `<h2>${section}</h2><ul>${items}</ul>`;
    })
    .join('\n');
  const css = relativeHref(here, 'style.css');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · mcp-bridge</title>
<link rel="stylesheet" href="${css}">
</head>
<body>
<nav><p class="brand"><a href="${relativeHref(here, 'index.html')}">mcp-bridge</a></p>
${links}
</nav>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Builds the site into `outDir`; returns the output paths written (relative to outDir). */
export function buildSite(outDir = join(root, 'site')) {
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const sources = new Map();
    for (const [, pages] of SECTIONS) for (const [src] of pages) if (!src.startsWith('api/')) sources.set(src, readFileSync(join(root, src), 'utf8'));
    for (const page of apiPages()) sources.set(page.path, page.markdown);
    const out = new Map(SECTIONS.flatMap(([, pages]) => pages.map(([src, o]) => [src, o])));
    for (const src of sources.keys()) if (!out.has(src)) throw new Error(`site: ${src} has no place in the navigation`);
    const nav = SECTIONS.map(([section, pages]) => [section, pages.map(([src, o]) => [o, titleOf(sources.get(src), src)])]);
    rmSync(outDir, { recursive: true, force: true });
    const written = [];
    const problems = [];
    for (const [src, markdown] of sources) {
      const here = out.get(src);
      const body = renderMarkdown(markdown, { from: src, pages: out, root, problems });
      const file = join(outDir, here);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, layout({ title: titleOf(markdown, src), body, here, nav }));
      written.push(here);
    }
    writeFileSync(join(outDir, 'style.css'), STYLE);
    if (problems.length > 0) throw new Error(`site: broken links:\n  ${problems.join('\n  ')}`);
    return written;
  } finally {
    process.chdir(cwd);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : join(root, 'site');
  if (!existsSync(join(root, 'dist', 'src', 'index.d.ts'))) throw new Error('site: dist/ has no declarations; run npm run build first');
  const written = buildSite(outDir);
  console.log(`site: ${written.length} pages in ${outDir}`);
}
