// A backend's tools/list_changed reaches every host in its own era: an initialize-era host gets the
// notification unsolicited, a 2026-07-28 host on the `subscriptions/listen` stream it opened (SUB-1).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as V2Client } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { stdioEntry, writeConfigFile } from '../helpers/config.js';
import { v2Stdio } from '../helpers/v2-server.js';
import { gatewayConfig, serveArgs, gatewayEnv, startHttpGateway } from './fixture.js';

describe('serve: list_changed of a backend reaches the host', { timeout: 60_000 }, () => {
  test('initialize-era host over stdio', async () => {
    const client = new V1Client({ name: 'sdk1-host', version: '1' });
    await client.connect(new V1Stdio({ command: process.execPath, args: serveArgs(gatewayConfig(['modern'])), stderr: 'inherit', env: gatewayEnv() }));
    try {
      const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
      assert.ok(!(await client.listTools()).tools.some((t) => t.name === 'modern_grown'));
      await client.callTool({ name: 'modern_grow', arguments: {} });
      await changed;
      await waitForTool(async () => (await client.listTools()).tools.map((t) => t.name), 'modern_grown');
    } finally {
      await client.close();
    }
  });

  test('2026-07-28 host over stdio, on its listen stream (SUB-1, SUB-2)', async () => {
    let notified!: () => void;
    const changed = new Promise<void>((resolve) => (notified = resolve));
    const client = new V2Client({ name: 'v2-host', version: '2' }, {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      listChanged: { tools: { autoRefresh: false, onChanged: () => notified() } },
    } as never);
    await client.connect(new V2Stdio({ command: process.execPath, args: serveArgs(gatewayConfig(['dual'])), stderr: 'inherit', env: gatewayEnv() }));
    try {
      await client.callTool({ name: 'dual_grow', arguments: {} });
      await changed;
      await waitForTool(async () => (await client.listTools()).tools.map((t) => t.name), 'dual_grown');
    } finally {
      await client.close();
    }
  });

  test('2026-07-28 host over Streamable HTTP, on its subscriptions/listen stream (SUB-1, SUB-2)', async () => {
    let notified!: () => void;
    const changed = new Promise<void>((resolve) => (notified = resolve));
    const gateway = await startHttpGateway(gatewayConfig(['dual']));
    const client = new V2Client({ name: 'v2-host', version: '2' }, {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      listChanged: { tools: { autoRefresh: false, onChanged: () => notified() } },
    } as never);
    try {
      await client.connect(new V2Http(new URL(gateway.url)));
      await client.callTool({ name: 'dual_grow', arguments: {} });
      await changed;
      await waitForTool(async () => (await client.listTools()).tools.map((t) => t.name), 'dual_grown');
    } finally {
      await client.close();
      await gateway.stop();
    }
  });
});

async function waitForTool(list: () => Promise<string[]>, name: string): Promise<void> {
  const end = Date.now() + 5000;
  while (Date.now() < end) {
    if ((await list()).includes(name)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`${name} never appeared`);
}

describe('serve: resources/subscribe of an initialize-era host', { timeout: 60_000 }, () => {
  test('the backend owning the URI is subscribed; its update reaches the host', async () => {
    const config = writeConfigFile([stdioEntry('res', v2Stdio({ resources: true }), { prefix: 'res_' })]);
    const client = new V1Client({ name: 'sdk1-host', version: '1' });
    await client.connect(new V1Stdio({ command: process.execPath, args: serveArgs(config), stderr: 'inherit', env: gatewayEnv() }));
    try {
      assert.equal(client.getServerCapabilities()?.resources?.subscribe, true);
      const updated = new Promise<string>((resolve) => client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params.uri)));
      await client.subscribeResource({ uri: 'memo://note' });
      await client.callTool({ name: 'res_touch', arguments: {} });
      assert.equal(await updated, 'memo://note');
      await client.unsubscribeResource({ uri: 'memo://note' });
    } finally {
      await client.close();
    }
  });
});
