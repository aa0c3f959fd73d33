// 100 hosts connect to the HTTP gateway (Streamable HTTP of both eras and HTTP+SSE), use it and
// leave: sessions, replay logs, sockets and timers go back to where they were (the gateway runs in this process so its handles can be counted).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Manager } from '../../src/manager/manager.js';
import { Registry } from '../../src/adapters/registry.js';
import { Gateway } from '../../src/serve/gateway.js';
import { serveHttp, type HttpServer } from '../../src/serve/http.js';
import { stdioEntry, testConfig } from '../helpers/config.js';
import { v2Stdio } from '../helpers/v2-server.js';
import { openHost } from './hosts.js';
import { waitFor } from './matrix.js';

function handleCount(): number {
  return process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap').length;
}

describe('serve --http: 100 hosts connecting and leaving (no leak)', { timeout: 120_000 }, () => {
  let manager: Manager;
  let gateway: Gateway;
  let server: HttpServer;
  before(async () => {
    const registry = new Registry();
    manager = new Manager(testConfig([stdioEntry('dual', v2Stdio({ tag: 'dual' }), { prefix: 'dual_' })]), { registry });
    await manager.start();
    gateway = new Gateway({ manager, registry });
    server = await serveHttp({ gateway: () => gateway, listen: { host: '127.0.0.1', port: 0 } });
  });
  after(async () => {
    await server?.close();
    gateway?.close();
    await manager?.close();
  });

  test('sessions and handles come back to the baseline', async () => {
    const baseline = handleCount();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          if ((round + i) % 3 === 2) {
            // An old host on HTTP+SSE: the stream is the session.
            const host = await openHost('sdk1', { url: server.url.replace(/\/mcp$/, '/sse'), sse: true });
            assert.equal(await host.call('dual_echo', { text: 'x' }), 'x (modern)');
            await host.close();
          } else if ((round + i) % 3 === 0) {
            // An initialize-era host: a session, closed with DELETE.
            const client = new V1Client({ name: `leak-${round}-${i}`, version: '1' });
            const transport = new V1Http(new URL(server.url));
            await client.connect(transport);
            await client.callTool({ name: 'dual_echo', arguments: { text: 'x' } });
            await transport.terminateSession();
            await client.close();
          } else {
            // A 2026-07-28 host: no session at all.
            const host = await openHost('v2', { url: server.url });
            assert.equal(await host.call('dual_echo', { text: 'x' }), 'x (modern)');
            await host.close();
          }
        }),
      );
    }
    // An HTTP+SSE session ends when the server sees its stream close, a moment after the host left.
    await waitFor(async () => server.sessionCount === 0, 'every session ended');
    assert.equal(server.keptEvents, 0, 'no replay log outlives its session');
    // Keep-alive sockets of the clients' fetch close on their own timeout (4 to 5 s).
    const end = Date.now() + 15_000;
    while (handleCount() > baseline && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    assert.ok(handleCount() <= baseline, `handles: ${handleCount()} now, ${baseline} before (${process.getActiveResourcesInfo().join(', ')})`);
    const grownMb = (process.memoryUsage().heapUsed - heapBefore) / 1_048_576;
    // Without --expose-gc the heap is only indicative; 100 hosts must not hold tens of MB.
    assert.ok(grownMb < 40, `heap grew ${grownMb.toFixed(1)} MB`);
  });
});
