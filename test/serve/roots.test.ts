// Roots through the gateway for initialize-era hosts (2026 hosts: input-required.test.ts). A
// backend's roots/list goes to the host whose call it serves when it declared `roots`; outside any
// call, to the host that owns the backends (the one host of a stdio gateway), and over HTTP, where
// every host shares the backends, nowhere. A host's notifications/roots/list_changed reaches every
// legacy backend (ROOTS-4). The backend is server-everything: it asks roots/list once, keeps the
// answer, and asks again on roots/list_changed; its get-roots-list tool shows what it kept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { gatewayConfig, serveArgs, startHttpGateway, gatewayEnv } from './fixture.js';

interface RootsHost {
  client: V1Client;
  /** The roots the host answers with now. */
  roots: { uri: string; name: string }[];
  asked: number;
}

async function rootsHost(transport: V1Stdio | V1Http, declare = true): Promise<RootsHost> {
  const host: RootsHost = {
    client: new V1Client({ name: 'roots-host', version: '1' }, { capabilities: declare ? { roots: { listChanged: true } } : {} }),
    roots: [],
    asked: 0,
  };
  if (declare) {
    host.client.setRequestHandler(ListRootsRequestSchema, () => {
      host.asked++;
      return { roots: host.roots };
    });
  }
  host.roots = [{ uri: 'file:///projects/first', name: 'first' }];
  await host.client.connect(transport);
  return host;
}

async function listed(client: V1Client): Promise<string> {
  const result = await client.callTool({ name: 'ev_get-roots-list', arguments: {} });
  return (result.content as { text: string }[]).map((b) => b.text).join('\n');
}

/** Calls get-roots-list until `pattern` shows (the backend asks again on its own time). */
async function until(client: V1Client, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = await listed(client);
    if (pattern.test(text) || Date.now() > deadline) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('serve: roots of initialize-era hosts reach the backends', { timeout: 90_000 }, () => {
  test('stdio: the host owns the backends; its roots, then its changed roots, reach them (ROOTS-2, ROOTS-4)', async () => {
    const host = await rootsHost(new V1Stdio({ command: process.execPath, args: serveArgs(gatewayConfig(['legacy'])), stderr: 'inherit', env: gatewayEnv() }));
    try {
      assert.match(await until(host.client, /file:\/\/\/projects\/first/), /file:\/\/\/projects\/first/);
      host.roots = [{ uri: 'file:///projects/second', name: 'second' }];
      const before = host.asked;
      await host.client.sendRootsListChanged();
      // server-everything asks again outside any call: only the owning host can answer that.
      const text = await until(host.client, /file:\/\/\/projects\/second/);
      assert.match(text, /file:\/\/\/projects\/second/);
      assert.ok(host.asked > before, 'the backend asked the host again');
    } finally {
      await host.client.close();
    }
  });

  test('stdio: a host without roots is never asked; the backend is refused and lists none', async () => {
    const host = await rootsHost(
      new V1Stdio({ command: process.execPath, args: serveArgs(gatewayConfig(['legacy'])), stderr: 'inherit', env: gatewayEnv() }),
      false,
    );
    try {
      assert.match(await listed(host.client), /no roots are currently configured/);
      assert.equal(host.asked, 0);
    } finally {
      await host.client.close();
    }
  });

  test('HTTP: asked during the host call, on its stream; outside a call nobody is (no host owns shared backends)', async () => {
    const gateway = await startHttpGateway(gatewayConfig(['legacy']));
    const host = await rootsHost(new V1Http(new URL(gateway.url)));
    try {
      // At start the backend asked outside any call and was refused; the call's own request is answered.
      assert.match(await listed(host.client), /file:\/\/\/projects\/first/);
      assert.equal(host.asked, 1);
      host.roots = [{ uri: 'file:///projects/second', name: 'second' }];
      await host.client.sendRootsListChanged();
      await new Promise((r) => setTimeout(r, 500));
      // The notice reached the backend, whose request outside a call was refused: it keeps what it had.
      assert.match(await listed(host.client), /file:\/\/\/projects\/first/);
      assert.equal(host.asked, 1);
    } finally {
      await host.client.close();
      await gateway.stop();
    }
  });
});
