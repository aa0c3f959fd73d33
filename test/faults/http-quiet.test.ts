// No idle limit on quiet streams, on both of a client's HTTP dispatchers: Node's http carries its
// first exchanges, undici the rest (src/transports/http/pool.ts). A POST whose answer's headers come
// late, a POST whose event stream says nothing, and a GET stream that says nothing, each silent (not
// a byte, not a comment) for QUIET_MS, longer than the lowered keep-alive timeout of the sockets.
// A header or body timeout shorter than QUIET_MS on either dispatcher fails these tests; undici's own
// default (300 s) is caught by the unit test on the effective options (test/transports/http/pool-timeouts).
// MCPB_FAULT_QUIET_MS=360000 runs the six-minute version.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { Client } from '../../src/client/client.js';
import { StreamableHttpTransport } from '../../src/transports/http/streamable-http.js';
import { answerInitialize, event, json, sse, startFaultServer, type FaultRequest, type FaultServer } from '../helpers/http-fault-server.js';
import { within } from './harness.js';

const QUIET_MS = Number(process.env.MCPB_FAULT_QUIET_MS ?? 2500);

/** Which dispatcher sent a request: Node's http writes `Host`, undici `host`. */
const dispatcherOf = (req: FaultRequest): string => (req.rawHeaders.includes('Host') ? 'node:http' : req.rawHeaders.includes('host') ? 'undici' : 'unknown');
const later = (fn: () => void): void => void setTimeout(fn, QUIET_MS).unref();
const result = (id: unknown, text: string) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });

describe(`quiet streams (${QUIET_MS} ms without a byte) are never cut`, () => {
  let server: FaultServer;
  let gets = 0;
  /** What the first GET stream does: stay quiet (node:http test) or end at once (undici test, whose second GET stays quiet). */
  let firstGet: 'quiet' | 'end' = 'quiet';
  before(async () => {
    server = await startFaultServer();
    server.handle((req, res) => {
      if (req.method === 'GET') {
        gets++;
        sse(res);
        if (gets === 1 && firstGet === 'end') return void res.end('retry: 300\n\n');
        later(() => {
          event(res, { data: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `get ${gets}` } } });
          res.end();
        });
        return;
      }
      if (req.body?.method === 'initialize') return answerInitialize(req, res, 'sess-q', '2025-06-18');
      if (req.body?.method === 'tools/call') return quietCall(req, res);
      if (req.body?.id !== undefined) return json(res, 200, { jsonrpc: '2.0', id: req.body.id, error: { code: -32601, message: 'Method not found' } });
      res.writeHead(202).end();
    });
  });
  after(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.seen.length = 0;
    gets = 0;
  });

  function quietCall(req: FaultRequest, res: ServerResponse): void {
    const id = req.body?.id;
    if ((req.body?.params as { name?: string } | undefined)?.name === 'late_headers') {
      // Not even the status line until the quiet stretch is over.
      return later(() => json(res, 200, result(id, 'late headers')));
    }
    sse(res);
    later(() => {
      event(res, { data: result(id, 'quiet body') });
      res.end();
    });
  }

  async function quietSession(settleMs: number): Promise<string[]> {
    const client = new Client(new StreamableHttpTransport({ url: server.url, keepAliveTimeoutMs: 300 }), {
      name: 'quiet',
      requestTimeoutMs: QUIET_MS + 30_000,
    });
    const errors: unknown[] = [];
    const logs: unknown[] = [];
    client.events.on('error', (e) => errors.push(e));
    client.events.on('log', (entry) => logs.push(entry.data));
    try {
      await within(10_000, client.connect(), 'connect');
      if (settleMs > 0) await new Promise((r) => setTimeout(r, settleMs));
      const started = Date.now();
      const [head, body] = await Promise.all([
        within(QUIET_MS + 20_000, client.callTool('late_headers', {}), 'the call with late headers'),
        within(QUIET_MS + 20_000, client.callTool('quiet_body', {}), 'the call with a quiet body'),
      ]);
      assert.deepEqual(head.value?.content, [{ type: 'text', text: 'late headers' }]);
      assert.deepEqual(body.value?.content, [{ type: 'text', text: 'quiet body' }]);
      assert.ok(Date.now() - started >= QUIET_MS - 50);
      const quietGet = firstGet === 'quiet' ? 'get 1' : 'get 2';
      await within(
        QUIET_MS + 10_000,
        waitFor(() => logs.includes(quietGet)),
        'the message after the quiet GET stream',
      );
      assert.deepEqual(errors, []);
      assert.equal(server.seen.filter((r) => r.body?.method === 'tools/call').length, 2, 'no call was sent twice');
      assert.equal(server.seen.filter((r) => r.headers['last-event-id'] !== undefined).length, 0, 'no stream was resumed');
    } finally {
      await client.close();
    }
    // The quiet exchanges: both calls, and the GET stream that stayed open (later GETs may follow).
    const getsSeen = server.seen.filter((r) => r.method === 'GET');
    const quiet = [...server.seen.filter((r) => r.body?.method === 'tools/call'), getsSeen[firstGet === 'quiet' ? 0 : 1]!];
    return quiet.map((r) => `${r.method === 'GET' ? 'GET' : 'tools/call'} on ${dispatcherOf(r)}`).sort();
  }

  it("on node:http (a client's first exchanges): late headers, a quiet POST body, a quiet GET stream", async () => {
    firstGet = 'quiet';
    const carried = await quietSession(0);
    // node:http carries what a client sends in its first 250 ms; on a machine too loaded for a
    // handshake and two calls in that time, undici takes them and this fails: rerun it.
    assert.deepEqual(carried, ['GET on node:http', 'tools/call on node:http', 'tools/call on node:http']);
  });

  it('on undici (after the switch): late headers, a quiet POST body, a quiet GET stream', async () => {
    firstGet = 'end';
    // The switch to undici happens 250 ms after a client's first exchange.
    const carried = await quietSession(600);
    assert.deepEqual(carried, ['GET on undici', 'tools/call on undici', 'tools/call on undici']);
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}
