// The stdio path never loads authorization code: importing mcp-bridge/client and talking to a stdio
// server must not resolve any module of src/auth, protocol/auth, the HTTP auth seam, or oauth4webapi.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../helpers/paths.js';

test('importing mcp-bridge/client and calling a stdio server loads no auth module', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-noauth-'));
  try {
    const log = join(dir, 'loaded.txt');
    // Resolve hooks run off the main thread in Node 20: record every URL to a file.
    writeFileSync(
      join(dir, 'hooks.mjs'),
      `import { appendFileSync } from 'node:fs';\nexport async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(log)}, r.url + '\\n'); return r; }\n`,
    );
    writeFileSync(
      join(dir, 'register.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
    );
    const client = pathToFileURL(join(repoRoot, 'dist', 'src', 'client', 'index.js')).href;
    const server = join(repoRoot, 'test', 'faults', 'servers', 'echo-server.mjs');
    writeFileSync(
      join(dir, 'main.mjs'),
      `import { connect } from ${JSON.stringify(client)};\nconst c = await connect({ command: process.execPath, args: [${JSON.stringify(server)}] });\nawait c.listTools();\nawait c.close();\n`,
    );
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, join(dir, 'main.mjs')], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(existsSync(log));
    const loaded = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    assert.ok(
      loaded.some((u) => u.includes('/dist/src/client/')),
      'the hook saw the client load',
    );
    const auth = loaded.filter((u) => /\/dist\/src\/auth\/|\/dist\/protocol\/auth\/|\/transports\/http\/|oauth4webapi|undici/.test(u));
    assert.deepEqual(auth, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
