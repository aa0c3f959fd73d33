// How the Streamable HTTP transport takes a request's answer off its POST: a JSON body read at once
// when it came whole with the headers, or awaited when it trickles in after them; and a 2026
// cancellation that ends the cancelled request's POST alone. On a purpose-built node:http server, with
// the pool's own dispatchers (Node's http for the first exchanges) and with an undici Agent, which
// hands a small body over in the same turn as its headers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { type FaultRequest, type FaultServer, useFaultServer } from '../helpers/http-fault-server.js';
import { inbox, until } from '../helpers/http-inbox.js';
import { settlesWithin } from './harness.js';
import { StreamableHttpTransport } from '../../src/transports/http/streamable-http.js';
import { Agent } from 'undici';

const isCall = (r: FaultRequest) => r.method === 'POST' && r.body?.method === 'tools/call';
const result = (id: unknown, text: string) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });
const call = (id: number) => ({ jsonrpc: '2.0' as const, id, method: 'tools/call', params: { name: 'x', arguments: {} } });

const dispatchers: [string, () => Agent | undefined][] = [
  ['the default pool', () => undefined],
  ['an undici Agent', () => new Agent({ headersTimeout: 0, bodyTimeout: 0 })],
];

for (const [dispatcherName, makeDispatcher] of dispatchers)
  describe(`Streamable HTTP answers on the POST, through ${dispatcherName}`, () => {
    let server: FaultServer;
    useFaultServer((started) => (server = started));
    const transport = () => {
      const dispatcher = makeDispatcher();
      const t = new StreamableHttpTransport({ url: server.url, listen: false, ...(dispatcher ? { dispatcher } : {}) });
      return {
        t,
        close: async () => {
          await t.close();
          await dispatcher?.close();
        },
      };
    };

    // covers: HTTP-5
    it('delivers a JSON answer whether its body came with the headers or trickled in after them', async () => {
      server.handle((req, res) => {
        const body = JSON.stringify(result(req.body?.id, 'é'.repeat(40)));
        res.writeHead(200, { 'Content-Type': 'Application/JSON; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
        if (req.body?.id === 1) {
          res.end(body);
          return;
        }
        // Split inside a two-byte character, the rest well after the headers were read.
        const bytes = Buffer.from(body);
        res.write(bytes.subarray(0, 51));
        setTimeout(() => res.end(bytes.subarray(51)), 40);
      });
      const { t, close } = transport();
      const box = inbox(t);
      try {
        await t.send(call(1), { requestId: 1 });
        await t.send(call(2), { requestId: 2 });
        assert.deepEqual((await box.response(1)).result, result(1, 'é'.repeat(40)).result);
        assert.deepEqual((await box.response(2)).result, result(2, 'é'.repeat(40)).result);
        assert.deepEqual(box.errors, []);
      } finally {
        await close();
      }
    });

    // covers: CANCEL-5
    it('2026: notifications/cancelled closes the POST of the request it names, and no other', async () => {
      const open = new Map<unknown, ServerResponse>();
      const closed: unknown[] = [];
      server.handle((req, res) => {
        if (isCall(req)) {
          open.set(req.body?.id, res);
          res.on('close', () => {
            if (!res.writableEnded) closed.push(req.body?.id);
          });
          return;
        }
        res.writeHead(202).end();
      });
      const { t, close } = transport();
      t.setProtocolVersion('2026-07-28');
      const box = inbox(t);
      try {
        const first = t.send(call(1), { requestId: 1 });
        const second = t.send(call(2), { requestId: 2 });
        await until(() => open.size === 2, 2_000, 'both calls');
        await t.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'user gave up' } });
        const cancelled = await settlesWithin(2_000, first, 'the cancelled call');
        assert.equal(cancelled.ok, false);
        assert.equal(!cancelled.ok && cancelled.error, 'request cancelled');
        await until(() => closed.includes(1), 2_000, 'the server to see the cancelled POST end');
        assert.deepEqual(closed, [1]);
        assert.equal(server.seen.filter((r) => r.body?.method === 'notifications/cancelled').length, 0, '2026 cancels by closing the stream, not by a POST');
        const res = open.get(2)!;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result(2, 'still here')));
        await second;
        assert.deepEqual((await box.response(2)).result, result(2, 'still here').result);
      } finally {
        await close();
      }
    });
  });
