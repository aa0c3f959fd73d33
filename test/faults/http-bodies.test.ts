// Streamable HTTP faults in what the server sends back: HTML where JSON belongs, a 200 MB body, a
// stream kept alive by comments only. Through the Client, as a user meets them: the typed error
// within a bound, memory bounded, no idle cut of a quiet stream.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { Client } from '../../src/client/client.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../protocol/index.js';
import { StreamableHttpTransport } from '../../src/transports/http/streamable-http.js';
import { answerInitialize, event, sse, type FaultRequest, type FaultServer, useFaultServer } from '../helpers/http-fault-server.js';
import { peakRssGrowthMiB, rejectsWith, within } from './harness.js';

/**
 * How long the keepalive test keeps a stream open with comments only, and how often it comments.
 * The fault is 20 s of comments; what matters is that a quiet stream is never cut, which a
 * few seconds show as well. MCPB_FAULT_KEEPALIVE_TOTAL_MS=20000 runs the full 20 s.
 */
const KEEPALIVE_TOTAL_MS = Number(process.env.MCPB_FAULT_KEEPALIVE_TOTAL_MS ?? 3000);
const KEEPALIVE_EVERY_MS = Number(process.env.MCPB_FAULT_KEEPALIVE_EVERY_MS ?? 250);

const isCall = (r: FaultRequest) => r.method === 'POST' && r.body?.method === 'tools/call';

/** initialize, 202 for notifications, 405 for GET; `onCall` answers tools/call. */
function serveWith(server: FaultServer, onCall: (req: FaultRequest, res: ServerResponse) => void): void {
  server.handle((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(405).end();
      return;
    }
    if (req.body?.method === 'initialize') {
      answerInitialize(req, res, 'sess-b');
      return;
    }
    if (isCall(req)) {
      onCall(req, res);
      return;
    }
    // A legacy server: requests it does not know (the era probe) get -32601.
    if (req.body?.id !== undefined) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: req.body.id, error: { code: -32601, message: 'Method not found' } }));
      return;
    }
    res.writeHead(202).end();
  });
}

describe('Streamable HTTP faults in response bodies', () => {
  let server: FaultServer;
  useFaultServer((started) => (server = started));

  async function connected(): Promise<Client> {
    const client = new Client(new StreamableHttpTransport({ url: server.url }), { name: 'web', requestTimeoutMs: 60_000 });
    await within(10_000, client.connect(), 'connect');
    return client;
  }

  it('HTML instead of JSON (as text/html, or labelled application/json) fails the call at once', async () => {
    serveWith(server, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome to nginx!</body></html>');
    });
    const client = await connected();
    try {
      const asHtml = await rejectsWith(10_000, client.callTool('x', {}), 'MCPB_INVALID_MESSAGE', 'text/html answer');
      assert.match(asHtml.message, /Content-Type text\/html, neither application\/json nor text\/event-stream/);
      assert.match(asHtml.message, /Welcome to nginx/);
      serveWith(server, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end('<!DOCTYPE html><html>Login</html>');
      });
      const mislabelled = await rejectsWith(10_000, client.callTool('x', {}), 'MCPB_INVALID_MESSAGE', 'HTML labelled JSON');
      assert.match(mislabelled.message, /is not JSON/);
      serveWith(server, (_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<html><h1>502 Bad Gateway</h1></html>');
      });
      const gateway = await rejectsWith(10_000, client.callTool('x', {}), 'MCPB_HTTP_STATUS', 'a 502 page');
      assert.equal(gateway.context.status, 502);
      assert.match(gateway.message, /502 Bad Gateway/);
    } finally {
      await client.close();
    }
  });

  it('an answer nested 100,000 deep fails its call with MCPB_INVALID_RESULT, as a JSON body and as an SSE event; a short answer after it works', async () => {
    // No real server writes this: the fault server does. Long texts are walked for their depth even
    // though short ones (513 characters or fewer, which cannot nest past 256 levels) skip the walk.
    const deep = (id: unknown) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[],"v":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    serveWith(server, (req, res) => {
      const tool = (req.body?.params as { name?: string } | undefined)?.name;
      if (tool === 'deep-json') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(deep(req.body?.id));
        return;
      }
      if (tool === 'deep-sse') {
        sse(res);
        event(res, { data: deep(req.body?.id) });
        res.end();
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: req.body?.id, result: { content: [{ type: 'text', text: 'fine' }] } }));
    });
    const client = await connected();
    try {
      for (const tool of ['deep-json', 'deep-sse']) {
        const error = await rejectsWith(10_000, client.callTool(tool, {}), 'MCPB_INVALID_RESULT', tool);
        assert.match(error.message, /more than 256 levels deep/);
      }
      const after = await within(10_000, client.callTool('ok', {}), 'a call after them');
      assert.deepEqual(after.value.content, [{ type: 'text', text: 'fine' }]);
    } finally {
      await client.close();
    }
  });

  it('a 200 MB body fails the call with the typed size error once the cap is crossed, memory bounded', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x78);
    let written = 0;
    serveWith(server, (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"jsonrpc":"2.0","id":${JSON.stringify(req.body?.id)},"result":{"content":[{"type":"text","text":"`);
      const pump = (): void => {
        while (written < 200) {
          written++;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end('"}]}}');
      };
      res.on('error', () => {});
      pump();
    });
    const client = await connected();
    try {
      const { value: error, growthMiB } = await peakRssGrowthMiB(() =>
        rejectsWith(30_000, client.callTool('big', {}), 'MCPB_MESSAGE_TOO_LARGE', 'the 200 MB answer'),
      );
      assert.equal(error.context.limit, DEFAULT_MAX_MESSAGE_BYTES);
      assert.ok(written < 200, `the client stopped reading early (server wrote ${written} MiB)`);
      const capMiB = DEFAULT_MAX_MESSAGE_BYTES / (1024 * 1024);
      assert.ok(growthMiB < capMiB * 2 + 64, `RSS grew ${growthMiB.toFixed(0)} MiB for a ${capMiB} MiB cap`);
    } finally {
      await client.close();
    }
  });

  it(`a response stream kept open by comments only (${KEEPALIVE_TOTAL_MS} ms, one every ${KEEPALIVE_EVERY_MS} ms) is not cut`, async () => {
    serveWith(server, (req, res) => {
      sse(res);
      const timer = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_EVERY_MS);
      setTimeout(() => {
        clearInterval(timer);
        event(res, { id: 'k1', data: { jsonrpc: '2.0', id: req.body?.id, result: { content: [{ type: 'text', text: 'after the quiet stretch' }] } } });
        res.end();
      }, KEEPALIVE_TOTAL_MS);
      res.on('close', () => clearInterval(timer));
    });
    const client = await connected();
    const errors: unknown[] = [];
    client.events.on('error', (e) => errors.push(e));
    try {
      const result = await within(KEEPALIVE_TOTAL_MS + 20_000, client.callTool('slow', {}, { timeoutMs: KEEPALIVE_TOTAL_MS + 20_000 }), 'the quiet call');
      assert.deepEqual(result.value?.content, [{ type: 'text', text: 'after the quiet stretch' }]);
      assert.ok(result.elapsedMs >= KEEPALIVE_TOTAL_MS - 100);
      assert.deepEqual(errors, [], 'comments are neither errors nor messages');
      assert.equal(
        server.seen.filter((r) => r.method === 'GET' && r.headers['last-event-id'] !== undefined).length,
        0,
        'no resumption: the stream was never cut',
      );
    } finally {
      await client.close();
    }
  });
});
