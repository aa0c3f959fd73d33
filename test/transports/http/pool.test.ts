// Which dispatcher carries a client's exchanges: Node's own http for a new client's first few (so a
// first connect never waits for undici to load), undici after those or after a pause, and undici from
// the start where only it will do (a proxy, an auth handler's fetch, a dispatcher given by the caller).
// Then a whole session across the switch, against a real node:http server on 127.0.0.1.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectionPool } from '../../../src/transports/http/pool.js';
import { NodeHttpDispatcher } from '../../../src/transports/http/node-dispatcher.js';
import { HttpClient } from '../../../src/transports/http/http-client.js';

const origin = 'http://127.0.0.1:9';

describe('ConnectionPool: the dispatcher for the next exchange', () => {
  it("starts on Node's http and moves to undici after 8 exchanges", async () => {
    const pool = new ConnectionPool({ proxy: 'none' });
    for (let i = 0; i < 8; i++) assert.ok(pool.next(origin) instanceof NodeHttpDispatcher, `exchange ${i + 1}`);
    const ninth = pool.next(origin);
    assert.ok(!(ninth instanceof NodeHttpDispatcher));
    assert.equal(ninth.constructor.name, 'Agent');
    assert.equal(pool.next(origin), ninth);
    await pool.close(100);
  });

  it('moves to undici after a pause, even with few exchanges', async () => {
    const pool = new ConnectionPool({ proxy: 'none' });
    assert.ok(pool.next(origin) instanceof NodeHttpDispatcher);
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(pool.next(origin).constructor.name, 'Agent');
    await pool.close(100);
  });

  it('uses undici at once with a proxy, an auth handler, or for an origin that is not http(s)', async () => {
    const proxied = new ConnectionPool({ proxy: { httpProxy: 'http://127.0.0.1:9' } });
    assert.equal(proxied.next(origin).constructor.name, 'EnvHttpProxyAgent');
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = 'http://127.0.0.1:9';
    const fromEnv = new ConnectionPool({});
    if (saved === undefined) delete process.env.HTTP_PROXY;
    else process.env.HTTP_PROXY = saved;
    assert.equal(fromEnv.next(origin).constructor.name, 'EnvHttpProxyAgent');
    const withAuth = new ConnectionPool({ proxy: 'none', usesFetch: true });
    assert.equal(withAuth.next(origin).constructor.name, 'Agent');
    const unix = new ConnectionPool({ proxy: 'none' });
    assert.equal(unix.next('unix://x').constructor.name, 'Agent');
    await Promise.all([proxied, fromEnv, withAuth, unix].map((p) => p.close(100)));
  });
});

describe('HttpClient across the move to undici', () => {
  let server: Server;
  let base: string;
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body, n: req.url })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers every exchange, sequential and concurrent, before and after the move, and closes both pools', async () => {
    const client = new HttpClient({ proxy: 'none' });
    const post = async (i: number) => {
      const response = await client.send({ method: 'POST', url: `${base}/${i}`, headers: { 'content-type': 'application/json' }, body: `{"i":${i}}` });
      return JSON.parse(await response.text(10_000, () => new Error('too large'))) as { echo: string; n: string };
    };
    for (let i = 0; i < 4; i++) assert.deepEqual(await post(i), { echo: `{"i":${i}}`, n: `/${i}` });
    const many = await Promise.all(Array.from({ length: 40 }, (_, k) => post(100 + k)));
    many.forEach((answer, k) => assert.deepEqual(answer, { echo: `{"i":${100 + k}}`, n: `/${100 + k}` }));
    await client.close(500);
  });
});
