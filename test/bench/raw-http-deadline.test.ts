// The bench's hand-written HTTP loops (the limit W6 and W10 are judged against) must honour a call's
// timeout as any client does: one shared deadline timer per connection ends a call nobody answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectNodeHttp, connectUndiciDispatch } from '../../bench/clients/_raw-http.js';

/** Answers initialize and the initialized notification; holds every tools/call open until closed. */
async function silentServer() {
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      if (req.method === 'DELETE') return void res.writeHead(200).end();
      const msg = JSON.parse(body) as { id?: number; method: string };
      if (msg.method === 'initialize') {
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's-1' });
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: msg.id,
            result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'silent', version: '1' } },
          }),
        );
      } else if (msg.id === undefined) res.writeHead(202).end();
      else held.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  return {
    url,
    held,
    close: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

for (const [name, connect] of [
  ['undici dispatch', connectUndiciDispatch],
  ['node:http', connectNodeHttp],
] as const) {
  test(`the raw ${name} loop ends a call at its deadline, and the other call in flight keeps waiting`, async () => {
    const server = await silentServer();
    try {
      const c = await connect({ kind: 'http', url: server.url });
      const started = Date.now();
      const short = c.call('echo', { text: 'a' }, { timeoutMs: 150 });
      const long = c.call('echo', { text: 'b' }, { timeoutMs: 60_000 });
      long.catch(() => {});
      await assert.rejects(short, /deadline/);
      const took = Date.now() - started;
      assert.ok(took >= 140 && took < 5_000, `ended after ${took} ms`);
      assert.equal(server.held.length, 2, 'both calls reached the server');
      await server.close();
      await assert.rejects(long);
      await c.close().catch(() => {});
    } finally {
      await server.close();
    }
  });
}
