// Streamable HTTP reconnection against servers that end their streams at once: a GET stream closed
// right after `retry: 0` (with or without an event) is reopened at a bounded rate, not in a hot loop,
// and a POST stream resumed the same way too.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { event, json, sse, type FaultServer, useFaultServer } from '../helpers/http-fault-server.js';
import { inbox } from '../helpers/http-inbox.js';
import { StreamableHttpTransport } from '../../src/transports/http/streamable-http.js';

const gets = (server: FaultServer) => server.seen.filter((r) => r.method === 'GET').length;

describe('Streamable HTTP reconnection rate', () => {
  let server: FaultServer;
  useFaultServer((started) => (server = started));

  // covers: HTTP-27
  it('a GET stream that sends an event with retry: 0 and ends is reopened a few times in 3 s, not hundreds', async () => {
    let n = 0;
    server.handle((req, res) => {
      if (req.method === 'GET') {
        sse(res);
        // An event each time: the give-up counter restarts, only the backoff can slow the loop.
        event(res, { id: `g${++n}`, retry: 0, data: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: n } } });
        res.end();
        return;
      }
      res.writeHead(202).end();
    });
    const t = new StreamableHttpTransport({ url: server.url });
    const box = inbox(t);
    try {
      await t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await new Promise((r) => setTimeout(r, 3000));
      const count = gets(server);
      // Floor 100 ms, then the backoff (500, 1000, 2000 ms with jitter): about 5 GETs; the old loop made over 1,000.
      assert.ok(count >= 2 && count <= 8, `${count} GETs in 3 s`);
      assert.equal(box.messages.length, count, 'every event was delivered');
    } finally {
      await t.close();
    }
  });

  it('GET streams that each stay open 1.2 s are reopened after the retry the server gave, every time', async () => {
    server.handle((req, res) => {
      if (req.method === 'GET') {
        sse(res);
        event(res, { id: 'p', retry: 150 });
        setTimeout(() => res.end(), 1200);
        return;
      }
      res.writeHead(202).end();
    });
    const t = new StreamableHttpTransport({ url: server.url });
    try {
      await t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await new Promise((r) => setTimeout(r, 7000));
      const at = server.seen.filter((r) => r.method === 'GET').map((r) => r.at);
      assert.ok(at.length >= 5, `${at.length} GETs`);
      // A stream that lived restarts the backoff: each gap is the stream's life plus retry: 150 (and
      // latency). Were the backoff to keep growing, the fourth gap would be at least 1200 + 1500 ms.
      for (let i = 1; i < at.length; i++) assert.ok(at[i]! - at[i - 1]! < 1200 + 150 + 600, `gap ${at[i]! - at[i - 1]!} ms`);
    } finally {
      await t.close();
    }
  });

  it('a GET answered 503 with Retry-After: 2 is asked again only after those 2 s', async () => {
    server.handle((req, res) => {
      if (req.method === 'GET') {
        if (gets(server) === 1) return void res.writeHead(503, { 'retry-after': '2' }).end('busy');
        sse(res);
        return void res.end();
      }
      res.writeHead(202).end();
    });
    const t = new StreamableHttpTransport({ url: server.url });
    try {
      await t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await new Promise((r) => setTimeout(r, 2600));
      const at = server.seen.filter((r) => r.method === 'GET').map((r) => r.at);
      assert.ok(at.length >= 2, `${at.length} GETs`);
      assert.ok(at[1]! - at[0]! >= 1950, `asked again after ${at[1]! - at[0]!} ms`);
    } finally {
      await t.close();
    }
  });

  it('a POST response stream resumed with retry: 0 that keeps ending at once is not resumed in a hot loop', async () => {
    let resumes = 0;
    server.handle((req, res) => {
      if (req.method === 'POST' && req.body?.method === 'tools/call') {
        sse(res);
        event(res, { id: 'r0', retry: 0 });
        res.end();
        return;
      }
      if (req.method === 'GET' && req.headers['last-event-id']) {
        resumes++;
        sse(res);
        event(res, {
          id: `r${resumes}`,
          retry: 0,
          data: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: resumes } },
        });
        res.end();
        return;
      }
      if (req.method === 'GET') return void res.writeHead(405).end();
      json(res, 202, {});
    });
    const t = new StreamableHttpTransport({ url: server.url, listen: false });
    try {
      void t.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }, { requestId: 1 }).catch(() => {});
      await new Promise((r) => setTimeout(r, 3000));
      assert.ok(resumes >= 2 && resumes <= 8, `${resumes} resumptions in 3 s`);
    } finally {
      await t.close();
    }
  });
});
