// Streamable HTTP and legacy SSE at the transport level, against the official SDK's server classes:
// raw JSON-RPC initialize / tools/list / tools/call, progress, the GET stream, resumption, expiry.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSdkHttpServer, type SdkHttpMode, type SdkHttpServer } from '../../helpers/http-sdk-server.js';
import { inbox, initializeRequest, until } from '../../helpers/http-inbox.js';
import { StreamableHttpTransport } from '../../../src/transports/http/streamable-http.js';
import { SseTransport } from '../../../src/transports/http/legacy-sse.js';
import { createHttpTransport } from '../../../src/transports/detect.js';
import type { Transport } from '../../../src/transports/transport.js';

async function handshake(t: Transport, box: ReturnType<typeof inbox>): Promise<Record<string, unknown>> {
  await t.start();
  const sent = t.send(initializeRequest(1), { requestId: 1 });
  const init = await box.response(1);
  await sent;
  const result = init.result as Record<string, unknown>;
  t.setProtocolVersion?.(String(result.protocolVersion));
  await t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return result;
}

for (const mode of ['stateful', 'stateless', 'json'] as SdkHttpMode[]) {
  describe(`Streamable HTTP against the SDK server (${mode})`, () => {
    let server: SdkHttpServer;
    before(async () => {
      server = await startSdkHttpServer(mode);
    });
    after(async () => {
      await server.close();
    });

    // covers: HTTP-1, HTTP-2, HTTP-5, HTTP-7, HTTP-18
    it('handshakes, lists and calls tools, with the right headers', async () => {
      const t = new StreamableHttpTransport({ url: server.url, headers: { 'X-Test-Token': 'secret-value' } });
      const box = inbox(t);
      try {
        const result = await handshake(t, box);
        assert.equal(result.protocolVersion, '2025-11-25');
        await t.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { requestId: 2 });
        const list = await box.response(2);
        const names = (list.result as { tools: { name: string }[] }).tools.map((x) => x.name);
        assert.ok(names.includes('add'), `tools: ${names.join(', ')}`);
        await t.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 5, b: 3 } } }, { requestId: 3 });
        const call = await box.response(3);
        assert.deepEqual((call.result as { content: unknown[] }).content, [{ type: 'text', text: '8' }]);

        const posts = server.seen.filter((r) => r.method === 'POST');
        for (const p of posts) {
          assert.equal(p.headers['accept'], 'application/json, text/event-stream');
          assert.equal(p.headers['content-type'], 'application/json');
          assert.equal(p.headers['x-test-token'], 'secret-value');
        }
        const listPost = posts.find((p) => (p.body as { method?: string }).method === 'tools/list')!;
        assert.equal(listPost.headers['mcp-protocol-version'], '2025-11-25');
        const initPost = posts.find((p) => (p.body as { method?: string }).method === 'initialize')!;
        assert.equal(initPost.headers['mcp-protocol-version'], undefined, 'no version header on initialize');
        if (mode === 'stateful') {
          assert.ok(t.currentSessionId, 'a session id was adopted');
          assert.equal(listPost.headers['mcp-session-id'], t.currentSessionId);
        } else {
          assert.equal(t.currentSessionId, undefined);
        }
        assert.deepEqual(box.errors, []);
      } finally {
        await t.close();
      }
    });

    // covers: HTTP-6, PROG-1
    it('delivers progress notifications before the result of a call', async () => {
      const t = new StreamableHttpTransport({ url: server.url });
      const box = inbox(t);
      try {
        await handshake(t, box);
        await t.send(
          { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'progress', arguments: { steps: 3 }, _meta: { progressToken: 'p7' } } },
          { requestId: 7 },
        );
        await box.response(7);
        const progress = box.messages.filter((m) => m.method === 'notifications/progress');
        if (mode === 'json') {
          // A JSON-only server has no stream to carry progress on; only the result arrives.
          assert.equal(progress.length, 0);
        } else {
          assert.deepEqual(
            progress.map((m) => (m.params as { progress: number }).progress),
            [1, 2, 3],
          );
          const resultIndex = box.messages.findIndex((m) => m.id === 7);
          assert.ok(box.messages.indexOf(progress[2]) < resultIndex);
        }
      } finally {
        await t.close();
      }
    });
  });
}

describe('Streamable HTTP stateful session features (SDK server)', () => {
  let server: SdkHttpServer;
  before(async () => {
    server = await startSdkHttpServer('stateful');
  });
  after(async () => {
    await server.close();
  });

  // covers: HTTP-22, HTTP-23
  it('opens the GET stream after initialized and receives server notifications on it', async () => {
    const t = new StreamableHttpTransport({ url: server.url });
    const box = inbox(t);
    try {
      await handshake(t, box);
      await until(() => server.seen.some((r) => r.method === 'GET' && r.headers['mcp-session-id'] === t.currentSessionId), 5_000, 'the GET stream');
      assert.equal(server.seen.find((r) => r.method === 'GET')!.headers['accept'], 'text/event-stream');
      // The SDK answers the GET before its stream is registered; give it a moment.
      await new Promise((r) => setTimeout(r, 100));
      await server.broadcastToolListChanged();
      await box.next((m) => m.method === 'notifications/tools/list_changed');
    } finally {
      await t.close();
    }
  });

  // covers: HTTP-26, HTTP-27
  it('resumes a POST stream the server closes mid-call (SEP-1699 polling) with Last-Event-ID', async () => {
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    const box = inbox(t);
    try {
      await handshake(t, box);
      const before = server.seen.length;
      await t.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'poll', arguments: {} } }, { requestId: 5 });
      const call = await box.response(5);
      assert.deepEqual((call.result as { content: unknown[] }).content, [{ type: 'text', text: 'polled' }]);
      const resumed = server.seen.slice(before).filter((r) => r.method === 'GET');
      assert.ok(resumed.length >= 1, 'a resumption GET was sent');
      assert.ok(typeof resumed[0].headers['last-event-id'] === 'string' && resumed[0].headers['last-event-id'] !== '');
    } finally {
      await t.close();
    }
  });

  // covers: HTTP-19, HTTP-20
  it('reports an expired session as SessionExpiredError, forgets the id, and can initialize again', async () => {
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    const box = inbox(t);
    const expired: unknown[] = [];
    t.sessionEvents.on('sessionExpired', (e) => expired.push(e));
    let finalId: string | undefined;
    try {
      await handshake(t, box);
      const oldId = t.currentSessionId;
      server.dropSessions();
      await assert.rejects(
        t.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { requestId: 2 }),
        (e: Error & { code?: string }) => e.code === 'MCPB_SESSION_EXPIRED',
      );
      assert.equal(expired.length, 1);
      assert.equal(t.currentSessionId, undefined);
      await t.send(initializeRequest(3), { requestId: 3 });
      await box.response(3);
      assert.ok(t.currentSessionId && t.currentSessionId !== oldId);
      const reinit = server.seen.filter((r) => r.method === 'POST' && (r.body as { id?: number }).id === 3)[0];
      assert.equal(reinit.headers['mcp-session-id'], undefined, 'the new initialize carries no session id');
    } finally {
      finalId = t.currentSessionId;
      await t.close();
    }
    const del = server.seen.filter((r) => r.method === 'DELETE' && r.headers['mcp-session-id'] === finalId);
    assert.equal(del.length, 1, 'DELETE on close, with the live session id');
  });

  it('auto-detection keeps Streamable HTTP for a modern server', async () => {
    const t = createHttpTransport({ url: server.url, listen: false });
    const box = inbox(t);
    try {
      assert.equal(t.kind, 'auto');
      await handshake(t, box);
      assert.equal(t.kind, 'streamable-http');
    } finally {
      await t.close();
    }
  });
});

describe('legacy HTTP+SSE against the SDK SSEServerTransport', () => {
  let server: SdkHttpServer;
  before(async () => {
    server = await startSdkHttpServer('legacy-sse');
  });
  after(async () => {
    await server.close();
  });

  // covers: SSE-1, SSE-2, SSE-3
  it('waits for the endpoint event, POSTs there and reads answers from the stream', async () => {
    const t = new SseTransport({ url: server.url });
    const box = inbox(t);
    try {
      await handshake(t, box);
      assert.ok(t.endpointUrl?.pathname === '/messages');
      await t.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }, { requestId: 2 });
      const call = await box.response(2);
      assert.deepEqual((call.result as { content: unknown[] }).content, [{ type: 'text', text: 'hi' }]);
    } finally {
      await t.close();
    }
    assert.equal(box.closes.length, 1);
    assert.equal(box.closes[0].reason, 'closed');
  });

  // covers: SSE-4
  it('auto-detection falls back to SSE when the POST is refused, and re-sends initialize there', async () => {
    const t = createHttpTransport({ url: server.url });
    const box = inbox(t);
    try {
      await handshake(t, box);
      assert.equal(t.kind, 'sse');
      await t.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { requestId: 2 });
      await box.response(2);
    } finally {
      await t.close();
    }
  });
});
