// HttpClient's exchanges with our own handler, on each of the two dispatchers a client uses (Node's
// http for its first exchanges, undici after): bodies read before or after they arrive, the size
// bound, aborts through RequestAbort before and after the headers, and a stream that broke before
// anyone read it. Against a real node:http server on 127.0.0.1.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpClient } from '../../../src/transports/http/http-client.js';
import { RequestAbort } from '../../../src/transports/http/exchange.js';
import { NodeHttpDispatcher } from '../../../src/transports/http/node-dispatcher.js';
import { Agent } from 'undici';
import type { Dispatcher } from '../../../src/transports/http/pool.js';

type Route = (res: ServerResponse) => void;

const dispatchers: [string, () => Dispatcher][] = [
  ["Node's http", () => new NodeHttpDispatcher({ connectTimeoutMs: 5_000, keepAliveTimeoutMs: 4_000, maxSockets: 16 }) as unknown as Dispatcher],
  ['undici', () => new Agent({ headersTimeout: 0, bodyTimeout: 0 })],
];

for (const [dispatcherName, makeDispatcher] of dispatchers)
  describe(`HTTP exchanges on ${dispatcherName}`, () => {
    let server: Server;
    let base: string;
    const routes = new Map<string, Route>();
    const dispatcher = makeDispatcher();
    const client = new HttpClient({ proxy: 'none', dispatcher });

    before(async () => {
      server = createServer((req, res) => {
        const route = routes.get(req.url ?? '');
        if (route) route(res);
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
      await client.close();
      await dispatcher.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    const get = (path: string, abort?: RequestAbort) => client.send({ method: 'GET', url: `${base}${path}`, headers: {}, abort });

    it('reads a body in several chunks whole, whether it arrived before text() or after', async () => {
      routes.set('/chunks', (res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'X-Mixed-Case': 'yes' });
        res.write('{"a":');
        setTimeout(() => res.end('"é"}'), 20);
      });
      const late = await get('/chunks');
      assert.equal(late.status, 200);
      assert.equal(late.statusText, 'OK');
      assert.equal(late.headers['x-mixed-case'], 'yes');
      assert.equal(await late.text(1000, () => new Error('too large')), '{"a":"é"}');
      const early = await get('/chunks');
      await new Promise((r) => setTimeout(r, 60));
      assert.equal(await early.text(1000, () => new Error('too large')), '{"a":"é"}');
    });

    it('rejects a body over the limit with the caller’s error, given the head of the body', async () => {
      routes.set('/big', (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('x'.repeat(5000));
      });
      const response = await get('/big');
      let head = '';
      await assert.rejects(
        response.text(1000, (bytes, h) => {
          head = h;
          return Object.assign(new Error(`over by ${bytes}`), { code: 'TOO_LARGE' });
        }),
        { code: 'TOO_LARGE' },
      );
      assert.equal(head, 'x'.repeat(200));
    });

    it('aborts through RequestAbort before the headers, with its reason, and never makes a signal it was not asked for', async () => {
      routes.set('/slow', (res) => {
        setTimeout(() => res.writeHead(200).end('late'), 2000).unref();
      });
      const abort = new RequestAbort();
      const pending = get('/slow', abort);
      setTimeout(() => abort.abort('stop'), 20);
      await assert.rejects(pending, (e: unknown) => e === 'stop');
      assert.equal((abort as unknown as { controller?: AbortController }).controller, undefined);
    });

    it('aborts a body being read, and a signal made later is already aborted', async () => {
      routes.set('/endless', (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"partial":');
      });
      const abort = new RequestAbort();
      const response = await get('/endless', abort);
      const reading = response.text(1000, () => new Error('too large'));
      abort.abort(new Error('cancelled'));
      await assert.rejects(reading, /cancelled/);
      assert.equal(abort.signal.aborted, true);
      assert.match(String(abort.signal.reason), /cancelled/);
    });

    it('delivers the chunks of a stream that broke before it was read, then its error', async () => {
      routes.set('/broken', (res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('id: 1\ndata: {}\n\n', () => setTimeout(() => res.socket?.destroy(), 10));
      });
      const response = await get('/broken');
      await new Promise((r) => setTimeout(r, 80));
      const seen: string[] = [];
      await assert.rejects(async () => {
        for await (const chunk of response.chunks()) seen.push(Buffer.from(chunk).toString('utf8'));
      });
      assert.equal(seen.join(''), 'id: 1\ndata: {}\n\n');
    });

    it('refuses a header value with a line break as a bad request, not as a connection failure', async () => {
      await assert.rejects(client.send({ method: 'POST', url: `${base}/chunks`, headers: { 'x-note': 'one\ntwo' }, body: '{}' }), (e: unknown) => {
        const error = e as { code?: string; message: string };
        assert.equal(error.code, 'UND_ERR_INVALID_ARG');
        assert.doesNotMatch(error.message, /one|two/);
        return true;
      });
    });

    it('frees the socket when a stream is left early', async () => {
      routes.set('/stream', (res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: one\n\n');
      });
      routes.set('/after', (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
      const response = await get('/stream');
      for await (const _chunk of response.chunks()) break;
      const next = await get('/after');
      assert.equal(await next.text(100, () => new Error('too large')), '{}');
    });
  });
