// HTTP 429 with Retry-After (RFC 9110 §10.2.3, RFC 6585 §4): the value, in seconds or as an
// HTTP-date, is named in the error; a request whose timeout leaves room for the wait is retried once.
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../src/client/client.js';
import { StreamableHttpTransport } from '../../src/transports/http/streamable-http.js';
import { answerInitialize, json, useFaultServer, type FaultRequest, type FaultServer } from '../helpers/http-fault-server.js';
import { rejectsWith, within } from './harness.js';

const isCall = (r: FaultRequest) => r.method === 'POST' && r.body?.method === 'tools/call';

describe('HTTP 429 with Retry-After', () => {
  let server: FaultServer;
  /** Retry-After values for the next calls, one per call; `undefined` answers normally. */
  let limits: (string | undefined)[] = [];
  useFaultServer((started) => {
    server = started;
    server.handle((req, res) => {
      if (req.method === 'GET') return void res.writeHead(405).end();
      if (req.body?.method === 'initialize') return answerInitialize(req, res, 'sess-r', '2025-06-18');
      if (isCall(req)) {
        const retryAfter = limits.shift();
        if (retryAfter !== undefined) return void res.writeHead(429, { 'retry-after': retryAfter, 'content-type': 'text/plain' }).end('slow down');
        return json(res, 200, { jsonrpc: '2.0', id: req.body?.id, result: { content: [{ type: 'text', text: 'served' }] } });
      }
      if (req.body?.id !== undefined) return json(res, 200, { jsonrpc: '2.0', id: req.body.id, error: { code: -32601, message: 'Method not found' } });
      res.writeHead(202).end();
    });
  });
  beforeEach(() => {
    limits = [];
  });

  async function withClient(run: (client: Client) => Promise<void>): Promise<void> {
    const client = new Client(new StreamableHttpTransport({ url: server.url }), { name: 'limited', requestTimeoutMs: 10_000 });
    try {
      await within(10_000, client.connect(), 'connect');
      await run(client);
    } finally {
      await client.close();
    }
  }

  const calls = () => server.seen.filter(isCall).length;

  it('Retry-After: 1 within a 10 s timeout: the call is retried once after a second and succeeds', async () => {
    await withClient(async (client) => {
      limits = ['1'];
      const outcome = await within(10_000, client.callTool('x', {}), 'the rate-limited call');
      assert.deepEqual(outcome.value?.content, [{ type: 'text', text: 'served' }]);
      assert.ok(outcome.elapsedMs >= 950, `retried after ${outcome.elapsedMs} ms`);
      assert.equal(calls(), 2);
    });
  });

  it('an HTTP-date two seconds ahead is waited for too', async () => {
    await withClient(async (client) => {
      limits = [new Date(Date.now() + 2000).toUTCString()];
      const outcome = await within(10_000, client.callTool('x', {}), 'the rate-limited call');
      assert.deepEqual(outcome.value.content, [{ type: 'text', text: 'served' }]);
      assert.equal(calls(), 2);
    });
  });

  it('Retry-After: 120 beyond the timeout fails at once, naming the value', async () => {
    await withClient(async (client) => {
      limits = ['120'];
      const started = Date.now();
      const error = await rejectsWith(5_000, client.callTool('x', {}), 'MCPB_HTTP_STATUS', 'the rate-limited call');
      assert.ok(Date.now() - started < 1000, 'failed at once');
      assert.equal(error.context.status, 429);
      assert.equal(error.context.retryAfter, '120');
      assert.match(error.message, /HTTP 429.*slow down; it asks to wait 120 s \(Retry-After: 120\)/);
      assert.match(error.context.hint, /wait 120 s \(Retry-After: 120\)/);
      assert.equal(calls(), 1);
    });
  });

  it('an HTTP-date beyond the timeout is named as sent', async () => {
    await withClient(async (client) => {
      const date = new Date(Date.now() + 90_000).toUTCString();
      limits = [date];
      const error = await rejectsWith(5_000, client.callTool('x', {}), 'MCPB_HTTP_STATUS', 'the rate-limited call');
      assert.ok(error.message.includes(`(Retry-After: ${date})`), error.message);
      assert.match(error.message, /it asks to wait (89|90) s/);
      assert.equal(calls(), 1);
    });
  });

  it('a second 429 after the retry fails the call: one retry only', async () => {
    await withClient(async (client) => {
      limits = ['1', '1'];
      const error = await rejectsWith(10_000, client.callTool('x', {}), 'MCPB_HTTP_STATUS', 'the twice rate-limited call');
      assert.equal(error.context.status, 429);
      assert.equal(calls(), 2);
    });
  });
});
