// Requests over Streamable HTTP leave through the transport's promise-free fire(): the same outcomes
// as send() had, a failure reported as `undelivered` and failing only its own request. Real servers
// where they can produce the case (server-everything over HTTP, killed for the refused connection);
// the fault server for what they cannot (429, a reset mid-POST, a 404 to the session, a held call).
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '../../../src/client/client.js';
import type { JsonRpcMessage } from '../../../src/index.js';
import { createHttpTransport } from '../../../src/transports/detect.js';
import { StreamableHttpTransport } from '../../../src/transports/http/streamable-http.js';
import type { Transport } from '../../../src/transports/transport.js';
import { startEverythingHttp, type EverythingHttp } from '../../helpers/http-everything.js';
import { startV2Http, type V2Http } from '../../helpers/v2-server.js';
import { answerInitialize, json, useFaultServer, type FaultRequest, type FaultServer } from '../../helpers/http-fault-server.js';
import { rejectsWith, within } from '../../faults/harness.js';

/** Counts, by JSON-RPC method, the messages handed to fire() and to send(). */
function spy<T extends Transport>(transport: T): { transport: T; fired: string[]; sent: string[] } {
  const fired: string[] = [];
  const sent: string[] = [];
  const fire = transport.fire!.bind(transport);
  const send = transport.send.bind(transport);
  const methodOf = (m: JsonRpcMessage) => ('method' in m ? m.method : 'answer');
  transport.fire = (message, ...rest) => {
    fired.push(methodOf(message));
    fire(message, ...rest);
  };
  transport.send = (message, options) => {
    sent.push(methodOf(message));
    return send(message, options);
  };
  return { transport, fired, sent };
}

const isCall = (r: FaultRequest) => r.method === 'POST' && r.body?.method === 'tools/call';
const toolOf = (r: FaultRequest) => (r.body?.params as { name?: string } | undefined)?.name;

describe('requests over Streamable HTTP go through fire() (real server: server-everything)', () => {
  let server: EverythingHttp;
  before(async () => {
    server = await startEverythingHttp('streamableHttp');
  });
  after(async () => {
    await server.stop();
  });

  it('HTTP-1: a tool call leaves through fire(), its SSE-streamed answer arrives, and the auto transport fires once decided', async () => {
    const { transport, fired, sent } = spy(createHttpTransport({ url: server.url }));
    const client = new Client(transport, { name: 'everything', requestTimeoutMs: 10_000 });
    try {
      await within(15_000, client.connect(), 'connect');
      const both = Promise.all([client.callTool('echo', { message: 'one' }), client.callTool('echo', { message: 'two' })]);
      const [a, b] = (await within(10_000, both, 'two calls')).value;
      assert.match(JSON.stringify(a.content), /one/);
      assert.match(JSON.stringify(b.content), /two/);
      assert.equal(fired.filter((m) => m === 'tools/call').length, 2, `fired: ${fired.join(', ')}`);
      // The auto transport hands fired requests to the Streamable HTTP transport's own fire(), not to send().
      assert.ok(!sent.includes('tools/call'), `sent: ${sent.join(', ')}`);
      assert.equal(transport.kind, 'streamable-http');
    } finally {
      await client.close();
    }
  });

  it('deliveringShallow is up, through the auto transport, only while a value from a short SSE event is delivered', async () => {
    const transport = createHttpTransport({ url: server.url });
    const client = new Client(transport, { name: 'everything', requestTimeoutMs: 10_000 });
    // Each message as the server wrote it (compact JSON, one SSE data line), beside the flag seen in the listener.
    const seen: { text: string; shallow: boolean | undefined }[] = [];
    transport.events.on('message', (value) => seen.push({ text: JSON.stringify(value), shallow: transport.deliveringShallow }));
    try {
      await within(15_000, client.connect(), 'connect');
      await within(10_000, client.callTool('echo', { message: 'short-echo' }), 'a short call');
      await within(10_000, client.callTool('echo', { message: 'x'.repeat(600) }), 'a long call');
      const short = seen.find((s) => s.text.includes('short-echo'))!;
      const long = seen.find((s) => s.text.includes('x'.repeat(600)))!;
      // 2 × 257 characters is the least a value nested past 256 levels takes (one bracket each way per level).
      assert.ok(short.text.length < 2 * 257 && short.shallow === true, JSON.stringify(short));
      assert.ok(long.text.length > 2 * 257 && long.shallow === false, `${long.text.length} ${long.shallow}`);
      assert.equal(transport.deliveringShallow, false, 'down again after each delivery');
    } finally {
      await client.close();
    }
  });

  it('a refused connection (the server is gone) fails the fired call with MCPB_HTTP_CONNECT, at once', async () => {
    const own = await startEverythingHttp('streamableHttp');
    const { transport, fired } = spy(new StreamableHttpTransport({ url: own.url }));
    const client = new Client(transport, { name: 'everything', requestTimeoutMs: 20_000 });
    try {
      await within(15_000, client.connect(), 'connect');
      await within(10_000, client.callTool('echo', { message: 'before' }), 'a call before');
      await own.stop();
      const error = await rejectsWith(10_000, client.callTool('echo', { message: 'after' }), 'MCPB_HTTP_CONNECT', 'the call to a stopped server');
      assert.equal(error.context.method, 'tools/call');
      assert.equal(fired.filter((m) => m === 'tools/call').length, 2);
    } finally {
      await client.close();
      await own.stop();
    }
  });
});

describe('fired requests in the 2026-07-28 stateless mode (real server: the v2 SDK, modern only)', () => {
  let server: V2Http;
  before(async () => {
    server = await startV2Http({ reject: true, tag: 'fire' });
  });
  after(async () => {
    await server.close();
  });

  it('HTTP-8: a fired call carries the standard headers the modern-only server requires, and aborting its signal cancels it there', async () => {
    const { transport, fired } = spy(new StreamableHttpTransport({ url: server.url }));
    const client = new Client(transport, { name: 'v2', requestTimeoutMs: 10_000 });
    try {
      await within(15_000, client.connect(), 'connect');
      assert.equal(transport.stateless, true);
      const echoed = await within(10_000, client.callTool('echo', { text: 'hi' }), 'a modern call');
      assert.deepEqual(echoed.value.content, [{ type: 'text', text: 'hi (modern)' }]);
      const controller = new AbortController();
      const slow = client.callTool('slow', {}, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 200));
      controller.abort(new Error('changed my mind'));
      await rejectsWith(5_000, slow, 'MCPB_REQUEST_ABORTED', 'the aborted slow call');
      let count = '0';
      for (const started = Date.now(); count === '0' && Date.now() - started < 5_000; ) {
        const result = await within(5_000, client.callTool('cancelled', {}), 'how many were cancelled');
        count = (result.value.content[0] as { text: string }).text;
        if (count === '0') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.equal(count, '1', 'the server saw the aborted call end');
      assert.ok(fired.filter((m) => m === 'tools/call').length >= 3, `fired: ${fired.join(', ')}`);
    } finally {
      await client.close();
    }
  });
});

describe('fired requests keep what send() did for them (fault server)', () => {
  let server: FaultServer;
  /** Retry-After values for the next calls named `limited`. */
  let limits: string[] = [];
  /** Calls held open, with whether the server saw their POST closed by the client. */
  const held: { id: unknown; closed: boolean }[] = [];
  useFaultServer((started) => {
    server = started;
    server.handle((req, res) => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      if (req.body?.method === 'initialize') return answerInitialize(req, res, 'sess-fire', '2025-11-25');
      if (isCall(req)) {
        const name = toolOf(req);
        if (name === 'limited' && limits.length > 0) {
          return void res.writeHead(429, { 'retry-after': limits.shift()!, 'content-type': 'text/plain' }).end('slow down');
        }
        if (name === 'reset') return void res.socket?.destroy();
        if (name === 'expired') return void res.writeHead(404).end();
        if (name === 'held') {
          const entry = { id: req.body?.id, closed: false };
          held.push(entry);
          res.on('close', () => {
            entry.closed = !res.writableEnded;
          });
          return;
        }
        const delay = name === 'slow' ? 150 : 0;
        setTimeout(() => json(res, 200, { jsonrpc: '2.0', id: req.body?.id, result: { content: [{ type: 'text', text: `served ${name}` }] } }), delay);
        return;
      }
      if (req.body?.id !== undefined) return json(res, 200, { jsonrpc: '2.0', id: req.body.id, error: { code: -32601, message: 'Method not found' } });
      // Accepting a cancellation also drops the cancelled request's POST (its answer is of no more
      // use): held back until the POST closed, or 3 s, so that only the signal can close it sooner.
      if (req.body?.method === 'notifications/cancelled') {
        const started = Date.now();
        const accept = (): void => {
          if (held.every((h) => h.closed) || Date.now() - started > 3_000) res.writeHead(202).end();
          else setTimeout(accept, 10);
        };
        return accept();
      }
      res.writeHead(202).end();
    });
  });
  beforeEach(() => {
    limits = [];
    held.length = 0;
  });

  async function withClient(run: (client: Client, spied: ReturnType<typeof spy<StreamableHttpTransport>>) => Promise<void>, timeoutMs = 10_000) {
    const spied = spy(new StreamableHttpTransport({ url: server.url }));
    const client = new Client(spied.transport, { name: 'fire', requestTimeoutMs: timeoutMs });
    try {
      await within(10_000, client.connect(), 'connect');
      await run(client, spied);
    } finally {
      await client.close();
    }
  }

  const calls = (name: string) => server.seen.filter((r) => isCall(r) && toolOf(r) === name).length;

  it('a 429 whose Retry-After ends within the time left is retried once, and the fired call succeeds', async () => {
    await withClient(async (client, { fired, sent }) => {
      limits = ['1'];
      const outcome = await within(10_000, client.callTool('limited', {}), 'the rate-limited call');
      assert.deepEqual(outcome.value.content, [{ type: 'text', text: 'served limited' }]);
      assert.ok(outcome.elapsedMs >= 950, `retried after ${outcome.elapsedMs} ms`);
      assert.equal(calls('limited'), 2);
      assert.deepEqual([fired.includes('tools/call'), sent.includes('tools/call')], [true, false]);
    });
  });

  it('a 429 whose Retry-After ends past the time left fails the fired call at once with the same HttpError', async () => {
    // 3 s of time left cannot hold a 5 s wait plus the second of room the retry needs.
    await withClient(async (client, { fired }) => {
      limits = ['5'];
      const started = Date.now();
      const error = await rejectsWith(5_000, client.callTool('limited', {}), 'MCPB_HTTP_STATUS', 'the rate-limited call');
      assert.ok(Date.now() - started < 1000, 'failed at once');
      assert.equal(error.context.status, 429);
      assert.equal(error.context.retryAfter, '5');
      assert.match(error.message, /HTTP 429.*slow down; it asks to wait 5 s \(Retry-After: 5\)/);
      assert.equal(calls('limited'), 1);
      assert.ok(fired.includes('tools/call'));
    }, 3_000);
  });

  it('a connection reset mid-POST fails only that call, with MCPB_HTTP_CONNECT, and the session goes on', async () => {
    await withClient(async (client, { fired }) => {
      const slow = client.callTool('slow', {});
      const error = await rejectsWith(5_000, client.callTool('reset', {}), 'MCPB_HTTP_CONNECT', 'the reset call');
      assert.equal(error.context.method, 'tools/call');
      assert.deepEqual((await within(5_000, slow, 'the call beside it')).value.content, [{ type: 'text', text: 'served slow' }]);
      assert.deepEqual((await within(5_000, client.callTool('after', {}), 'a later call')).value.content, [{ type: 'text', text: 'served after' }]);
      assert.equal(fired.filter((m) => m === 'tools/call').length, 3);
    });
  });

  it('HTTP-19: a 404 to a fired call that carried the session id is a SessionExpiredError: the client starts a new session and re-sends the unrun call once', async () => {
    await withClient(async (client, { transport, fired }) => {
      const expired: unknown[] = [];
      transport.sessionEvents.on('sessionExpired', (e) => expired.push(e));
      const error = await rejectsWith(5_000, client.callTool('expired', {}), 'MCPB_SESSION_EXPIRED', 'the call to an expired session');
      assert.equal(error.context.requestMayHaveRun, false);
      // The first 404 expires the session, the re-sent call meets the second.
      assert.equal(expired.length, 2);
      assert.equal(calls('expired'), 2);
      assert.equal(server.seen.filter((r) => r.body?.method === 'initialize').length, 2);
      assert.equal(fired.filter((m) => m === 'tools/call').length, 2);
    });
  });

  it("CANCEL-1: aborting a fired call's signal rejects it and closes its POST", async () => {
    await withClient(async (client, { fired }) => {
      const controller = new AbortController();
      const call = client.callTool('held', {}, { signal: controller.signal });
      await within(
        5_000,
        waitFor(() => held.length === 1),
        'the held call reaching the server',
      );
      controller.abort(new Error('changed my mind'));
      await rejectsWith(5_000, call, 'MCPB_REQUEST_ABORTED', 'the aborted call');
      await within(
        2_000,
        waitFor(() => held[0]!.closed),
        'the POST of the aborted call closed',
      );
      assert.ok(fired.includes('tools/call'));
    });
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
