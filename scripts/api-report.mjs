#!/usr/bin/env node
// The public surface of every published entry: each exported name with its kind, read from the
// declarations tsc wrote to dist/ (types included), cross-checked against the names the JavaScript
// exports at run time. `npm run api` rewrites api/mcp-bridge.api.md; test/repo/api-report.test.ts
// fails while the committed report differs, so a change to the surface is a reviewed diff.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPORT = join(root, 'api', 'mcp-bridge.api.md');

/** Package entry → its declaration file in the tsc build (the bundle's entries mirror these). */
export const ENTRIES = {
  'mcp-bridge': 'dist/src/index',
  'mcp-bridge/governance': 'dist/src/governance',
  'mcp-bridge/client': 'dist/src/client/index',
  'mcp-bridge/transports': 'dist/src/transports/index',
  'mcp-bridge/protocol': 'dist/protocol/index',
};

const DECL = /^export (?:declare )?(?:abstract )?(class|function|const|let|var|enum|namespace|interface|type)\s+([A-Za-z_$][\w$]*)/;

/** Declarations of one file: name → kind, following re-exports. `typeOnly` marks an `export type` path. */
function exportsOf(file, seen = new Map()) {
  if (seen.has(file)) return seen.get(file);
  const out = new Map();
  seen.set(file, out);
  const text = readFileSync(file, 'utf8');
  const imports = new Map();
  for (const m of text.matchAll(/^import (type )?\{([^}]*)\} from '([^']+)';/gm)) {
    for (const part of m[2]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [orig, alias] = part.replace(/^type /, '').split(/\s+as\s+/);
      imports.set(alias ?? orig, { name: orig, from: m[3], typeOnly: Boolean(m[1]) || part.startsWith('type ') });
    }
  }
  const target = (spec) => (spec.startsWith('.') ? join(dirname(file), spec.replace(/\.js$/, '.d.ts')) : undefined);
  const lookup = (spec, name) => {
    const t = target(spec);
    return t ? exportsOf(t, seen).get(name) : `type (${spec})`;
  };
  for (const line of text.split('\n')) {
    const decl = DECL.exec(line);
    if (decl) {
      out.set(decl[2], decl[1] === 'let' || decl[1] === 'var' ? 'const' : decl[1]);
      continue;
    }
    const star = /^export (type )?\* from '([^']+)';/.exec(line);
    if (star) {
      for (const [name, kind] of exportsOf(target(star[2]), seen)) if (!out.has(name)) out.set(name, star[1] ? asType(kind) : kind);
      continue;
    }
    const list = /^export (type )?\{([^}]*)\}(?: from '([^']+)')?;/.exec(line);
    if (!list) continue;
    for (const part of list[2]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const typeOnly = Boolean(list[1]) || part.startsWith('type ');
      const [orig, alias] = part.replace(/^type /, '').split(/\s+as\s+/);
      let kind;
      if (list[3]) kind = lookup(list[3], orig);
      else if (imports.has(orig)) {
        const i = imports.get(orig);
        kind = lookup(i.from, i.name);
        if (i.typeOnly) kind = asType(kind);
      }
      if (kind === undefined) throw new Error(`api-report: cannot resolve ${orig} exported by ${file}`);
      out.set(alias ?? orig, typeOnly ? asType(kind) : kind);
    }
  }
  return out;
}

/** A value exported through `export type` is a type only: `class` → `class (type only)`. */
function asType(kind) {
  return ['interface', 'type'].includes(kind) || kind.endsWith('(type only)') || kind.startsWith('type (') ? kind : `${kind} (type only)`;
}

const isValue = (kind) => !['interface', 'type'].includes(kind) && !kind.endsWith('(type only)') && !kind.startsWith('type (');

/** The report as Markdown; throws when the declarations and the runtime exports disagree. */
export async function buildReport() {
  const sections = [];
  for (const [entry, base] of Object.entries(ENTRIES)) {
    const dts = join(root, `${base}.d.ts`);
    if (!existsSync(dts)) throw new Error(`api-report: ${dts} is missing; run npm run build first`);
    const names = [...exportsOf(dts)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const runtime = Object.keys(await import(pathToFileURL(join(root, `${base}.js`)).href)).sort();
    const declared = names.filter(([, k]) => isValue(k)).map(([n]) => n);
    const missing = runtime.filter((n) => !declared.includes(n));
    const extra = declared.filter((n) => !runtime.includes(n));
    if (missing.length || extra.length)
      throw new Error(
        `api-report: ${entry}: declarations and runtime exports differ (runtime only: ${missing.join(', ') || '-'}; declared only: ${extra.join(', ') || '-'})`,
      );
    const values = names.filter(([, k]) => isValue(k)).length;
    sections.push(`## ${entry}\n\n${values} values, ${names.length - values} types.\n\n${names.map(([n, k]) => `- ${n}: ${k}`).join('\n')}\n`);
  }
  return `# Public API of mcp-bridge\n\nGenerated by \`npm run api\` (scripts/api-report.mjs) from the declarations of each published entry.\nA test fails while this file differs from the build: a change to the public surface changes this\nfile in the same pull request, where it is reviewed.\n\n${sections.join('\n')}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await buildReport();
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '';
  writeFileSync(REPORT, report);
  console.log(current === report ? `${REPORT} already up to date` : `${REPORT} updated`);
}
