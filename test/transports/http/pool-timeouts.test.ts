// undici's per-connection header and body timeouts, as the clients of our Agent actually hold them
// after an exchange: 0 (none), so a quiet stream or a slow answer lives until it ends. Without the
// setting undici cuts at 300 s, which no real-time test can wait for; the quiet-stream fault test
// (test/faults/http-quiet) shows the behaviour on both dispatchers with a shorter silence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectionPool } from '../../../src/transports/http/pool.js';

/** The own symbol property of `o` whose description is `name` (undici keeps its state under symbols). */
function bySymbol(o: object, name: string): unknown {
  const key = Object.getOwnPropertySymbols(o).find((s) => s.description === name);
  assert.ok(key, `undici's layout changed: no "${name}" on ${o.constructor.name}; update this test's walk`);
  return (o as Record<symbol, unknown>)[key];
}

test('the undici Agent of a pool gives its connections no headers or body timeout', async () => {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pool = new ConnectionPool({});
  try {
    const agent = pool.undici();
    await new Promise<void>((resolve, reject) => {
      agent.dispatch({ origin, path: '/', method: 'GET' }, {
        onConnect() {},
        onHeaders: () => true,
        onData: () => true,
        onComplete: () => resolve(),
        onError: reject,
      } as never);
    });
    const seen: { headers: unknown; body: unknown }[] = [];
    for (const entry of (bySymbol(agent, 'clients') as Map<string, { dispatcher: object }>).values()) {
      for (const client of bySymbol(entry.dispatcher, 'clients') as object[]) {
        seen.push({ headers: bySymbol(client, 'headers timeout'), body: bySymbol(client, 'body timeout') });
      }
    }
    assert.ok(seen.length > 0, 'no connection was found');
    for (const timeouts of seen) assert.deepEqual(timeouts, { headers: 0, body: 0 });
  } finally {
    await pool.close(1000);
    server.close();
  }
});
