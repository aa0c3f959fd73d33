// Tracing off costs nothing to load: an application that imports mcp-bridge and calls a server
// without telemetry never loads @opentelemetry/api nor the module that uses it (the loader hook
// sees every module). With telemetry on, both load (so the check can fail). Without the package,
// createTelemetry() says so with MCPB_TELEMETRY_UNAVAILABLE and how to fix it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../helpers/paths.js';
import { fixtureServerScript } from '../helpers/servers.js';

const entry = pathToFileURL(join(repoRoot, 'dist', 'src', 'index.js')).href;
const server = fixtureServerScript('trace-meta');
const register = pathToFileURL(join(repoRoot, 'test', 'fixtures', 'module-count', 'register.mjs')).href;

/** Runs `body` (an ES module's text after the import of mcp-bridge) and returns the modules it loaded and its stdout. */
function run(body: string, extraImport?: string): { loaded: string[]; stdout: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-otel-'));
  try {
    const log = join(dir, 'loaded.txt');
    writeFileSync(log, '');
    writeFileSync(join(dir, 'main.mjs'), `import * as mcpb from ${JSON.stringify(entry)};\n${body}\n`);
    const imports = ['--import', register, ...(extraImport ? ['--import', extraImport] : [])];
    const r = spawnSync(process.execPath, [...imports, join(dir, 'main.mjs')], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, MCPB_MODULE_LOG: log },
    });
    assert.equal(r.status, 0, r.stderr);
    return { loaded: readFileSync(log, 'utf8').split('\n').filter(Boolean), stdout: r.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const call = (options: string) =>
  `const c = await mcpb.connect({ command: process.execPath, args: [${JSON.stringify(server)}, 'stdio'], ${options} });\nawait c.callTool('meta', {});\nawait c.close();`;
const tracingModules = (loaded: string[]) => loaded.filter((u) => /@opentelemetry|\/telemetry\/spans\.js/.test(u));

test('tracing off: neither @opentelemetry/api nor the span module is ever loaded', () => {
  const { loaded } = run(call(''));
  assert.ok(
    loaded.some((u) => u.includes('/dist/src/session/')),
    'the hook saw the library load',
  );
  assert.deepEqual(tracingModules(loaded), []);
});

test('tracing on: createTelemetry() loads them (the check above can fail)', () => {
  const { loaded } = run(call('telemetry: await mcpb.createTelemetry()'));
  const found = tracingModules(loaded);
  assert.ok(found.some((u) => u.includes('/telemetry/spans.js')) && found.some((u) => u.includes('@opentelemetry/api')), found.join('\n'));
});

test('without @opentelemetry/api installed, createTelemetry() rejects with MCPB_TELEMETRY_UNAVAILABLE and the fix', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-otel-missing-'));
  try {
    // A resolve hook that behaves as if the optional peer were not installed.
    writeFileSync(
      join(dir, 'hooks.mjs'),
      "export async function resolve(s, c, next) { if (s.startsWith('@opentelemetry/')) { const e = new Error(`Cannot find package '${s}'`); e.code = 'ERR_MODULE_NOT_FOUND'; throw e; } return next(s, c); }\n",
    );
    writeFileSync(
      join(dir, 'register.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
    );
    const { stdout } = run(
      "try { await mcpb.createTelemetry(); console.log('loaded'); } catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message })); }",
      pathToFileURL(join(dir, 'register.mjs')).href,
    );
    const out = JSON.parse(stdout.trim()) as { code: string; message: string };
    assert.equal(out.code, 'MCPB_TELEMETRY_UNAVAILABLE');
    assert.match(out.message, /@opentelemetry\/api/);
    assert.match(out.message, /npm i @opentelemetry\/api/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
