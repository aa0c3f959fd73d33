// The link check of the built site: every relative link of every page reaches a file of the site,
// and every #fragment an element with that id (on the same page or the target). External links
// (with a scheme) are not fetched: the check runs offline.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

function pagesOf(dir, out = []) {
  for (const n of readdirSync(dir)) {
    const f = join(dir, n);
    if (statSync(f).isDirectory()) pagesOf(f, out);
    else if (n.endsWith('.html')) out.push(f);
  }
  return out;
}

const idsCache = new Map();
function idsOf(file) {
  if (!idsCache.has(file)) idsCache.set(file, new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])));
  return idsCache.get(file);
}

const unescape = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Broken links of the site in `dir`, as "page: link (why)" lines; `checked` counts the links seen. */
export function checkLinks(dir) {
  idsCache.clear();
  const problems = [];
  let checked = 0;
  for (const page of pagesOf(dir)) {
    const html = readFileSync(page, 'utf8');
    for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const link = unescape(m[1]);
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
      checked++;
      const [path, fragment] = link.split('#');
      const target = path === '' ? page : resolve(dirname(page), decodeURI(path));
      const where = `${relative(dir, page)}: ${link}`;
      if (!existsSync(target) || statSync(target).isDirectory()) problems.push(`${where} (no such file)`);
      else if (fragment !== undefined && fragment !== '' && !idsOf(target).has(decodeURIComponent(fragment)))
        problems.push(`${where} (no id "${fragment}" there)`);
    }
  }
  return { problems, checked };
}
