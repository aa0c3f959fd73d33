// Streamable HTTP faults on a purpose-built node:http server: cut and dropped streams resumed with
// Last-Event-ID, give-up bounds, expiry, error statuses, refused connections, aborts, size limits.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createNetServer } from 'node:net';
import { answerInitialize, event, json, sse, type FaultRequest, type FaultServer, useFaultServer } from '../helpers/http-fault-server.js';
import { inbox, initializeRequest, until } from '../helpers/http-inbox.js';
import { StreamableHttpTransport } from '../../src/transports/http/streamable-http.js';

type Code = Error & { code?: string; context?: Record<string, unknown>; status?: number };
const hasCode = (code: string) => (e: unknown) => (e as Code).code === code;
const isCall = (r: FaultRequest) => r.method === 'POST' && r.body?.method === 'tools/call';
const result = (id: unknown, text = 'ok') => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });

describe('Streamable HTTP faults', () => {
  let server: FaultServer;
  useFaultServer((started) => (server = started));

  // covers: HTTP-26
  it('resumes a stream cut mid-response with GET + Last-Event-ID, and the call completes', async () => {
    server.handle((req, res) => {
      if (isCall(req)) {
        sse(res);
        event(res, { id: 'e1', data: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } } });
        // An abrupt cut, not a graceful end.
        setTimeout(() => res.socket?.destroy(), 30);
        return;
      }
      if (req.method === 'GET') {
        assert.equal(req.headers['last-event-id'], 'e1');
        sse(res);
        event(res, { id: 'e2', data: result(req.headers['last-event-id'] ? 9 : -1) });
        res.end();
        return;
      }
      json(res, 202, {});
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false, reconnect: { initialDelayMs: 20 } });
    const box = inbox(t);
    try {
      await t.send({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'x' } }, { requestId: 9 });
      const answer = await box.response(9);
      assert.deepEqual(answer.result, result(9).result);
      assert.equal(box.messages.filter((m) => m.method === 'notifications/progress').length, 1);
      assert.equal(server.seen.filter((r) => r.method === 'GET').length, 1);
    } finally {
      await t.close();
    }
  });

  // covers: HTTP-27
  it('waits the retry: delay the server gave before resuming a gracefully closed stream', async () => {
    let closedAt = 0;
    server.handle((req, res) => {
      if (isCall(req)) {
        sse(res);
        event(res, { id: 'p1', retry: 300 });
        setTimeout(() => {
          closedAt = Date.now();
          res.end();
        }, 20);
        return;
      }
      if (req.method === 'GET') {
        sse(res);
        event(res, { id: 'p2', data: result(4) });
        res.end();
        return;
      }
      json(res, 202, {});
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    const box = inbox(t);
    try {
      await t.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'x' } }, { requestId: 4 });
      await box.response(4);
      const get = server.seen.find((r) => r.method === 'GET')!;
      assert.equal(get.headers['last-event-id'], 'p1');
      // Generous lower bound only: the priming event's retry is 300 ms.
      assert.ok(get.at - closedAt >= 250, `reconnected after ${get.at - closedAt} ms`);
      assert.deepEqual(box.errors, [], 'the priming event (empty data) is not an error');
    } finally {
      await t.close();
    }
  });

  it('rejects with MCPB_HTTP_STREAM_LOST when a dropped stream has no event id to resume from', async () => {
    server.handle((req, res) => {
      if (isCall(req)) {
        sse(res);
        event(res, { data: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } } });
        res.end();
        return;
      }
      json(res, 202, {});
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    try {
      await assert.rejects(
        t.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }),
        (e: Code) => e.code === 'MCPB_HTTP_STREAM_LOST' && /no event id/.test(e.message) && e.context?.requestId === 1,
      );
      assert.equal(server.seen.filter((r) => r.method === 'GET').length, 0);
    } finally {
      await t.close();
    }
  });

  it('gives up resuming after the bounded number of attempts, saying why', async () => {
    server.handle((req, res) => {
      if (isCall(req)) {
        sse(res);
        event(res, { id: 'a1' });
        res.end();
        return;
      }
      if (req.method === 'GET') {
        res.writeHead(503).end('overloaded');
        return;
      }
      json(res, 202, {});
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false, reconnect: { maxAttempts: 2, initialDelayMs: 10 } });
    try {
      await assert.rejects(t.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x' } }), (e: Code) => e.code === 'MCPB_HTTP_STREAM_LOST');
      // A 503 to the resumption GET is a refusal: reported at once, with the status in the message.
    } finally {
      await t.close();
    }
    server.handle((req, res) => {
      if (isCall(req)) {
        sse(res);
        event(res, { id: 'b1' });
        res.end();
        return;
      }
      if (req.method === 'GET') {
        res.socket?.destroy();
        return;
      }
      json(res, 202, {});
    });
    server.seen.length = 0;
    const t2 = new StreamableHttpTransport({ url: server.url, listen: false, reconnect: { maxAttempts: 2, initialDelayMs: 10 } });
    try {
      await assert.rejects(
        t2.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'x' } }),
        (e: Code) => e.code === 'MCPB_HTTP_STREAM_LOST' && /gave up after 2 reconnection attempts/.test(e.message),
      );
      assert.equal(server.seen.filter((r) => r.method === 'GET').length, 2);
    } finally {
      await t2.close();
    }
  });

  // covers: HTTP-19
  it('turns a 404 to a request carrying the session id into SessionExpiredError and forgets the id', async () => {
    let live = 's-1';
    server.handle((req, res) => {
      if (req.body?.method === 'initialize') {
        live = `s-${server.seen.length}`;
        answerInitialize(req, res, live);
        return;
      }
      if (req.method === 'POST' && req.headers['mcp-session-id'] !== live) {
        res.writeHead(404).end('session not found');
        return;
      }
      if (req.method === 'POST' && req.body?.id !== undefined) {
        json(res, 200, result(req.body.id));
        return;
      }
      res.writeHead(202).end();
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    const box = inbox(t);
    try {
      await t.send(initializeRequest(1), { requestId: 1 });
      assert.equal(t.currentSessionId, live);
      live = 'server-restarted';
      await assert.rejects(
        t.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
        (e: Code) => e.code === 'MCPB_SESSION_EXPIRED' && e.context?.requestMayHaveRun === false && !e.message.includes('s-'),
      );
      assert.equal(t.currentSessionId, undefined);
      await t.send(initializeRequest(3), { requestId: 3 });
      await box.response(3);
      assert.equal(t.currentSessionId, live);
    } finally {
      await t.close();
    }
  });

  it('gives a 500 as a typed HttpError with status, redacted URL and the start of the body, never the headers', async () => {
    server.handle((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`boom ${'x'.repeat(2000)}`);
    });
    const t = new StreamableHttpTransport({ url: `${server.url}?api_key=hunter2&mode=fast`, headers: { authorization: 'Bearer top-secret' }, listen: false });
    try {
      await assert.rejects(t.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), (e: Code) => {
        assert.equal(e.code, 'MCPB_HTTP_STATUS');
        assert.equal(e.status, 500);
        assert.match(e.message, /POST http:\/\/127\.0\.0\.1:\d+\/mcp\?api_key=\*\*\*&mode=fast \(tools\/list\) answered HTTP 500/);
        assert.ok(!e.message.includes('hunter2') && !e.message.includes('top-secret'));
        assert.ok(!JSON.stringify(e).includes('top-secret'));
        assert.ok(String(e.context?.body).length < 600, 'body excerpt is bounded');
        return true;
      });
    } finally {
      await t.close();
    }
  });

  it('tolerates a 200 with a junk body for a notification', async () => {
    server.handle((_req, res) => {
      json(res, 200, { jsonrpc: '2.0', result: {} });
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    const box = inbox(t);
    try {
      await t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      server.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>ok</html>');
      });
      await t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      assert.deepEqual(box.messages, []);
      assert.deepEqual(box.errors, []);
    } finally {
      await t.close();
    }
  });

  // covers: HTTP-22
  it('treats 405 to the GET stream as "not offered": no error, no retry', async () => {
    server.handle((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(405).end();
        return;
      }
      res.writeHead(202).end();
    });
    const t = new StreamableHttpTransport({ url: server.url, reconnect: { initialDelayMs: 10 } });
    const box = inbox(t);
    try {
      await t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await until(() => server.seen.some((r) => r.method === 'GET'), 2_000, 'the GET');
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(server.seen.filter((r) => r.method === 'GET').length, 1);
      assert.deepEqual(box.errors, []);
    } finally {
      await t.close();
    }
  });

  it("cancels a slow request when its signal aborts, with the signal's reason", async () => {
    let serverSawClose = false;
    server.handle((req, res) => {
      if (isCall(req)) {
        res.on('close', () => {
          serverSawClose = true;
        });
        return;
      }
      res.writeHead(202).end();
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    const controller = new AbortController();
    try {
      const pending = t.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow' } }, { signal: controller.signal });
      await until(() => server.seen.some(isCall), 2_000, 'the call');
      controller.abort(new Error('user gave up'));
      await assert.rejects(pending, /user gave up/);
      await until(() => serverSawClose, 2_000, 'the server to see the request end');
    } finally {
      await t.close();
    }
  });

  it('enforces the message size limit on JSON bodies and SSE events', async () => {
    server.handle((req, res) => {
      if (req.body?.id === 1) {
        json(res, 200, result(1, 'y'.repeat(5000)));
        return;
      }
      sse(res);
      event(res, { id: 'z', data: result(req.body?.id, 'z'.repeat(5000)) });
      res.end();
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false, maxMessageBytes: 1024 });
    const box = inbox(t);
    try {
      await assert.rejects(
        t.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }),
        (e: Code) => e.code === 'MCPB_FRAMING' && e.context?.reason === 'too-large' && e.context?.limit === 1024,
      );
      await assert.rejects(
        t.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x' } }),
        (e: Code) => e.code === 'MCPB_FRAMING' && /1024-byte/.test(e.message),
      );
      assert.equal(box.errors.length, 2, 'each oversize is also reported as an error event');
      assert.deepEqual(box.messages, []);
    } finally {
      await t.close();
    }
  });

  it('sends the session DELETE on close, ignoring a 405', async () => {
    server.handle((req, res) => {
      if (req.body?.method === 'initialize') {
        answerInitialize(req, res, 'sess-del');
        return;
      }
      if (req.method === 'DELETE') {
        res.writeHead(405).end();
        return;
      }
      res.writeHead(202).end();
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    const box = inbox(t);
    await t.send(initializeRequest(1), { requestId: 1 });
    await t.close();
    await t.close();
    const del = server.seen.filter((r) => r.method === 'DELETE');
    assert.equal(del.length, 1);
    assert.equal(del[0].headers['mcp-session-id'], 'sess-del');
    assert.equal(box.closes.length, 1, 'close is emitted once');
    await assert.rejects(t.send({ jsonrpc: '2.0', method: 'ping', id: 5 }), hasCode('MCPB_TRANSPORT_CLOSED'));
  });
});

describe('Streamable HTTP connection failures', () => {
  it('gives a refused connection as HttpConnectError naming the URL and ECONNREFUSED', async () => {
    // A port that was free a moment ago: listen, note it, close.
    const probe = createNetServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const t = new StreamableHttpTransport({ url: `http://127.0.0.1:${port}/mcp`, listen: false });
    try {
      await assert.rejects(t.send(initializeRequest(1)), (e: Code) => {
        assert.equal(e.code, 'MCPB_HTTP_CONNECT');
        assert.equal(e.context?.causeCode, 'ECONNREFUSED');
        assert.ok(e.message.includes(`127.0.0.1:${port}`));
        return true;
      });
    } finally {
      await t.close();
    }
  });
});
