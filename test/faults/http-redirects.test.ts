// Redirects on the MCP endpoint (issue 11 item 9), both HTTP transports: a same-origin 307/308 is
// followed keeping method, headers and body; a cross-origin one is refused before anything (least of
// all a credential) is sent there; either way an unfollowed redirect names its Location.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/client.js';
import { SseTransport } from '../../src/transports/http/legacy-sse.js';
import { StreamableHttpTransport } from '../../src/transports/http/streamable-http.js';
import { answerInitialize, event, json, sse, startFaultServer, type FaultRequest, type FaultServer } from '../helpers/http-fault-server.js';
import { rejectsWith, within } from './harness.js';

const tools = (req: FaultRequest) => ({ jsonrpc: '2.0', id: req.body?.id, result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] } });

/** A plain MCP endpoint: initialize, tools/list, 202 for notifications, 405 for GET. */
function mcpAt(path: string, req: FaultRequest, res: import('node:http').ServerResponse): boolean {
  if (!req.url.startsWith(path)) return false;
  if (req.method === 'GET') {
    res.writeHead(405).end();
    return true;
  }
  if (req.body?.method === 'initialize') {
    answerInitialize(req, res, 'sess-r');
    return true;
  }
  if (req.body?.method === 'tools/list') {
    json(res, 200, tools(req));
    return true;
  }
  // A legacy server: requests it does not know (the era probe) get -32601.
  if (req.body?.id !== undefined) {
    json(res, 200, { jsonrpc: '2.0', id: req.body.id, error: { code: -32601, message: 'Method not found' } });
    return true;
  }
  res.writeHead(202).end();
  return true;
}

describe('HTTP redirects on the MCP endpoint', () => {
  let server: FaultServer;
  let other: FaultServer;
  before(async () => {
    server = await startFaultServer();
    other = await startFaultServer();
  });
  after(async () => {
    await server.close();
    await other.close();
  });
  beforeEach(() => {
    server.seen.length = 0;
    other.seen.length = 0;
  });

  for (const status of [307, 308]) {
    it(`follows a same-origin ${status} with the same method, body and headers`, async () => {
      server.handle((req, res) => {
        if (req.url === '/mcp') {
          res.writeHead(status, { location: '/v2/mcp' }).end();
          return;
        }
        if (!mcpAt('/v2/mcp', req, res)) res.writeHead(404).end();
      });
      const client = new Client(new StreamableHttpTransport({ url: server.url, headers: { authorization: 'Bearer same-origin-ok' } }), { name: 'moved' });
      try {
        // within() rethrows: a connect that fails here fails the test with its own error.
        await within(10_000, client.connect(), 'connect');
        const listed = await within(10_000, client.listTools(), 'tools/list');
        assert.deepEqual(
          listed.value?.map((t) => t.name),
          ['echo'],
        );
        const moved = server.seen.filter((r) => r.url === '/v2/mcp' && r.method === 'POST');
        assert.ok(
          moved.some((r) => r.body?.method === 'initialize') && moved.some((r) => r.body?.method === 'tools/list'),
          'the POSTs and their bodies reached the new path',
        );
        assert.ok(
          moved.every((r) => r.headers.authorization === 'Bearer same-origin-ok'),
          'same origin: the configured headers go along',
        );
      } finally {
        await client.close();
      }
    });
  }

  it('refuses a cross-origin redirect, names its Location, and sends nothing there', async () => {
    server.handle((_req, res) => {
      res.writeHead(307, { location: `${other.origin}/mcp?token=leak-me` }).end();
    });
    other.handle((req, res) => {
      if (!mcpAt('/mcp', req, res)) res.writeHead(404).end();
    });
    const client = new Client(new StreamableHttpTransport({ url: server.url, headers: { authorization: 'Bearer never-cross' } }), { name: 'hop' });
    const error = await rejectsWith(10_000, client.connect(), 'MCPB_HTTP_STATUS', 'connect');
    assert.equal(error.context.status, 307);
    assert.equal(error.context.location, `${other.origin}/mcp?token=***`);
    assert.match(
      error.message,
      new RegExp(`answered HTTP 307 .*to ${other.origin.replace(/[.:/]/g, '\\$&')}/mcp\\?token=\\*\\*\\*,? not followed: it points to another origin`),
    );
    assert.match(error.message, /configure that URL directly/);
    assert.ok(!error.message.includes('leak-me') && !JSON.stringify(error).includes('never-cross'));
    assert.equal(other.seen.length, 0, 'nothing was sent to the other origin');
    await client.close();
  });

  it('refuses a 301/302/303 on a POST (it would become a GET), naming the Location', async () => {
    server.handle((_req, res) => {
      res.writeHead(302, { location: '/elsewhere' }).end();
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    try {
      const error = await rejectsWith(10_000, t.send({ jsonrpc: '2.0', id: 1, method: 'ping' }), 'MCPB_HTTP_STATUS', 'send');
      assert.equal(error.context.location, `${server.origin}/elsewhere`);
      assert.match(error.message, /HTTP 302 would turn the POST into a GET/);
      assert.equal(server.seen.length, 1);
    } finally {
      await t.close();
    }
  });

  it('stops a redirect loop after a bounded number of hops', async () => {
    server.handle((req, res) => {
      res.writeHead(307, { location: req.url === '/mcp' ? '/a' : '/mcp' }).end();
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    try {
      const error = await rejectsWith(10_000, t.send({ jsonrpc: '2.0', id: 1, method: 'ping' }), 'MCPB_HTTP_STATUS', 'send');
      assert.match(error.message, /more than 5 redirects/);
      assert.equal(server.seen.length, 6);
    } finally {
      await t.close();
    }
  });

  it('legacy SSE: follows a same-origin redirect of the SSE GET, refuses a cross-origin one', async () => {
    let stream: import('node:http').ServerResponse | undefined;
    server.handle((req, res) => {
      if (req.method === 'GET' && req.url === '/sse') {
        res.writeHead(307, { location: '/sse2' }).end();
        return;
      }
      if (req.method === 'GET' && req.url === '/sse2') {
        stream = res;
        sse(res);
        event(res, { event: 'endpoint', data: '/messages' });
        return;
      }
      if (req.method === 'POST' && req.url === '/messages-old') {
        res.writeHead(308, { location: '/messages' }).end();
        return;
      }
      res.writeHead(202).end('Accepted');
      if (req.body?.id !== undefined)
        event(stream!, {
          event: 'message',
          data: { jsonrpc: '2.0', id: req.body.id, result: { protocolVersion: '2024-11-05', capabilities: {}, serverInfo: { name: 'old', version: '1' } } },
        });
    });
    const client = new Client(new SseTransport({ url: `${server.origin}/sse` }), { name: 'legacy', protocolVersion: '2024-11-05' });
    try {
      await within(10_000, client.connect(), 'connect');
      assert.equal(client.protocolVersion, '2024-11-05');
    } finally {
      await client.close();
    }
    server.handle((_req, res) => {
      res.writeHead(308, { location: `${other.origin}/sse` }).end();
    });
    const refused = new SseTransport({ url: `${server.origin}/sse` });
    const error = await rejectsWith(10_000, refused.start(), 'MCPB_HTTP_STATUS', 'start');
    assert.equal(error.context.location, `${other.origin}/sse`);
    assert.equal(other.seen.length, 0);
    await refused.close();
  });
});
