// Client-level HTTP tests: connect({ url }) against the SDK's server classes and the official
// server-everything (streamableHttp and sse modes), including session recovery after expiry.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Client } from '../../../src/index.js';
import { startSdkHttpServer, type SdkHttpServer } from '../../helpers/http-sdk-server.js';
import { startEverythingHttp, type EverythingHttp } from '../../helpers/http-everything.js';

function text(result: { content: unknown[] }): string {
  return (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');
}

describe('client over Streamable HTTP (SDK server, stateful)', () => {
  let server: SdkHttpServer;
  before(async () => {
    server = await startSdkHttpServer('stateful');
  });
  after(async () => {
    await server.close();
  });

  it('connects, lists, calls, and reports progress', async () => {
    const client = await connect({ url: server.url });
    try {
      assert.equal(client.transport.kind, 'streamable-http');
      assert.equal(client.protocolVersion, '2025-11-25');
      const tools = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'add'));
      assert.equal(text(await client.callTool('add', { a: 2, b: 40 })), '42');
      const seen: number[] = [];
      const result = await client.callTool('progress', { steps: 3 }, { onProgress: (p) => seen.push(p.progress) });
      assert.equal(text(result), 'done in 3 steps');
      assert.deepEqual(seen, [1, 2, 3]);
    } finally {
      await client.close();
    }
  });

  // covers: HTTP-19
  it('recovers from an expired session: re-initializes and retries an idempotent request once', async () => {
    const client = await connect({ url: server.url });
    let recovered = 0;
    client.events.on('sessionRecovered', () => {
      recovered++;
    });
    try {
      await client.listTools();
      server.dropSessions();
      const tools = await client.listTools();
      assert.ok(tools.length > 0);
      assert.equal(recovered, 1);
      const inits = server.seen.filter((r) => r.method === 'POST' && (r.body as { method?: string }).method === 'initialize');
      assert.ok(inits.length >= 2);
      assert.equal(inits[inits.length - 1].headers['mcp-session-id'], undefined);
    } finally {
      await client.close();
    }
  });

  it('aborts a slow call through its signal', async () => {
    const client = await connect({ url: server.url });
    try {
      const controller = new AbortController();
      const call = client.callTool('slow', { ms: 10_000 }, { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('stop')), 100);
      await assert.rejects(call, (e: Error & { code?: string }) => e.code === 'MCPB_REQUEST_ABORTED');
      assert.equal(text(await client.callTool('echo', { message: 'still alive' })), 'still alive');
    } finally {
      await client.close();
    }
  });
});

describe('client against server-everything over Streamable HTTP', () => {
  let server: EverythingHttp;
  let client: Client;
  const logs: unknown[] = [];
  before(async () => {
    server = await startEverythingHttp('streamableHttp');
    client = await connect({ url: server.url });
    client.events.on('log', (l) => logs.push(l));
  });
  after(async () => {
    await client?.close();
    await server?.stop();
  });

  it('lists and calls tools', async () => {
    const tools = await client.listTools();
    assert.ok(
      tools.some((t) => t.name === 'echo'),
      tools.map((t) => t.name).join(', '),
    );
    assert.equal(text(await client.callTool('echo', { message: 'hello' })), 'Echo: hello');
    assert.match(text(await client.callTool('get-sum', { a: 2, b: 3 })), /5/);
  });

  // covers: PROG-1
  it('receives progress from a long-running operation', async () => {
    const seen: number[] = [];
    await client.callTool('trigger-long-running-operation', { duration: 1, steps: 3 }, { onProgress: (p) => seen.push(p.progress) });
    assert.equal(seen.length, 3);
  });

  // covers: HTTP-22
  it('receives server-initiated log messages on the GET stream', async () => {
    await client.callTool('toggle-simulated-logging', {});
    const deadline = Date.now() + 8_000;
    while (logs.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.ok(logs.length > 0, 'a notifications/message arrived');
    await client.callTool('toggle-simulated-logging', {});
  });
});

describe('client against server-everything over legacy SSE', () => {
  let server: EverythingHttp;
  before(async () => {
    server = await startEverythingHttp('sse');
  });
  after(async () => {
    await server?.stop();
  });

  // covers: SSE-4
  it('auto-detects the legacy transport, then lists and calls tools', async () => {
    const client = await connect({ url: server.url });
    try {
      assert.equal(client.transport.kind, 'sse');
      const tools = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'echo'));
      assert.equal(text(await client.callTool('echo', { message: 'old' })), 'Echo: old');
    } finally {
      await client.close();
    }
  });
});
