// The stdio transport against real processes: the official servers, a few fixtures, and inline
// scripts. Transport level only (raw JSON-RPC), so a session bug cannot hide a transport bug.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StdioTransport, type StdioTransportOptions } from '../../../src/transports/stdio/index.js';
import type { TransportCloseInfo } from '../../../src/transports/transport.js';
import { fixtureServer, officialServer, rawInitialize, rawRpc, scratchDir, type ServerLaunch } from '../../helpers/servers.js';
import { assertNoProcesses, procAvailable } from '../../helpers/no-orphans.js';

function transportFor(launch: ServerLaunch, extra: Partial<StdioTransportOptions> = {}): StdioTransport {
  return new StdioTransport({ command: launch.command, args: launch.args, env: launch.env, ...extra });
}

function nextClose(transport: StdioTransport): Promise<TransportCloseInfo> {
  return new Promise((resolve) => transport.events.once('close', resolve));
}

function inline(code: string, extra: Partial<StdioTransportOptions> = {}): StdioTransport {
  return new StdioTransport({ command: process.execPath, args: ['--input-type=module', '-e', code], ...extra });
}

describe('stdio transport with the official servers', () => {
  it('everything: raw initialize + initialized, tools/list, clean close with exit code 0', async () => {
    // covers: STDIO-1, STDIO-2, STDIO-7
    const launch = officialServer('everything');
    const transport = transportFor(launch, { serverName: 'everything' });
    const closes: TransportCloseInfo[] = [];
    transport.events.on('close', (info) => closes.push(info));
    try {
      await transport.start();
      assert.equal(typeof transport.pid, 'number');
      const rpc = rawRpc(transport);
      const init = await rawInitialize(rpc);
      assert.equal(init.protocolVersion, '2025-06-18');
      assert.equal(typeof init.serverInfo?.name, 'string');
      const tools = await rpc.request('tools/list', {});
      assert.ok(Array.isArray(tools.result.tools) && tools.result.tools.length > 0);
      const echo = await rpc.request('tools/call', { name: 'echo', arguments: { message: 'hi there' } });
      assert.match(JSON.stringify(echo.result), /hi there/);
    } finally {
      await transport.close();
      launch.cleanup();
    }
    assert.equal(closes.length, 1);
    assert.equal(closes[0]!.reason, 'closed');
    assert.equal(closes[0]!.exitCode, 0);
    assert.equal(closes[0]!.signal, null);
  });

  it('everything: deliveringShallow is up only while a line too short to nest past the depth limit is delivered', async () => {
    const launch = officialServer('everything');
    const transport = transportFor(launch, { serverName: 'everything' });
    // Each message's own line length, as the server wrote it, beside the flag seen in the listener.
    const seen: { id: unknown; shallow: boolean | undefined; length: number }[] = [];
    transport.events.on('message', (value) => {
      seen.push({ id: (value as { id?: unknown }).id, shallow: transport.deliveringShallow, length: JSON.stringify(value).length });
    });
    try {
      await transport.start();
      assert.equal(transport.deliveringShallow, false, 'down before any message');
      const rpc = rawRpc(transport);
      await rawInitialize(rpc);
      const short = await rpc.request('tools/call', { name: 'echo', arguments: { message: 'hi' } });
      const long = await rpc.request('tools/call', { name: 'echo', arguments: { message: 'x'.repeat(600) } });
      const of = (id: unknown) => seen.find((s) => s.id === id)!;
      // 2 × 257 characters is the least a value nested past 256 levels takes (one bracket each way per level).
      assert.ok(of(short.id).length < 2 * 257 && of(short.id).shallow === true, JSON.stringify(of(short.id)));
      assert.ok(of(long.id).length > 2 * 257 && of(long.id).shallow === false, JSON.stringify(of(long.id)));
      assert.equal(transport.deliveringShallow, false, 'down again after each delivery');
    } finally {
      await transport.close();
      launch.cleanup();
    }
  });

  it('filesystem: a response of a few MB arrives whole', async () => {
    // covers: STDIO-2
    const launch = officialServer('filesystem');
    const content = 'line of text for the large file test 0123456789\n'.repeat(80_000); // ~3.9 MB
    writeFileSync(join(launch.dir!, 'big.txt'), content);
    const transport = transportFor(launch);
    try {
      await transport.start();
      const rpc = rawRpc(transport);
      await rawInitialize(rpc);
      const response = await rpc.request('tools/call', { name: 'read_text_file', arguments: { path: join(launch.dir!, 'big.txt') } });
      assert.equal(response.error, undefined);
      const text = response.result.content[0].text as string;
      assert.equal(text.length, content.length);
      assert.equal(text, content);
    } finally {
      await transport.close();
      launch.cleanup();
    }
  });

  it('memory: create and read back an entity', async () => {
    const launch = officialServer('memory');
    const transport = transportFor(launch);
    try {
      await transport.start();
      const rpc = rawRpc(transport);
      await rawInitialize(rpc);
      const created = await rpc.request('tools/call', {
        name: 'create_entities',
        arguments: { entities: [{ name: 'mcp-bridge', entityType: 'project', observations: ['speaks stdio'] }] },
      });
      assert.equal(created.error, undefined);
      const graph = await rpc.request('tools/call', { name: 'read_graph', arguments: {} });
      assert.match(JSON.stringify(graph.result), /speaks stdio/);
    } finally {
      await transport.close();
      launch.cleanup();
    }
  });

  it('brave-search without a key exits before initialize: close carries exit code 1 and the stderr tail', async () => {
    // covers: STDIO-8, STDIO-5
    const launch = officialServer('brave-search');
    const transport = transportFor(launch, { serverName: 'brave' });
    const closed = nextClose(transport);
    await transport.start();
    const info = await closed;
    assert.equal(info.reason, 'exited');
    assert.equal(info.exitCode, 1);
    assert.match(info.stderrTail ?? '', /BRAVE_API_KEY/);
    assert.equal((info.error as { code?: string }).code, 'MCPB_SERVER_EXITED');
    assert.match(info.message, /server "brave": server process .*server-brave-search.* exited with code 1$/);
    assert.match((info.error as Error).message, /exited with code 1; last stderr: .*BRAVE_API_KEY/);
    await assert.rejects(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' }), { code: 'MCPB_TRANSPORT_CLOSED' });
    await transport.close();
  });
});

describe('stdio transport: spawn failures', () => {
  it('a missing command rejects start() with SpawnError ENOENT naming the command and a hint', async () => {
    const transport = new StdioTransport({ command: 'mcpb-no-such-command-xyz', args: ['--flag'], serverName: 'ghost' });
    const closed = nextClose(transport);
    await assert.rejects(transport.start(), (error: any) => {
      assert.equal(error.code, 'MCPB_SPAWN_FAILED');
      assert.equal(error.context.causeCode, 'ENOENT');
      assert.equal(error.context.command, 'mcpb-no-such-command-xyz');
      assert.match(error.message, /server "ghost": could not start "mcpb-no-such-command-xyz"/);
      assert.match(error.message, /is mcpb-no-such-command-xyz installed and on PATH\?/);
      return true;
    });
    const info = await closed;
    assert.equal(info.reason, 'error');
    await transport.close();
    await assert.rejects(transport.send({ jsonrpc: '2.0', method: 'x' }), { code: 'MCPB_TRANSPORT_CLOSED' });
  });

  it('a file that is not executable rejects with EACCES', { skip: process.platform === 'win32' }, async () => {
    const dir = scratchDir('noexec');
    const file = join(dir, 'server.sh');
    writeFileSync(file, '#!/bin/sh\necho hi\n');
    chmodSync(file, 0o644);
    const transport = new StdioTransport({ command: file });
    await assert.rejects(transport.start(), (error: any) => {
      assert.equal(error.code, 'MCPB_SPAWN_FAILED');
      assert.equal(error.context.causeCode, 'EACCES');
      assert.match(error.message, /not executable/);
      return true;
    });
  });

  it('a missing cwd is reported as the cwd, not as a missing command', async () => {
    const transport = new StdioTransport({ command: process.execPath, cwd: join(scratchDir('cwd'), 'nope') });
    await assert.rejects(transport.start(), (error: any) => {
      assert.equal(error.code, 'MCPB_SPAWN_FAILED');
      assert.match(error.message, /working directory .*nope does not exist/);
      return true;
    });
  });

  it('an injected spawn function is used', async () => {
    const calls: string[] = [];
    const { spawn } = await import('node:child_process');
    const transport = new StdioTransport({
      command: 'pretend-server',
      spawn: (command, _args, options) => {
        calls.push(command);
        return spawn(process.execPath, ['-e', 'process.stdin.resume(); process.stdin.on("end", () => process.exit(0))'], options);
      },
    });
    await transport.start();
    await transport.close();
    assert.deepEqual(calls, ['pretend-server']);
  });
});

describe('stdio transport: environment', () => {
  const printEnv = 'process.stdout.write(JSON.stringify(process.env) + "\\n"); process.stdin.resume(); process.stdin.on("end", () => process.exit(0));';

  async function childEnv(extra: Partial<StdioTransportOptions>): Promise<Record<string, string>> {
    const transport = inline(printEnv, extra);
    const first = new Promise<unknown>((resolve) => transport.events.once('message', resolve));
    await transport.start();
    const env = (await first) as Record<string, string>;
    await transport.close();
    return env;
  }

  it('passes only the allow-list by default; configured values win; null unsets; inheritEnv passes all', async () => {
    process.env.MCPB_TEST_SECRET = 'do-not-leak';
    try {
      const plain = await childEnv({ env: { MY_SETTING: 'on', HOME: '/configured/home', LANG: null } });
      assert.equal(plain.MCPB_TEST_SECRET, undefined);
      assert.equal(plain.MY_SETTING, 'on');
      assert.equal(plain.HOME, '/configured/home');
      assert.equal(plain.LANG, undefined);
      assert.equal(plain.PATH, process.env.PATH);
      const all = await childEnv({ inheritEnv: true, env: { MCPB_GONE: null } });
      assert.equal(all.MCPB_TEST_SECRET, 'do-not-leak');
    } finally {
      delete process.env.MCPB_TEST_SECRET;
    }
  });
});

describe('stdio transport: framing and writing', () => {
  it('non-JSON stdout lines become non-fatal framing errors naming the server; requests still succeed', async () => {
    // covers: STDIO-6
    const transport = transportFor(fixtureServer('garbage-stdout'), { serverName: 'noisy' });
    const errors: any[] = [];
    transport.events.on('error', (error) => errors.push(error));
    try {
      await transport.start();
      const rpc = rawRpc(transport);
      await rawInitialize(rpc);
      const response = await rpc.request('tools/call', { name: 'echo', arguments: { text: 'still fine' } });
      assert.equal(response.result.content[0].text, 'still fine');
    } finally {
      await transport.close();
    }
    assert.ok(errors.length >= 4, `expected framing errors, got ${errors.length}`);
    for (const error of errors) {
      assert.equal(error.code, 'MCPB_FRAMING');
      assert.equal(error.context.server, 'noisy');
      assert.match(error.message, /^server "noisy": /);
    }
    assert.ok(
      errors.some((e) => e.context.bytes >= 2 * 1024 * 1024),
      'the 2 MiB garbage line is reported with its size',
    );
  });

  it('a message over maxMessageBytes is skipped with a too-large error and the stream continues', async () => {
    const transport = transportFor(fixtureServer('big-result', { env: { BIG_RESULT_BYTES: String(1024 * 1024) } }), {
      maxMessageBytes: 256 * 1024,
      serverName: 'big',
    });
    const errors: any[] = [];
    transport.events.on('error', (error) => errors.push(error));
    try {
      await transport.start();
      const rpc = rawRpc(transport);
      await rawInitialize(rpc);
      await assert.rejects(rpc.request('tools/call', { name: 'big', arguments: {} }, 3000), /no answer/);
      assert.equal(errors.length, 1);
      assert.equal(errors[0].context.reason, 'too-large');
      assert.equal(errors[0].context.limit, 256 * 1024);
      const echo = await rpc.request('tools/call', { name: 'echo', arguments: { text: 'after' } });
      assert.equal(echo.result.content[0].text, 'after');
    } finally {
      await transport.close();
    }
  });

  it('a 64 MiB tools/call result arrives whole as one message', async () => {
    // covers: STDIO-2
    // Exactly 64 MiB of payload: the message with its envelope is over 64 MiB (issue 11 item 10).
    const expected = 64 * 1024 * 1024;
    const transport = transportFor(fixtureServer('big-result'));
    const errors: unknown[] = [];
    transport.events.on('error', (error) => errors.push(error));
    try {
      await transport.start();
      const rpc = rawRpc(transport);
      await rawInitialize(rpc);
      const before = rpc.received.length;
      const response = await rpc.request('tools/call', { name: 'big', arguments: {} }, 60_000);
      assert.equal(rpc.received.length, before + 1);
      const text = response.result.content[0].text as string;
      assert.equal(text.length, expected);
      assert.ok(/^a+$/.test(text.slice(0, 1000)) && text.endsWith('aaaa'));
      assert.deepEqual(errors, []);
    } finally {
      await transport.close();
    }
  });

  it('concurrent large sends are written whole, in order, with backpressure', async () => {
    // covers: STDIO-3, STDIO-2
    const transport = transportFor(fixtureServer('echo-server'));
    try {
      await transport.start();
      const rpc = rawRpc(transport);
      await rawInitialize(rpc);
      const texts = Array.from({ length: 150 }, (_, i) => `${i}:` + String.fromCharCode(97 + (i % 26)).repeat(100_000) + '\n"é✓');
      const responses = await Promise.all(texts.map((text) => rpc.request('tools/call', { name: 'echo', arguments: { text } }, 60_000)));
      responses.forEach((response, i) => assert.equal(response.result.content[0].text, texts[i]));
    } finally {
      await transport.close();
    }
  });

  it('every message written before the server exits is delivered before close', async () => {
    // covers: STDIO-8
    const code =
      'for (let i = 0; i < 2000; i++) process.stdout.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { i } }) + "\\n"); process.stderr.write("bye\\n"); process.exitCode = 7;';
    const transport = inline(code);
    const seen: number[] = [];
    let closedAt = -1;
    transport.events.on('message', (m: any) => seen.push(m.params.i));
    const closed = new Promise<TransportCloseInfo>((resolve) =>
      transport.events.on('close', (info) => {
        closedAt = seen.length;
        resolve(info);
      }),
    );
    await transport.start();
    const info = await closed;
    assert.equal(closedAt, 2000);
    assert.deepEqual(
      seen,
      Array.from({ length: 2000 }, (_, i) => i),
    );
    assert.equal(info.reason, 'exited');
    assert.equal(info.exitCode, 7);
    assert.match(info.stderrTail ?? '', /bye/);
  });

  it('stderr is drained line by line to onStderrLine and the stderr event, and kept as a tail', async () => {
    // covers: STDIO-5
    const lines: string[] = [];
    const events: string[] = [];
    // 2 MiB of stderr before answering: a server blocked on a full stderr pipe would never answer.
    // The script exits naturally on stdin EOF (process.exit() would drop its own unflushed writes).
    const code =
      'for (let i = 0; i < 20000; i++) process.stderr.write("log line " + i + " " + "z".repeat(100) + "\\n"); process.stdout.write(JSON.stringify({ jsonrpc: "2.0", method: "done" }) + "\\n"); process.stdin.resume();';
    const transport = inline(code, { onStderrLine: (line) => lines.push(line) });
    transport.events.on('stderr', (line) => events.push(line));
    const done = new Promise((resolve) => transport.events.once('message', resolve));
    await transport.start();
    await done;
    await transport.close();
    assert.equal(lines.length, 20000);
    assert.deepEqual(events, lines);
    assert.match(lines[19999]!, /^log line 19999 z+$/);
    const tail = transport.stderrTail;
    assert.ok(tail.length <= 64 * 1024 && tail.length > 60 * 1024);
    assert.match(tail, /^log line \d+ /);
    assert.match(tail, /log line 19999 z+\n$/);
  });
});

describe('stdio transport: stderr modes and stdout EOF', () => {
  it("stderr: 'ignore' still works and keeps no tail", async () => {
    const lines: string[] = [];
    const transport = transportFor(fixtureServer('echo-server'), { stderr: 'ignore', onStderrLine: (l) => lines.push(l) });
    try {
      await transport.start();
      const rpc = rawRpc(transport);
      await rawInitialize(rpc);
    } finally {
      await transport.close();
    }
    assert.deepEqual(lines, []);
    assert.equal(transport.stderrTail, '');
  });

  it('a server that closes its stdout but keeps running is treated as ended and stopped', { skip: process.platform === 'win32' }, async () => {
    // covers: STDIO-8
    // Node cannot close its own stdout, so a shell does it: print, close fd 1, then sleep (ignoring stdin EOF).
    const transport = new StdioTransport({
      command: '/bin/sh',
      args: ['-c', `printf '%s\\n' '{"jsonrpc":"2.0","method":"last"}'; exec 1>&-; exec sleep 300`],
      closeTimeouts: { stdinGraceMs: 1500, termGraceMs: 2000, killGraceMs: 2000 },
    });
    const messages: unknown[] = [];
    transport.events.on('message', (m) => messages.push(m));
    const closed = nextClose(transport);
    await transport.start();
    const info = await closed;
    assert.deepEqual(messages, [{ jsonrpc: '2.0', method: 'last' }]);
    assert.equal(info.reason, 'exited');
    // Issue 11 item 7: close now comes at EOF, before the teardown (it used to come after the SIGTERM
    // stage, carrying signal SIGTERM), so pending requests fail at once. The teardown still stops it.
    assert.equal(info.signal, null);
    assert.match(info.message, /closed its stdout/);
    await assert.rejects(transport.send({ jsonrpc: '2.0', method: 'x' }), { code: 'MCPB_TRANSPORT_CLOSED' });
    const pid = transport.pid!;
    await transport.close();
    if (procAvailable()) await assertNoProcesses([pid], { timeoutMs: 5000, message: 'the server that closed stdout was not stopped' });
  });
});

describe('stdio transport: close', () => {
  it('is memoised, idempotent, emits close once, and rejects later sends', async () => {
    // covers: STDIO-7
    const transport = transportFor(fixtureServer('echo-server'));
    let closes = 0;
    transport.events.on('close', () => {
      closes++;
    });
    await transport.start();
    const a = transport.close();
    const b = transport.close();
    assert.equal(a, b);
    await Promise.all([a, b, transport.close()]);
    assert.equal(closes, 1);
    await assert.rejects(transport.send({ jsonrpc: '2.0', id: 9, method: 'ping' }), { code: 'MCPB_TRANSPORT_CLOSED' });
  });

  it('close before start emits close and never spawns', async () => {
    const transport = new StdioTransport({ command: 'mcpb-never-run' });
    const closed = nextClose(transport);
    await transport.close();
    assert.equal((await closed).reason, 'closed');
    await assert.rejects(transport.start(), { code: 'MCPB_TRANSPORT_CLOSED' });
    assert.equal(transport.pid, undefined);
  });

  it('a server ignoring stdin EOF and SIGTERM is SIGKILLed within the bound', async () => {
    // covers: STDIO-7
    const transport = transportFor(fixtureServer('ignores-sigterm'), { closeTimeouts: { stdinGraceMs: 300, termGraceMs: 300, killGraceMs: 2000 } });
    const closed = nextClose(transport);
    await transport.start();
    await rawInitialize(rawRpc(transport));
    const started = Date.now();
    await transport.close();
    const elapsed = Date.now() - started;
    const info = await closed;
    assert.equal(info.reason, 'closed');
    assert.equal(info.signal, 'SIGKILL');
    assert.match(info.stderrTail ?? '', /got SIGTERM, ignoring/);
    assert.ok(elapsed < 300 + 300 + 2000 + 1500, `close took ${elapsed} ms`);
  });

  it('a send waiting in the queue can be aborted', async () => {
    const transport = transportFor(fixtureServer('never-initialize'));
    await transport.start();
    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    await assert.rejects(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { signal: controller.signal }), /caller gave up/);
    await transport.close();
  });
});
