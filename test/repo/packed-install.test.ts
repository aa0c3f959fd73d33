// The package as a user gets it: `npm pack` (which builds the bundle and the declarations), installed
// with --omit=dev into an empty project. Every entry imports there, an error class is one object
// whatever entry it comes from (so instanceof holds across entries), imports stay lazy, and the CLI
// runs from the install, down to starting a real server (issue 10).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { repoRoot } from '../helpers/paths.js';
import { officialServer } from '../helpers/servers.js';
import { v2Stdio } from '../helpers/v2-server.js';
import { stdioEntry, writeConfigFile } from '../helpers/config.js';
import { docBlocks, localise } from './doc-blocks.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const ENTRIES = ['mcp-bridge', 'mcp-bridge/governance', 'mcp-bridge/client', 'mcp-bridge/transports', 'mcp-bridge/protocol'];

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 240_000, env });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

test('the packed tarball installs, every entry imports, one error class across entries, the CLI runs', { timeout: 600_000 }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-packed-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const packed = JSON.parse(sh(npm, ['pack', '--json', '--pack-destination', dir, '--loglevel=error'], repoRoot)) as { filename: string }[];
  const tgz = join(dir, packed[0]!.filename);
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'packed-probe', version: '1.0.0', private: true, type: 'module' }));
  sh(npm, ['install', tgz, '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], project);
  const installed = join(project, 'node_modules', 'mcp-bridge');

  await t.test('only the library, its types and the CLI are installed', () => {
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { exports: Record<string, { types?: string; default?: string } | string> };
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      assert.ok(existsSync(join(installed, target.types!)), `${entry}: ${target.types} is missing`);
      assert.ok(existsSync(join(installed, target.default!)), `${entry}: ${target.default} is missing`);
    }
    assert.deepEqual(readdirSync(join(installed, 'dist')).sort(), ['bundle', 'types']);
    assert.ok(existsSync(join(installed, 'LICENSE')));
  });

  await t.test('every entry imports; McpBridgeError and createTransport are one object across entries', () => {
    const probe = join(project, 'probe.mjs');
    writeFileSync(
      probe,
      `
      const entries = ${JSON.stringify(ENTRIES)};
      const mods = {};
      for (const e of entries) mods[e] = await import(e);
      const main = mods['mcp-bridge'];
      const same = (name, from) => from.every((e) => mods[e][name] === main[name]);
      const err = new mods['mcp-bridge/client'].UnsupportedVersionError('2025-11-25', '1999-01-01', ['2025-11-25']);
      console.log(JSON.stringify({
        counts: Object.fromEntries(entries.map((e) => [e, Object.keys(mods[e]).length])),
        mcpBridgeError: typeof main.McpBridgeError === 'function' && same('McpBridgeError', ['mcp-bridge/client', 'mcp-bridge/protocol']),
        createTransport: typeof main.createTransport === 'function' && same('createTransport', ['mcp-bridge/client', 'mcp-bridge/transports']),
        policyDenied: typeof main.PolicyDeniedError === 'function' && same('PolicyDeniedError', ['mcp-bridge/governance']),
        instanceofAcross: err instanceof mods['mcp-bridge/protocol'].McpBridgeError && err instanceof main.McpBridgeError,
        name: err.name,
        code: err.code,
      }));
    `,
    );
    const out = JSON.parse(sh(process.execPath, [probe], project)) as Record<string, unknown> & { counts: Record<string, number> };
    for (const e of ENTRIES) assert.ok(out.counts[e]! > 0, `${e} exports nothing`);
    assert.equal(out.mcpBridgeError, true, 'McpBridgeError differs between entries');
    assert.equal(out.createTransport, true, 'createTransport differs between entries');
    assert.equal(out.policyDenied, true, 'PolicyDeniedError differs between mcp-bridge and mcp-bridge/governance');
    assert.equal(out.instanceofAcross, true, 'an error from one entry is not instanceof the class of another');
    assert.equal(out.name, 'UnsupportedVersionError', 'the bundle keeps class names (error.name)');
    assert.equal(out.code, 'MCPB_UNSUPPORTED_VERSION');
  });

  await t.test('importing mcp-bridge loads no dependency: yaml, ajv and undici wait for first use', () => {
    const log = join(dir, 'modules.txt');
    const counter = pathToFileURL(join(repoRoot, 'test', 'fixtures', 'module-count', 'register.mjs')).href;
    sh(process.execPath, ['--import', counter, '--input-type=module', '-e', "await import('mcp-bridge'); await import('mcp-bridge/client');"], project, {
      ...process.env,
      MCPB_MODULE_LOG: log,
    });
    const loaded = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    assert.ok(
      loaded.some((m) => m.includes('/node_modules/mcp-bridge/dist/bundle/')),
      'the hook saw the bundle',
    );
    assert.deepEqual(
      loaded.filter((m) => !m.includes('/node_modules/mcp-bridge/')),
      [],
      'a dependency loaded at import time',
    );
  });

  // Import time is mostly files loaded one after the other, plus Node internals a module drags in
  // (an ESM import of node:fs or node:crypto loads Node's stream classes): both are counted here, so a
  // change that undoes the chunk layout of scripts/bundle.mjs fails a test instead of a benchmark.
  // V8 compiles every byte a file holds when it is imported, so the bytes loaded at import are the
  // other half of import time: a budget per entry (the bundle minified, rarely used parts on demand),
  // set a little above where each stood on 2026-12-05 (client 113 KB; the whole entry 328 KB, then
  // 353 KB once the main entry exported the pins, scanner, policy and audit steps; 341 KB with the
  // registry's tool search loaded by the first search; 345.8 KB with the audit log's line built as
  // text and its Buffer-batched writer; 296 KB once the governance steps moved to
  // mcp-bridge/governance, which a Manager loads by import() when its config asks for one: 47 KB that
  // a change loading them with the package again would put over the budget; client 110.9 KB and the
  // whole entry 287.7 KB once the modern era's request path and the store of oversized results
  // loaded on first use; client 113.0 KB with the stdio hot path's pending-id ring, chunk decoding
  // and allocation-free classification, about 2 KB (the protocol entry, which shares that file,
  // 114.8 KB; governance 341.1 KB): some 0.04 ms of import for 5 to 10 % less CPU per call in bench
  // W3 and W7; the whole entry 290.3 KB with the gateway's one-reaction call path beside it; 291.7 KB
  // once a server handle's running side, the registry's call plan and its search loader became
  // modules of their own, 0.9 KB of class and function heads the bundle keeps named, and the client
  // remembered where its era came from, 0.3 KB; client 93.2 KB and the whole entry 257.3 KB once
  // connecting (with the server's requests and notifications, session recovery and URL
  // elicitation), resources, a task's requests, the Mcp-Param-* bindings and the OAuth errors a
  // client never builds loaded on first use, and in the whole entry a server's launch, the context
  // tools and a registry's running of a tool); 257.7 KB once a Manager starts loading a server's
  // launch, the connecting code and the stdio transport when it is built (0.4 KB), so a first start
  // does not load them one after the other before it spawns; client 93.6 KB once a stdio message
  // from a short line skipped the depth walk and the hot path was cut for V8's first tiers (an
  // emitter walking an array, one lookup to take an answered request), 0.35 KB for W3 client CPU
  // per call 0.885x and W7 0.953x of before (bench/README.md); 93.8 KB once the list methods of
  // prompts, resources, skills and tasks shared one paginated listing beside collectPages (0.2 KB
  // here, 1 KB less in the chunks those methods load on first use); 94.2 KB once an answer's
  // classification and receipt, the id table's add and the line writer's join of a batch kept their
  // common case apart from the rest, so TurboFan inlines it into one compile of the hot path (0.4 KB
  // in every entry, which all load that file: protocol 96.1 KB, the whole entry 258.1 KB, governance
  // 309.2 KB; for W3 client CPU per call 0.967x and background threads' CPU 0.926x of before, 41 pairs);
  // client 94.3 KB and protocol 96.2 KB once the session's clock read Date.now() once per run of
  // synchronous code (0.13 KB, for W3 calls/s 1.032x and client CPU per call 0.966x, 41 pairs).
  await t.test('mcp-bridge/client loads 1 file and the whole entry 2, within their byte budgets, with no Node stream or crypto module', () => {
    for (const [entry, most, budget] of [
      ['mcp-bridge/client', 1, 94_500],
      ['mcp-bridge/protocol', 2, 96_400],
      ['mcp-bridge', 2, 258_500],
      // What it adds to the main entry's two files: the steps' factories, one file of 51 KB.
      ['mcp-bridge/governance', 3, 309_900],
    ] as const) {
      const log = join(dir, `modules-${entry.replace('/', '-')}.txt`);
      const counter = pathToFileURL(join(repoRoot, 'test', 'fixtures', 'module-count', 'register.mjs')).href;
      const script = [
        'const before = new Set(process.moduleLoadList);',
        `await import(${JSON.stringify(entry)});`,
        'const internals = process.moduleLoadList.filter((m) => !before.has(m) && /^NativeModule (stream|crypto|internal\\/fs\\/streams)$/.test(m));',
        'console.log(JSON.stringify(internals));',
      ].join('\n');
      const internals = JSON.parse(
        sh(process.execPath, ['--import', counter, '--input-type=module', '-e', script], project, { ...process.env, MCPB_MODULE_LOG: log }),
      ) as string[];
      const files = readFileSync(log, 'utf8')
        .split('\n')
        .filter((m) => m.includes('/node_modules/mcp-bridge/dist/bundle/'));
      assert.ok(files.length > 0 && files.length <= most, `${entry} loaded ${files.length} files (at most ${most}):\n${files.join('\n')}`);
      const bytes = files.reduce((sum, f) => sum + statSync(fileURLToPath(f)).size, 0);
      assert.ok(bytes <= budget, `${entry} loaded ${bytes} bytes at import (budget ${budget}):\n${files.join('\n')}`);
      // The governance steps are compiled only by who asks for them (the bundle keeps function names).
      const governance = /\bfunction (createPins|createScanner|createPolicy|createAuditLog|scanTool)\(/;
      const defined = files.flatMap((f) => readFileSync(fileURLToPath(f), 'utf8').match(governance)?.[1] ?? []);
      if (entry === 'mcp-bridge/governance') assert.ok(defined.length > 0, 'the test no longer recognises the governance code in the bundle');
      else assert.deepEqual(defined, [], `${entry} loads the governance steps at import:\n${files.join('\n')}`);
      // The first ESM import of a built-in costs about 0.4 ms (its namespace facade), even for one Node
      // loaded at start-up (node:path): the files loaded at import reach built-ins through getBuiltinModule.
      for (const f of files) {
        const builtin = readFileSync(fileURLToPath(f), 'utf8').match(/\b(?:from|import)\s*["']node:[\w/]+["']/);
        assert.equal(builtin, null, `${entry}: ${f} imports a Node built-in statically (${builtin?.[0]}); use process.getBuiltinModule where it is needed`);
        // V8 validates regex literals while compiling the file, and the first Unicode property class
        // (\p{L}) a process meets costs about 0.3 ms: such a pattern is built from a string on first use.
        const property = readFileSync(fileURLToPath(f), 'utf8').match(/\/[^/\n]*\\[pP]\{[^/\n]*\/[a-z]*u/);
        assert.equal(property, null, `${entry}: ${f} compiles a Unicode property pattern at import (${property?.[0]}); build it on first use`);
      }
      assert.deepEqual(internals, [], `${entry} loaded Node internals at import`);
    }
  });

  // Code loaded by import() on first use is not reached by the import tests above: each such path runs
  // here once, cold, in a fresh process of the install (a chunk the bundle failed to emit, or one that
  // needs a module the lazy import does not bring, fails here and nowhere else).
  await t.test(
    "paths loaded on first use work cold from the install: connecting, the modern era, resources, tasks, a manager's launch and context tools, the store of oversized results",
    () => {
      const v2 = v2Stdio({ reject: true, resources: true });
      // Each step below is the first use of a chunk of its own: connect (era detection), the modern
      // path, resources, the task steps (tasks/list, refused for want of the capability only once they loaded).
      const script = `
      import { connect } from 'mcp-bridge/client';
      const client = await connect({
        command: ${JSON.stringify(v2.command)},
        args: ${JSON.stringify(v2.args)},
        onElicitation: () => ({ action: 'accept', content: { ok: true } }),
      });
      const echo = await client.callTool('echo', { text: 'hi' });
      const confirm = await client.callTool('confirm', {});
      const note = await client.readResource('memo://note');
      const tasks = await client.listTasks().then((list) => list.length, (error) => error.code);
      await client.close();
      console.log(JSON.stringify({ era: client.era, echo: echo.content[0].text, confirm: confirm.content[0].text, note: note.contents[0].text, tasks }));
    `;
      const out = JSON.parse(sh(process.execPath, ['--input-type=module', '-e', script], project)) as Record<string, string>;
      assert.deepEqual(out, { era: 'modern', echo: 'hi (modern)', confirm: 'confirmed', note: 'a note', tasks: 'MCPB_CAPABILITY_MISSING' });
      // A manager's first start loads a server's launch, a server opted into resources its context
      // tools, and the registry's first call the running of a tool (as the store's script below does).
      const managed = `
      import { Manager, Registry } from 'mcp-bridge';
      const registry = new Registry();
      const manager = new Manager([{ name: 'v2', command: ${JSON.stringify(v2.command)}, args: ${JSON.stringify(v2.args)}, resources: true }], { registry });
      const summary = await manager.start();
      const listing = registry.list().find((d) => d.name.endsWith('list_resources'));
      const listed = listing && (await registry.execute(listing.name, {})).text;
      await manager.close();
      console.log(JSON.stringify({ ready: summary.ready, noted: typeof listed === 'string' && listed.includes('memo://note') }));
    `;
      assert.deepEqual(JSON.parse(sh(process.execPath, ['--input-type=module', '-e', managed], project)), { ready: ['v2'], noted: true });
      const results = `
      import { Registry } from 'mcp-bridge';
      const registry = new Registry({ results: { maxResultTokens: 100 } });
      registry.register({ name: 'big', handler: () => JSON.stringify({ items: Array.from({ length: 500 }, (_, i) => ({ id: i })) }) });
      const cut = await registry.execute('big', {});
      const read = await registry.execute('read_result', { handle: cut.handle, pointer: '/items/321/id' });
      console.log(JSON.stringify({ handle: cut.handle, read: read.text }));
    `;
      assert.deepEqual(JSON.parse(sh(process.execPath, ['--input-type=module', '-e', results], project)), { handle: 'result-1', read: '321' });
    },
  );

  // The install path the README promises: its 30-second example, type-checked against the
  // declarations the package ships (resolved through its exports, as a user's tsc does) and run.
  await t.test("the README's 30-second example type-checks against the installed package and runs", () => {
    const landing = docBlocks().find((b) => b.file === 'README.md' && b.name === 'landing');
    assert.ok(landing, 'README.md has the landing example');
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'src', 'landing.ts'), localise(landing.code));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          types: ['node'],
          typeRoots: [join(repoRoot, 'node_modules', '@types')],
          rootDir: 'src',
          outDir: 'out',
        },
        include: ['src'],
      }),
    );
    sh(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], project);
    const out = sh(process.execPath, [join(project, 'out', 'landing.js')], project);
    assert.match(out, /^true\n\[(FILE|DIR)\] /);
  });

  await t.test('the installed CLI: --help, --version, and tools from a real server', () => {
    const bin = join(project, 'node_modules', '.bin', 'mcp-bridge');
    assert.match(sh(process.execPath, [bin, '--help'], project), /^Usage: mcp-bridge/);
    const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    assert.equal(sh(process.execPath, [bin, '--version'], project), `${version}\n`);
    const memory = officialServer('memory');
    try {
      const config = writeConfigFile([stdioEntry('mem', memory)]);
      const tools = JSON.parse(sh(process.execPath, [bin, '--config', config, 'tools', '--json', '-q'], project)) as { name: string; server: string }[];
      assert.ok(
        tools.some((tool) => tool.server === 'mem' && /entit/.test(tool.name)),
        JSON.stringify(tools.map((tool) => tool.name)),
      );
    } finally {
      memory.cleanup();
    }
  });
});
