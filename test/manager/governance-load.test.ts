// The Manager loads its config's governance steps (pins, scanner, policy, audit) with import(), so
// there is a moment after `new Manager()` when they are not in place yet. Nothing may run ungoverned
// in it: a server handle started on its own (`manager.server(name).start()`, a public method that
// does not go through `manager.start()`) keeps its tools out of the registry, and a direct call waits,
// until the steps are there. A loader hook in a child process holds the steps' module back until the
// test lets it go, so the window is wide open whatever the machine's speed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { stdioEntry } from '../helpers/config.js';
import { officialServer, scratchDir } from '../helpers/servers.js';

const src = (path: string) => new URL(`../../src/${path}`, import.meta.url).href;

const HOOKS = `
import { existsSync } from 'node:fs';
const release = process.env.MCPB_RELEASE;
export async function load(url, context, nextLoad) {
  if (url.endsWith('/manager/pipeline-steps.js')) while (!existsSync(release)) await new Promise((r) => setTimeout(r, 20));
  return nextLoad(url, context);
}
`;

const CHILD = `
import { existsSync, writeFileSync } from 'node:fs';
const { Manager } = await import(${JSON.stringify(src('manager/manager.js'))});
// A handle's first start imports its launch module, the connecting code and the stdio transport (a
// Manager starts loading them when built); the loader's hooks serve one load at a time, so they are
// loaded here, before the held-back steps' module would queue them behind it.
await import(${JSON.stringify(src('manager/server-launch.js'))});
await import(${JSON.stringify(src('client/connect.js'))});
await import(${JSON.stringify(src('transports/stdio/stdio-transport.js'))});
const { Registry } = await import(${JSON.stringify(src('adapters/registry.js'))});
const { parseConfig } = await import(${JSON.stringify(src('config/index.js'))});
const { configText, file, source, destination, release } = JSON.parse(process.env.MCPB_CHILD);
const registry = new Registry();
const manager = new Manager(parseConfig(configText, { file, env: {} }), { registry });
try {
  const fs = manager.server('fs');
  await fs.start();
  const listedEarly = registry.list().map((d) => d.name);
  const direct = fs.callTool('move_file', { source, destination }).then(
    () => ({ sent: true }),
    (error) => ({ code: error.code }),
  );
  await new Promise((r) => setTimeout(r, 300));
  const movedEarly = existsSync(destination);
  writeFileSync(release, '');
  const outcome = await direct;
  for (let i = 0; i < 200 && registry.list().length === 0; i++) await new Promise((r) => setTimeout(r, 25));
  const listed = registry.list().map((d) => d.name);
  const executed = await registry.execute('fs_move_file', { source, destination });
  console.log(JSON.stringify({ listedEarly, movedEarly, outcome, listed, executed: executed.error?.code, moved: existsSync(destination), state: fs.state }));
} finally {
  await manager.close();
}
`;

test('a server handle started before the governance steps are loaded: no tool published, its direct call waits and is refused (POLICY)', {
  timeout: 120_000,
}, () => {
  const fs = officialServer('filesystem');
  const dir = scratchDir('governance-load');
  try {
    const source = join(fs.dir!, 'keep.txt');
    writeFileSync(source, 'stay');
    writeFileSync(join(dir, 'hooks.mjs'), HOOKS);
    writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`);
    writeFileSync(join(dir, 'child.mjs'), CHILD);
    const policy = { default: 'allow', rules: [{ tools: ['fs_move_file'], action: 'deny', reason: 'moves lose files' }] };
    const child = {
      configText: JSON.stringify({ tools: { mcp: { policy, servers: [stdioEntry('fs', fs, { prefix: 'fs_' })] } } }),
      file: join(dir, 'mcp-bridge.yaml'),
      source,
      destination: join(fs.dir!, 'moved.txt'),
      release: join(dir, 'release'),
    };
    const run = spawnSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, join(dir, 'child.mjs')], {
      encoding: 'utf8',
      timeout: 90_000,
      env: { ...process.env, MCPB_CHILD: JSON.stringify(child), MCPB_RELEASE: child.release },
    });
    assert.equal(run.status, 0, `child failed (${run.status ?? run.signal}):\n${run.stderr}\n${run.stdout}`);
    const out = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    assert.equal(out.state, 'ready', 'the handle started on its own');
    assert.deepEqual(out.listedEarly, [], 'tools were published before the steps were in place');
    assert.equal(out.movedEarly, false, 'a direct call ran before the steps were in place');
    assert.deepEqual(out.outcome, { code: 'MCPB_POLICY_DENIED' }, 'the waiting direct call was judged by the policy once loaded');
    assert.ok((out.listed as string[]).includes('fs_read_text_file'), `the tools are published once the steps are in place: ${out.listed}`);
    assert.ok(!(out.listed as string[]).includes('fs_move_file'), 'the denied tool is hidden');
    assert.equal(out.executed, 'MCPB_POLICY_DENIED');
    assert.equal(out.moved, false, 'the server moved the file');
  } finally {
    fs.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});
