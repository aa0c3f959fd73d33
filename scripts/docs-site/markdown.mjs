// Markdown → HTML for the documentation site, with marked (a devDependency: the site is a dev
// tool, nothing of it ships). Adds GitHub-style heading ids, rewrites links between pages to the
// generated .html files, and gives each error-code table row an id so `troubleshooting.html#MCPB_X`
// lands on its line.
import { existsSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { Marked } from 'marked';

/** The id GitHub gives a heading: lower case, punctuation dropped, spaces to dashes. */
export function slug(text) {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Renders one page. `from` is the page's source path relative to the repository root; `pages` maps
 * every source path in the site to its output path (both relative, forward slashes). A link to a
 * page of the site becomes a link to its .html; a link to another file of the repository (source,
 * config) becomes its path as code, since the site is read without the repository beside it.
 */
export function renderMarkdown(markdown, { from, pages, root, problems = [] }) {
  const used = new Map();
  const outOf = (src) => pages.get(src);
  const here = outOf(from);
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        let id = slug(inner);
        const n = used.get(id) ?? 0;
        used.set(id, n + 1);
        if (n > 0) id = `${id}-${n}`;
        return `<h${depth} id="${id}"><a class="anchor" href="#${id}">#</a>${inner}</h${depth}>\n`;
      },
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        const t = title ? ` title="${escapeHtml(title)}"` : '';
        if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) return `<a href="${escapeHtml(href)}"${t}>${text}</a>`;
        const [path, hash] = href.split('#');
        const target = posix.normalize(posix.join(posix.dirname(from), decodeURI(path)));
        const page = outOf(target) ?? outOf(posix.join(target, 'README.md'));
        if (page) {
          const rel = posix.relative(posix.dirname(here), page) || posix.basename(page);
          return `<a href="${escapeHtml(rel)}${hash ? `#${escapeHtml(hash)}` : ''}"${t}>${text}</a>`;
        }
        if (!existsSync(join(root, target))) problems.push(`${from}: link to ${href}: no such page or file`);
        return `<span class="repo-path" title="in the repository: ${escapeHtml(target)}">${text}</span>`;
      },
    },
  });
  const html = marked.parse(markdown);
  // Error-code tables: the row of `MCPB_X` gets id="MCPB_X".
  return html.replace(/<tr>\n<td><code>(MCPB_[A-Z0-9_]+)<\/code><\/td>/g, '<tr id="$1">\n<td><code>$1</code></td>');
}

/** The first `# Title` of a page. */
export function titleOf(markdown, fallback) {
  return /^# (.+)$/m.exec(markdown)?.[1].replace(/`/g, '') ?? fallback;
}

/** Where one output page reaches another (for the navigation). */
export function relativeHref(fromPage, toPage) {
  return relative(dirname(fromPage), toPage).split('\\').join('/') || posix.basename(toPage);
}
