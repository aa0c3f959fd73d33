// Issue 10, "one home per concept": a crash keeps its cause from the transport to `doctor`, the
// config entry travels to the transport as it is, and initialize is never cancelled on any path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Manager } from '../../src/manager/manager.js';
import { describeFailure } from '../../src/cli/commands/doctor.js';
import { createTransport } from '../../src/transports/create.js';
import { Session } from '../../src/session/session.js';
import { fixtureServerScript } from '../helpers/servers.js';
import { nodeEntry, testConfig } from '../helpers/config.js';
import { linkedPair } from '../helpers/pair.js';

const crashMidCall = fixtureServerScript('crash-mid-call');

async function until(cond: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('a crash stays the cause: status and doctor show MCPB_SERVER_EXITED with its hint, not a bare MCPB_SERVER_UNAVAILABLE', async () => {
  const manager = new Manager(testConfig([nodeEntry('crashy', crashMidCall)]), { restartPolicy: { maxRestarts: 1, initialDelayMs: 60_000 } });
  try {
    await manager.start();
    const handle = manager.server('crashy');
    await assert.rejects(handle.callTool('echo', { text: 'x' }), (e: any) => e.code === 'MCPB_CONNECTION_CLOSED');
    await until(() => handle.state === 'restarting', 'the crash to be recorded');
    const status = handle.status();
    assert.equal(status.lastErrorCode, 'MCPB_SERVER_UNAVAILABLE');
    assert.equal(status.lastErrorCause?.code, 'MCPB_SERVER_EXITED');
    assert.match(status.lastErrorCause!.message, /exited with code 3/);
    // A call while it is down fails fast, with the crash as its cause.
    await assert.rejects(
      handle.callTool('echo', { text: 'x' }),
      (e: any) => e.code === 'MCPB_SERVER_UNAVAILABLE' && e.cause?.cause?.code === 'MCPB_SERVER_EXITED',
    );
    const line = describeFailure(status);
    assert.match(line, /cause: MCPB_SERVER_EXITED/);
    assert.match(line, /→ the server process exited after it was ready/);
    assert.match(line, /crash-mid-call fixture is crashing on purpose/);
  } finally {
    await manager.close();
  }
});

test("a loaded ServerConfig is the transport factory's input, as it is (stdio and HTTP)", async () => {
  const config = testConfig([
    nodeEntry('a', crashMidCall, { args: [crashMidCall, '--api-key', 'k-123456'] }),
    { name: 'b', url: 'https://example.com/mcp?token=abc', transport: 'streamable-http' },
  ]);
  const [stdio, http] = config.servers;
  assert.equal(stdio!.transport, 'stdio');
  const t1 = await createTransport(stdio!, { serverName: 'a' });
  assert.equal(t1.kind, 'stdio');
  assert.match(t1.target!, /crash-mid-call\.mjs --api-key \*\*\*$/);
  const t2 = await createTransport(http!, { serverName: 'b' });
  assert.equal(t2.kind, 'streamable-http');
  assert.equal(t2.target, 'https://example.com/mcp?token=***');
  await Promise.all([t1.close(), t2.close()]);
});

test('initialize is never cancelled, on the timeout and the abort path alike, whatever the caller asks (LIFE-8)', async () => {
  const [a] = linkedPair();
  const session = new Session(a, { serverName: 's' });
  await session.start();
  await assert.rejects(session.request('initialize', {} as never, { timeoutMs: 20 }), /timed out/);
  const controller = new AbortController();
  const aborted = session.request('initialize', {} as never, { signal: controller.signal, cancellable: true });
  controller.abort(new Error('stop'));
  await assert.rejects(aborted, (e: any) => e.code === 'MCPB_REQUEST_ABORTED');
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(a.sent.filter((m) => 'method' in m && m.method === 'notifications/cancelled').length, 0);
  await session.close();
});
