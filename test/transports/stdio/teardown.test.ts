// No orphans (STDIO-7, peers bugs 1 and 2): after close(), after the agent dies of an uncaught
// exception, and after SIGTERM with installSignalCleanup, no server process is left. Checked in
// /proc, never through the transport's own bookkeeping. Linux only (skipped elsewhere).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { liveServerPids, StdioTransport } from '../../../src/transports/stdio/index.js';
import type { TransportCloseInfo } from '../../../src/transports/transport.js';
import { assertNoProcesses, isAlive, killAll, procAvailable, processTree } from '../../helpers/no-orphans.js';
import { fixtureServer, fixtureServerScript, officialServer, rawInitialize, rawRpc, scratchDir } from '../../helpers/servers.js';

const skip = !procAvailable() || process.platform === 'win32';
const transportModule = new URL('../../../src/transports/stdio/index.js', import.meta.url).href;
// killGraceMs is generous: on a loaded machine a SIGKILLed tree can take a while to be reaped.
const fast = { stdinGraceMs: 500, termGraceMs: 500, killGraceMs: 5000 };

interface WrapperPids {
  wrapper: number;
  server: number;
  lingerer: number;
  escapee?: number;
}

async function readPids(file: string): Promise<WrapperPids> {
  for (let i = 0; i < 200; i++) {
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      if (text.endsWith('}')) return JSON.parse(text) as WrapperPids;
    }
    await sleep(25);
  }
  throw new Error(`wrapper never wrote ${file}`);
}

/** Snapshot of the server tree from /proc, checked to contain what the wrapper says it started. */
function treeOf(pid: number, pids: WrapperPids): number[] {
  const tree = processTree(pid);
  for (const p of [pids.wrapper, pids.server, pids.lingerer, ...(pids.escapee ? [pids.escapee] : [])])
    assert.ok(tree.includes(p), `/proc shows ${p} in the tree of ${pid}: [${tree.join(', ')}]`);
  return tree;
}

/** Runs an agent script (ESM, in a fresh node) that talks to us through stdout lines. */
function runAgent(
  body: string,
  env: Record<string, string> = {},
): { child: ChildProcess; next(): Promise<any>; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const code = `import { StdioTransport, installSignalCleanup } from ${JSON.stringify(transportModule)};\nconst say = (v) => process.stdout.write(JSON.stringify(v) + '\\n');\n${body}`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (c, s) => resolve({ code: c, signal: s })));
  return {
    child,
    exited,
    next: async () => {
      const r = await lines.next();
      if (r.done) throw new Error('agent ended its output');
      return JSON.parse(r.value);
    },
  };
}

/** Agent preamble: start the npx-like wrapper, handshake by hand, report the transport pid. */
function agentStartsWrapper(pidsFile: string): string {
  return `
const t = new StdioTransport({ command: process.execPath, args: [${JSON.stringify(fixtureServerScript('wrapper-with-grandchild'))}], env: { WRAPPER_PIDS_FILE: ${JSON.stringify(pidsFile)}, WRAPPER_ESCAPEE: '1' } });
await t.start();
await new Promise((resolve) => { t.events.on('message', (m) => { if (m.id === 1) resolve(); }); t.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'agent', version: '0' } } }); });
say({ ready: true, pid: t.pid });
`;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe('stdio teardown leaves no process behind', { skip }, () => {
  it('close() stops an npx-like wrapper, its server and a grandchild that ignores EOF and SIGTERM', async () => {
    // covers: STDIO-7
    const pidsFile = join(scratchDir('wrapper'), 'pids.json');
    const transport = new StdioTransport({ ...fixtureServer('wrapper-with-grandchild', { env: { WRAPPER_PIDS_FILE: pidsFile } }), closeTimeouts: fast });
    const closed = new Promise<TransportCloseInfo>((resolve) => transport.events.once('close', resolve));
    await transport.start();
    await rawInitialize(rawRpc(transport));
    const tree = treeOf(transport.pid!, await readPids(pidsFile));
    try {
      const started = Date.now();
      await transport.close();
      const elapsed = Date.now() - started;
      assert.ok(elapsed < fast.stdinGraceMs + fast.termGraceMs + fast.killGraceMs + 1500, `close took ${elapsed} ms`);
      assert.equal((await closed).reason, 'closed');
      await assertNoProcesses(tree, { timeoutMs: 5000, message: 'close() left processes behind' });
    } finally {
      killAll(tree);
    }
  });

  it('close() also stops a grandchild that left the process group (setsid), found through /proc', async () => {
    // covers: STDIO-7
    const pidsFile = join(scratchDir('wrapper'), 'pids.json');
    const transport = new StdioTransport({
      ...fixtureServer('wrapper-with-grandchild', { env: { WRAPPER_PIDS_FILE: pidsFile, WRAPPER_ESCAPEE: '1' } }),
      closeTimeouts: fast,
    });
    await transport.start();
    await rawInitialize(rawRpc(transport));
    const pids = await readPids(pidsFile);
    assert.ok(pids.escapee);
    const tree = treeOf(transport.pid!, pids);
    try {
      await transport.close();
      await assertNoProcesses(tree, { timeoutMs: 5000, message: 'close() left processes behind' });
    } finally {
      killAll(tree);
    }
  });

  it('a server that dies on its own while a grandchild holds stdout: close carries its exit code, the grandchild is killed', async () => {
    // covers: STDIO-8
    const pidsFile = join(scratchDir('wrapper'), 'pids.json');
    const transport = new StdioTransport({
      ...fixtureServer('wrapper-with-grandchild', { env: { WRAPPER_PIDS_FILE: pidsFile, WRAPPER_SERVER: 'crash-mid-call' } }),
      closeTimeouts: fast,
    });
    const closed = new Promise<TransportCloseInfo>((resolve) => transport.events.once('close', resolve));
    await transport.start();
    const rpc = rawRpc(transport);
    await rawInitialize(rpc);
    const tree = treeOf(transport.pid!, await readPids(pidsFile));
    try {
      rpc.request('tools/call', { name: 'echo', arguments: { text: 'boom' } }).catch(() => {});
      const info = await withTimeout(closed, 10_000, 'close after the crash');
      assert.equal(info.reason, 'exited');
      assert.equal(info.exitCode, 3);
      assert.match(info.stderrTail ?? '', /crashing on purpose/);
      await assertNoProcesses(tree, { timeoutMs: 5000, message: 'a crashed server left processes behind' });
    } finally {
      killAll(tree);
      await transport.close();
    }
  });

  it('the exit hook kills every server tree when the agent dies of an uncaught exception', async () => {
    const pidsFile = join(scratchDir('agent'), 'pids.json');
    // The crash waits long enough for the test to snapshot the tree first, even on a loaded machine.
    const agent = runAgent(agentStartsWrapper(pidsFile) + `setTimeout(() => { throw new Error('agent bug'); }, 1500);\n`);
    const { pid } = await withTimeout(agent.next(), 15_000, 'agent ready');
    const tree = treeOf(pid, await readPids(pidsFile));
    try {
      const exit = await withTimeout(agent.exited, 15_000, 'agent exit');
      assert.equal(exit.code, 1);
      await assertNoProcesses(tree, { timeoutMs: 5000, message: 'an agent crash left servers behind' });
    } finally {
      killAll(tree);
    }
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`installSignalCleanup: on ${signal} the agent kills its servers and exits with 128+signo`, async () => {
      const pidsFile = join(scratchDir('agent'), 'pids.json');
      const agent = runAgent(`installSignalCleanup();\n` + agentStartsWrapper(pidsFile));
      const { pid } = await withTimeout(agent.next(), 15_000, 'agent ready');
      const tree = treeOf(pid, await readPids(pidsFile));
      try {
        agent.child.kill(signal);
        const exit = await withTimeout(agent.exited, 15_000, 'agent exit');
        assert.equal(exit.code, signal === 'SIGTERM' ? 143 : 130);
        await assertNoProcesses(tree, { timeoutMs: 5000, message: `${signal} left servers behind` });
      } finally {
        killAll(tree);
      }
    });
  }

  it('without any hook (agent SIGKILLed), a well-behaved server still exits on stdin EOF', async () => {
    // covers: STDIO-7 (the documented limit: SIGKILL runs no handler, only stdin EOF reaches the server)
    const agent = runAgent(`
const t = new StdioTransport({ command: process.execPath, args: [${JSON.stringify(fixtureServerScript('echo-server'))}] });
await t.start();
say({ ready: true, pid: t.pid });
setInterval(() => {}, 1000);
`);
    const { pid } = await withTimeout(agent.next(), 15_000, 'agent ready');
    assert.ok(isAlive(pid));
    try {
      agent.child.kill('SIGKILL');
      await agent.exited;
      await assertNoProcesses([pid], { timeoutMs: 5000 });
    } finally {
      killAll([pid]);
    }
  });

  for (const which of ['everything', 'wrapper'] as const) {
    it(`after close() the agent process exits by itself (no handle kept alive): ${which}`, async () => {
      const launch = which === 'everything' ? officialServer('everything') : fixtureServer('wrapper-with-grandchild');
      const agent = runAgent(`
const t = new StdioTransport({ command: ${JSON.stringify(launch.command)}, args: ${JSON.stringify(launch.args)}, closeTimeouts: { stdinGraceMs: 500, termGraceMs: 500, killGraceMs: 2000 } });
await t.start();
await new Promise((resolve) => { t.events.on('message', (m) => { if (m.id === 1) resolve(); }); t.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'agent', version: '0' } } }); });
say({ ready: true, pid: t.pid });
await t.close();
say({ closed: true });
`);
      try {
        const { pid } = await withTimeout(agent.next(), 15_000, 'agent ready');
        const tree = processTree(pid);
        assert.deepEqual(await withTimeout(agent.next(), 15_000, 'agent closed'), { closed: true });
        const exit = await withTimeout(agent.exited, 10_000, 'the agent exiting by itself after close()');
        assert.equal(exit.code, 0);
        await assertNoProcesses(tree, { timeoutMs: 3000 });
      } finally {
        agent.child.kill('SIGKILL');
        launch.cleanup();
      }
    });
  }

  it('the exit hook is installed with the first live server and removed with the last', async () => {
    assert.deepEqual(liveServerPids(), [], 'every earlier test untracked its servers (a close that ended did-not-exit keeps them)');
    const before = process.listenerCount('exit');
    const a = new StdioTransport(fixtureServer('echo-server'));
    const b = new StdioTransport(fixtureServer('echo-server'));
    await a.start();
    await b.start();
    assert.equal(process.listenerCount('exit'), before + 1);
    await a.close();
    assert.equal(process.listenerCount('exit'), before + 1);
    await b.close();
    assert.equal(process.listenerCount('exit'), before);
  });
});
