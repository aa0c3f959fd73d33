// Client-level fault handling over real stdio processes: a crash mid-call, garbage on stdout, a
// server that never initializes, a hanging tool, a server that exits at startup, a missing command.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, type ClientOptions } from '../../src/client/client.js';
import { StdioTransport, type StdioTransportOptions } from '../../src/transports/stdio/index.js';
import { assertNoProcesses, procAvailable } from '../helpers/no-orphans.js';
import { fixtureServer, officialServer, scratchDir, type ServerLaunch } from '../helpers/servers.js';

const fast = { stdinGraceMs: 500, termGraceMs: 500, killGraceMs: 2000 };

function clientFor(
  launch: ServerLaunch,
  options: ClientOptions = {},
  transportOptions: Partial<StdioTransportOptions> = {},
): { client: Client; transport: StdioTransport } {
  const transport = new StdioTransport({
    command: launch.command,
    args: launch.args,
    env: launch.env,
    serverName: options.name,
    closeTimeouts: fast,
    ...transportOptions,
  });
  return { client: new Client(transport, options), transport };
}

async function waitForLine(file: string, predicate: (value: any) => boolean, timeoutMs: number): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const value = JSON.parse(line);
        if (predicate(value)) return value;
      }
    }
    await sleep(25);
  }
  throw new Error(`no matching line in ${file} within ${timeoutMs} ms`);
}

describe('stdio faults through the client', () => {
  it('a crash mid-call rejects the pending call at once with the exit code and stderr tail', async () => {
    // covers: STDIO-8
    const { client } = clientFor(fixtureServer('crash-mid-call'), { name: 'crashy', requestTimeoutMs: 60_000 });
    await client.connect();
    const started = Date.now();
    await assert.rejects(client.callTool('echo', { text: 'x' }), (error: any) => {
      assert.equal(error.code, 'MCPB_CONNECTION_CLOSED');
      assert.equal(error.context.exitCode, 3);
      assert.equal(error.context.reason, 'exited');
      assert.match(error.context.stderrTail, /crashing on purpose/);
      assert.match(error.message, /tools\/call to server "crashy" failed: .*exited with code 3/);
      assert.match(error.message, /crashing on purpose/);
      assert.equal(error.cause?.code, 'MCPB_SERVER_EXITED');
      return true;
    });
    // "At once": far below the 60 s request timeout (generous bound, not a benchmark).
    assert.ok(Date.now() - started < 10_000);
    await client.close();
  });

  it('garbage on stdout is reported as errors, and calls still succeed', async () => {
    // covers: STDIO-6
    const { client } = clientFor(fixtureServer('garbage-stdout'), { name: 'noisy' });
    const errors: any[] = [];
    client.events.on('error', (error) => errors.push(error));
    try {
      await client.connect();
      const tools = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['echo'],
      );
      const result = await client.callTool('echo', { text: 'through the noise' });
      assert.deepEqual(result.content, [{ type: 'text', text: 'through the noise' }]);
    } finally {
      await client.close();
    }
    assert.ok(errors.length >= 4);
    assert.ok(errors.every((e) => e.code === 'MCPB_FRAMING' && e.context.server === 'noisy'));
  });

  it('a server that never answers initialize hits the startup timeout with a typed error, and is stopped', async () => {
    // covers: LIFE-1
    const { client, transport } = clientFor(fixtureServer('never-initialize'), { name: 'mute', startupTimeoutMs: 500 });
    await assert.rejects(client.connect(), (error: any) => {
      assert.equal(error.code, 'MCPB_SERVER_START_FAILED');
      assert.match(error.message, /server "mute" .*did not answer initialize within 500 ms/);
      assert.equal(error.cause?.code, 'MCPB_REQUEST_TIMEOUT');
      assert.match(error.message, /reading, never answering/, 'the stderr tail says what the server was doing');
      return true;
    });
    if (procAvailable() && transport.pid) await assertNoProcesses([transport.pid], { timeoutMs: 5000 });
  });

  it('a hanging tool times out, and the server then receives notifications/cancelled for that request', async () => {
    // covers: CANCEL-1, TIME-1
    const log = join(scratchDir('hang'), 'received.jsonl');
    const { client } = clientFor(fixtureServer('hanging-tool', { env: { HANGING_TOOL_LOG: log } }), { name: 'hang' });
    try {
      await client.connect();
      await assert.rejects(client.callTool('slow', {}, { timeoutMs: 300 }), { code: 'MCPB_REQUEST_TIMEOUT' });
      const call = await waitForLine(log, (v) => v.received === 'tools/call', 5000);
      const cancelled = await waitForLine(log, (v) => v.method === 'notifications/cancelled', 5000);
      assert.equal(cancelled.params.requestId, call.id);
      // The connection survives a timed-out call.
      assert.ok((await client.ping()) >= 0);
    } finally {
      await client.close();
    }
  });

  it('an aborted call sends notifications/cancelled too', async () => {
    // covers: CANCEL-1
    const log = join(scratchDir('hang'), 'received.jsonl');
    const { client } = clientFor(fixtureServer('hanging-tool', { env: { HANGING_TOOL_LOG: log } }));
    try {
      await client.connect();
      const controller = new AbortController();
      const call = client.callTool('slow', {}, { signal: controller.signal });
      const received = await waitForLine(log, (v) => v.received === 'tools/call', 5000);
      controller.abort(new Error('user pressed stop'));
      await assert.rejects(call, { code: 'MCPB_REQUEST_ABORTED' });
      const cancelled = await waitForLine(log, (v) => v.method === 'notifications/cancelled', 5000);
      assert.equal(cancelled.params.requestId, received.id);
    } finally {
      await client.close();
    }
  });

  it('a server exiting before initialize (brave-search without a key) fails connect with exit code and stderr', async () => {
    const launch = officialServer('brave-search');
    const { client } = clientFor(launch, { name: 'brave' });
    await assert.rejects(client.connect(), (error: any) => {
      assert.equal(error.code, 'MCPB_SERVER_START_FAILED');
      assert.equal(error.context.exitCode, 1);
      assert.match(error.context.stderrTail, /BRAVE_API_KEY/);
      assert.match(error.message, /ended before answering initialize/);
      return true;
    });
  });

  it('a missing command fails connect with SpawnError', async () => {
    const transport = new StdioTransport({ command: 'mcpb-definitely-missing', serverName: 'ghost' });
    const client = new Client(transport, { name: 'ghost' });
    await assert.rejects(client.connect(), (error: any) => {
      assert.equal(error.code, 'MCPB_SPAWN_FAILED');
      assert.match(error.message, /is mcpb-definitely-missing installed and on PATH/);
      return true;
    });
  });

  it('a 64 MiB tool result arrives whole through the client with default options (issue 11 item 10)', async () => {
    const { client } = clientFor(fixtureServer('big-result'));
    try {
      await client.connect();
      const result = await client.callTool('big', {}, { timeoutMs: 60_000 });
      assert.equal((result.content[0] as { text: string }).text.length, 64 * 1024 * 1024);
    } finally {
      await client.close();
    }
  });
});
