#!/usr/bin/env node
// The published package: declarations from tsc, and the JavaScript of the package entries and the CLI
// bundled by Rollup from tsc's output.
//
// Import time is mostly two costs: V8 compiling every byte a file holds (the whole module is parsed
// at import, the bodies of its functions included), and Node's ESM loader resolving, reading and
// linking each file one after the other (about 0.6 ms for an empty one on the bench machine). So the
// JavaScript is minified, and the chunks are laid out by hand rather than by the bundler's own
// splitting:
// - `client.js` holds every module `mcp-bridge/client` or `mcp-bridge/protocol` loads before its
//   first line runs: the client entry is 1 file, `protocol.js` re-exports from it (2 files);
// - `index.js` holds what the whole entry (`mcp-bridge`) adds, and imports the rest from client.js
//   (2 files);
// - `governance.js` holds the governance steps (pins, scanner, policy, audit): `mcp-bridge/governance`
//   and the Manager (by import(), when a config asks for a step) load it, `mcp-bridge` does not;
// - everything else (the transports, OAuth, the CLI commands) stays in chunks loaded on first use.
// Left to itself, a bundler cuts the library into a chunk per combination of lazily loaded modules
// using it: esbuild's splitting made `mcp-bridge/client` load 16 files. A class shared by entries
// lives in one chunk, so `instanceof` holds across entries, and the CLI shares the library's chunks.
// Dependencies stay external, and dynamic imports stay dynamic. An entry file may export more than
// its entry module (`preserveEntrySignatures: 'allow-extension'`): those extra exports, under
// mangled names, are what lets the other files import from it instead of from a shared chunk.
//
// Declarations: tsc writes one .d.ts per source file (over 200 files, most of an install's size and
// disk blocks); rollup-plugin-dts then rolls them into one file per entry in dist/types, with the
// types two entries share in a common chunk so a class stays one type across entries. TypeScript 7
// has no JavaScript API, so the plugin parses through @typescript/typescript6 (a devDependency).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { minify } from 'terser';

const outdir = 'dist/bundle';
const stage = 'dist/.bundle-stage';
const typesStage = 'dist/.types-stage';
const tsc = (...args) => execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', ...args], { stdio: 'inherit' });

// Start clean, so a file renamed or deleted in the source never lingers in the tarball.
for (const dir of [outdir, stage, typesStage, 'dist/types']) rmSync(dir, { recursive: true, force: true });
// Declarations (with their TSDoc) into their stage; JavaScript without comments into the other.
tsc('--outDir', typesStage);
tsc('--emitDeclarationOnly', 'false', '--declaration', 'false', '--removeComments', '--outDir', stage);

const entries = {
  index: `${stage}/src/index.js`,
  governance: `${stage}/src/governance.js`,
  client: `${stage}/src/client/index.js`,
  transports: `${stage}/src/transports/index.js`,
  protocol: `${stage}/protocol-entry.js`,
  cli: `${stage}/src/cli/main.js`,
};
// protocol/index.js is imported throughout src/, so it runs before the client's entry module and
// Rollup would make it the face of the shared chunk (protocol.js holding the client's code, client.js
// a second file re-exporting it). A one-line entry of its own leaves that chunk to the client.
writeFileSync(entries.protocol, "export * from './protocol/index.js';\n");
const external = (id) => isBuiltin(id) || !(id.startsWith('.') || id.startsWith('/'));
/** Rollup warns about what it cannot prove; a warning here is a build error, so none goes unread. */
const onwarn = (warning) => {
  throw new Error(`bundle: ${warning.code}: ${warning.message}`);
};

/** The modules an entry loads before its first line runs: its static import closure. */
async function staticClosure(entry) {
  const build = await rollup({ input: entry, external, onwarn });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  const chunks = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const modules = new Set();
  const visit = (chunk) => {
    if (!chunk || chunk.visited) return;
    chunk.visited = true;
    for (const id of Object.keys(chunk.modules)) modules.add(id);
    for (const name of chunk.imports) visit(chunks.get(name));
  };
  visit([...chunks.values()].find((c) => c.isEntry));
  return modules;
}
const clientCore = new Set([...(await staticClosure(entries.client)), ...(await staticClosure(entries.protocol))]);
// What the client loads on first use, in groups that each make one file. Connecting (era detection,
// the handshake, the server's requests, recovery) shares its file with the stdio transport: the first
// stdio connect, the common one, then loads no more files than when connecting was in client.js (a
// file loaded by import() cost a first connect 0.5 to 1.5 ms of CPU, against some 0.3 ms to compile
// the 14 KB it holds), and an HTTP connect loads it as its one extra file. The modern era's path is
// loaded by the first modern connection (src/client/modern-path.ts): the gateway's chunk imports from
// that file too, rather than Rollup cutting the modules both use into chunks of their own. A module
// that two groups share stays in client.js: Rollup would make it a file of its own, a third file for
// a modern HTTP connection.
const lazyClient = [
  ['src/transports/detect.js'],
  ['src/transports/stdio/stdio-transport.js', 'src/client/connect.js'],
  ['src/client/modern-path.js'],
  ['src/client/task-steps.js'],
];
const lazyClosures = [];
for (const files of lazyClient) {
  const closure = new Set();
  for (const file of files) for (const id of await staticClosure(`${stage}/${file}`)) if (!clientCore.has(id)) closure.add(id);
  lazyClosures.push(closure);
}
for (const [i, closure] of lazyClosures.entries()) for (const id of closure) if (lazyClosures.some((other, j) => j !== i && other.has(id))) clientCore.add(id);
const stdioConnectCore = new Set([...lazyClosures[1]].filter((id) => !clientCore.has(id)));
const modernCore = new Set([...lazyClosures[2]].filter((id) => !clientCore.has(id)));
if (process.env.MCPB_BUNDLE_REPORT === '1') {
  const name = (id) => id.slice(id.indexOf(stage) + stage.length + 1);
  process.stdout.write(
    `shared by lazily loaded modules, kept in client.js: ${[...clientCore]
      .filter((id) => lazyClosures.some((c) => c.has(id)))
      .map(name)
      .join(' ')}\n`,
  );
  process.stdout.write(`modern path: ${[...modernCore].map(name).join(' ')}\n`);
}
const indexCore = await staticClosure(entries.index);
// The manager's steps builder joins the governance entry's modules: one file whoever loads them.
const governanceCore = new Set([...(await staticClosure(entries.governance)), ...(await staticClosure(`${stage}/src/manager/pipeline-steps.js`))]);
// A server handle's first start imports its launch (the client's opening, OAuth options, the held
// lists, the health pings): one file, which the CLI commands that need a part of it import too.
const launchCore = new Set(
  [...(await staticClosure(`${stage}/src/manager/server-launch.js`))].filter((id) => !clientCore.has(id) && !indexCore.has(id) && !governanceCore.has(id)),
);

// Minified with Terser (a devDependency): whitespace, local names and local rewrites. Class and
// function names are kept (error names come from constructor.name, and a stack trace names the real
// frames), and no function is inlined, so a stack trace from the bundle has the frames the source has.
// Statements end with a line break rather than a semicolon, so a trace's line numbers still point
// somewhere readable; the source is ASCII (other characters escaped), which V8 compiles faster.
// MCPB_BUNDLE_MINIFY=0 builds it unminified, for reading.
const minifyChunks = {
  name: 'minify',
  async renderChunk(code) {
    if (process.env.MCPB_BUNDLE_MINIFY === '0') return null;
    const out = await minify(code, MINIFY);
    return { code: out.code, map: null };
  },
};
const MINIFY = {
  module: true,
  ecma: 2022,
  // Local rewrites only (dead code, shorter conditionals, joined declarations): no function is inlined
  // or merged into its caller and statements stay apart, so every frame of a stack trace is still there.
  compress: { inline: false, reduce_funcs: false, reduce_vars: false, collapse_vars: false, sequences: false, hoist_props: false },
  mangle: true,
  keep_classnames: true,
  keep_fnames: true,
  format: { comments: false, semicolons: false, ascii_only: true },
};

const build = await rollup({ input: entries, external, onwarn, plugins: [minifyChunks], preserveEntrySignatures: 'allow-extension' });
const { output } = await build.write({
  dir: outdir,
  format: 'es',
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  manualChunks: (id) =>
    id.endsWith('/protocol-entry.js')
      ? undefined
      : clientCore.has(id)
        ? 'client-core'
        : indexCore.has(id)
          ? 'index-core'
          : governanceCore.has(id)
            ? 'governance'
            : modernCore.has(id)
              ? 'modern-path'
              : stdioConnectCore.has(id)
                ? 'connect'
                : launchCore.has(id)
                  ? 'server-launch'
                  : undefined,
});
await build.close();
// MCPB_BUNDLE_REPORT=1: what each file loaded at import holds, module by module, largest first, each
// module minified on its own (about 4 % above its share of the file, whose top-level names are mangled
// together): where to look when an entry's import time grows.
if (process.env.MCPB_BUNDLE_REPORT === '1') {
  for (const chunk of output) {
    if (chunk.type !== 'chunk' || !['client.js', 'index.js'].includes(chunk.fileName)) continue;
    const rows = [];
    for (const [id, module] of Object.entries(chunk.modules)) {
      if (!module.code) continue;
      const { code } = await minify(module.code, { ...MINIFY, module: false, compress: false, mangle: { toplevel: false } });
      rows.push([code?.length ?? 0, id.slice(id.indexOf(stage) + stage.length + 1)]);
    }
    rows.sort((a, b) => b[0] - a[0]);
    process.stdout.write(`${chunk.fileName}: ${rows.length} modules\n${rows.map(([bytes, id]) => `${String(bytes).padStart(8)}  ${id}`).join('\n')}\n`);
  }
}
rmSync(stage, { recursive: true, force: true });

// Error names come from constructor.name: a class Rollup renamed to dodge a clash (`Foo$1`) would
// report the wrong name. Fail the build instead, so the clash gets a real rename in the source.
for (const name of readdirSync(outdir, { recursive: true })) {
  const file = join(outdir, String(name));
  if (!file.endsWith('.js')) continue;
  const renamed = readFileSync(file, 'utf8').match(/\bclass [A-Za-z_]\w*\$\d+\b/);
  if (renamed) throw new Error(`bundle: ${file}: Rollup renamed a class (${renamed[0]}); give one of the clashing classes another name`);
}

// One declaration file per entry (the CLI has none: it is a command, not an import).
const typeEntries = {
  index: `${typesStage}/src/index.d.ts`,
  governance: `${typesStage}/src/governance.d.ts`,
  client: `${typesStage}/src/client/index.d.ts`,
  transports: `${typesStage}/src/transports/index.d.ts`,
  protocol: `${typesStage}/protocol/index.d.ts`,
};
const typesBuild = await rollup({
  input: typeEntries,
  external,
  plugins: [dts()],
  onwarn: (warning) => {
    // A type that an entry's signatures use but no entry exports is reported, not fatal: users can
    // still type-check against it; they cannot name it.
    if (warning.code === 'PLUGIN_WARNING' && /private shared type exports/.test(warning.message)) {
      process.stderr.write(`bundle: note: ${warning.message}\n`);
      return;
    }
    onwarn(warning);
  },
});
await typesBuild.write({
  dir: 'dist/types',
  format: 'es',
  entryFileNames: '[name].d.ts',
  chunkFileNames: (c) => `chunks/${c.name.replace(/\.d$/, '')}-[hash].d.ts`,
});
await typesBuild.close();
rmSync(typesStage, { recursive: true, force: true });
