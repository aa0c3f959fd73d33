// Legacy HTTP+SSE faults, auto-detection decisions, and proxy settings (HTTP_PROXY / NO_PROXY),
// on purpose-built node:http servers.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect as netConnect, type AddressInfo } from 'node:net';
import { answerInitialize, event, json, sse, startFaultServer, type FaultServer, useFaultServer } from '../../helpers/http-fault-server.js';
import { inbox, initializeRequest, until } from '../../helpers/http-inbox.js';
import { SseTransport } from '../../../src/transports/http/legacy-sse.js';
import { StreamableHttpTransport } from '../../../src/transports/http/streamable-http.js';
import { createHttpTransport } from '../../../src/transports/detect.js';

type Code = Error & { code?: string; context?: Record<string, unknown>; status?: number };

describe('legacy HTTP+SSE faults', () => {
  let server: FaultServer;
  useFaultServer((started) => (server = started));

  // covers: SSE-2
  it('resolves a relative endpoint against the SSE URL and POSTs there', async () => {
    let stream: import('node:http').ServerResponse | undefined;
    server.handle((req, res) => {
      if (req.method === 'GET') {
        stream = res;
        sse(res);
        event(res, { event: 'endpoint', data: '/messages?sessionId=abc' });
        return;
      }
      res.writeHead(202).end('Accepted');
      if (req.body?.id !== undefined)
        event(stream!, {
          event: 'message',
          data: { jsonrpc: '2.0', id: req.body.id, result: { protocolVersion: '2024-11-05', capabilities: {}, serverInfo: { name: 'old', version: '1' } } },
        });
    });
    const t = new SseTransport({ url: `${server.origin}/sse` });
    const box = inbox(t);
    try {
      await t.start();
      assert.equal(t.endpointUrl?.href, `${server.origin}/messages?sessionId=abc`);
      await t.send(initializeRequest(1, '2024-11-05'));
      await box.response(1);
      const post = server.seen.find((r) => r.method === 'POST')!;
      assert.equal(post.url, '/messages?sessionId=abc');
      assert.equal(post.headers['content-type'], 'application/json');
    } finally {
      await t.close();
    }
  });

  it('refuses an endpoint on another origin', async () => {
    server.handle((_req, res) => {
      sse(res);
      event(res, { event: 'endpoint', data: 'http://evil.example.com/messages' });
    });
    const t = new SseTransport({ url: `${server.origin}/sse` });
    await assert.rejects(t.start(), (e: Code) => e.code === 'MCPB_SSE_ENDPOINT' && /another origin/.test(e.message));
    await t.close();
  });

  it('fails start when no endpoint event arrives in time', async () => {
    server.handle((_req, res) => {
      sse(res);
      event(res, { event: 'message', data: { jsonrpc: '2.0', method: 'x' } });
    });
    const t = new SseTransport({ url: `${server.origin}/sse`, endpointTimeoutMs: 150 });
    await assert.rejects(t.start(), (e: Code) => e.code === 'MCPB_SSE_ENDPOINT' && /within 150 ms/.test(e.message));
    await t.close();
  });

  // covers: SSE-3
  it('emits close (disconnected) when the server ends the SSE stream', async () => {
    let stream: import('node:http').ServerResponse | undefined;
    server.handle((req, res) => {
      if (req.method === 'GET') {
        stream = res;
        sse(res);
        event(res, { event: 'endpoint', data: '/messages' });
        return;
      }
      res.writeHead(202).end();
    });
    const t = new SseTransport({ url: `${server.origin}/sse` });
    const box = inbox(t);
    await t.start();
    stream!.end();
    await until(() => box.closes.length === 1, 3_000, 'the close event');
    assert.equal(box.closes[0].reason, 'disconnected');
    await assert.rejects(t.send({ jsonrpc: '2.0', method: 'notifications/initialized' }), (e: Code) => e.code === 'MCPB_TRANSPORT_CLOSED');
    await t.close();
    assert.equal(box.closes.length, 1);
  });
});

describe('auto-detection decisions', () => {
  let server: FaultServer;
  before(async () => {
    server = await startFaultServer();
  });
  after(async () => {
    await server.close();
  });

  // covers: SSE-4
  it('fails with MCPB_HTTP_DETECT_FAILED naming both answers when neither transport works', async () => {
    server.handle((_req, res) => {
      res.writeHead(405).end('method not allowed');
    });
    const t = createHttpTransport({ url: server.url });
    try {
      await assert.rejects(
        t.send(initializeRequest(1)),
        (e: Code) => e.code === 'MCPB_HTTP_DETECT_FAILED' && /POST initialize → .*405/.test(e.message) && /GET for the SSE endpoint → .*405/.test(e.message),
      );
    } finally {
      await t.close();
    }
  });

  // covers: HTTP-15
  it('does not fall back on a 400 whose body is a modern JSON-RPC error', async () => {
    server.seen.length = 0;
    server.handle((req, res) => {
      json(res, 400, {
        jsonrpc: '2.0',
        id: req.body?.id,
        error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } },
      });
    });
    const t = createHttpTransport({ url: server.url });
    try {
      await assert.rejects(t.send(initializeRequest(1)), (e: Code) => e.code === 'MCPB_HTTP_STATUS' && e.status === 400);
      assert.equal(server.seen.filter((r) => r.method === 'GET').length, 0, 'no SSE probe');
      assert.equal(t.kind, 'streamable-http');
    } finally {
      await t.close();
    }
  });

  it('does not fall back on 401 (authorization is not a transport question)', async () => {
    server.seen.length = 0;
    server.handle((_req, res) => {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    });
    const t = createHttpTransport({ url: server.url });
    try {
      await assert.rejects(
        t.send(initializeRequest(1)),
        (e: Code) => e.code === 'MCPB_HTTP_STATUS' && e.status === 401 && /Authorization header/.test(e.message),
      );
      assert.equal(server.seen.filter((r) => r.method === 'GET').length, 0);
    } finally {
      await t.close();
    }
  });

  it('explicit transport choices skip detection', async () => {
    assert.equal(createHttpTransport({ url: server.url, transport: 'streamable-http' }).kind, 'streamable-http');
    assert.equal(createHttpTransport({ url: server.url, transport: 'sse' }).kind, 'sse');
    assert.throws(() => createHttpTransport({ url: 'ftp://x/y' }), /http: or https:/);
  });
});

describe('proxy settings', () => {
  let server: FaultServer;
  let proxy: Server;
  let proxyUrl: string;
  const tunnels: string[] = [];
  const saved = { HTTP_PROXY: process.env.HTTP_PROXY, http_proxy: process.env.http_proxy, NO_PROXY: process.env.NO_PROXY, no_proxy: process.env.no_proxy };

  before(async () => {
    server = await startFaultServer();
    server.handle((req, res) => {
      answerInitialize(req, res);
    });
    // A CONNECT-tunnelling proxy that records where it was asked to go.
    proxy = createServer((_req, res) => {
      res.writeHead(501).end();
    });
    proxy.on('connect', (req, socket, head) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = netConnect(Number(port), host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  after(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    proxy.closeAllConnections();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await server.close();
  });
  beforeEach(() => {
    tunnels.length = 0;
    delete process.env.http_proxy;
    delete process.env.no_proxy;
  });

  it('goes through HTTP_PROXY when it is set', async () => {
    process.env.HTTP_PROXY = proxyUrl;
    delete process.env.NO_PROXY;
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    const box = inbox(t);
    try {
      await t.send(initializeRequest(1));
      await box.response(1);
      assert.equal(tunnels.length, 1);
      assert.equal(tunnels[0], new URL(server.url).host);
    } finally {
      await t.close();
    }
  });

  it('connects directly to hosts listed in NO_PROXY', async () => {
    process.env.HTTP_PROXY = proxyUrl;
    process.env.NO_PROXY = '127.0.0.1';
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    const box = inbox(t);
    try {
      await t.send(initializeRequest(1));
      await box.response(1);
      assert.equal(tunnels.length, 0);
    } finally {
      await t.close();
    }
  });
});
