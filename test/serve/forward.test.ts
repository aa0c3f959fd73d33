// A backend asking for input during an initialize-era host's call (elicitation here; sampling takes
// the same road): the host that made the call is asked when it declared the capability, and the
// backend gets a clear refusal otherwise. The v2 fixture's `confirm` tool asks `elicitation/create` (as a 2026
// input_required that mcp-bridge's client answers through the same hook).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { gatewayConfig, serveArgs, startHttpGateway, gatewayEnv } from './fixture.js';
import { openHost } from './hosts.js';

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0]!.text;
}

async function elicitingHost(transport: V1Stdio | V1Http, asked: string[]): Promise<V1Client> {
  const client = new V1Client({ name: 'asking-host', version: '1' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { ok: true } };
  });
  await client.connect(transport);
  return client;
}

describe('serve: input requests of a backend reach the host that made the call', { timeout: 90_000 }, () => {
  test('stdio: an initialize-era host with elicitation answers the backend (ELICIT-1)', async () => {
    const asked: string[] = [];
    const client = await elicitingHost(
      new V1Stdio({ command: process.execPath, args: serveArgs(gatewayConfig(['dual', 'modern'])), stderr: 'inherit', env: gatewayEnv() }),
      asked,
    );
    try {
      assert.equal(text(await client.callTool({ name: 'dual_confirm', arguments: {} })), 'confirmed');
      assert.equal(text(await client.callTool({ name: 'modern_confirm', arguments: {} })), 'confirmed');
      assert.deepEqual(asked, ['OK?', 'OK?']);
    } finally {
      await client.close();
    }
  });

  test('HTTP: the request travels on the call stream, the answer comes back by POST', async () => {
    const gateway = await startHttpGateway(gatewayConfig(['dual']));
    const asked: string[] = [];
    const client = await elicitingHost(new V1Http(new URL(gateway.url)), asked);
    try {
      assert.equal(text(await client.callTool({ name: 'dual_confirm', arguments: {} })), 'confirmed');
      assert.deepEqual(asked, ['OK?']);
    } finally {
      await client.close();
      await gateway.stop();
    }
  });

  test('a host without the capability: the call fails saying so, nothing is asked', async () => {
    const host = await openHost('sdk1', { command: process.execPath, args: serveArgs(gatewayConfig(['dual'])) });
    try {
      await assert.rejects(host.call('dual_confirm', {}), /did not declare the "elicitation" capability/);
      assert.equal(await host.call('dual_echo', { text: 'after' }), 'after (modern)');
    } finally {
      await host.close();
    }
  });

  test('a 2026-07-28 host without the capability: refused clearly (input_required.test.ts has the relay)', async () => {
    const host = await openHost('v2', { command: process.execPath, args: serveArgs(gatewayConfig(['dual'])) });
    try {
      await assert.rejects(host.call('dual_confirm', {}), /did not declare the "elicitation" capability/);
    } finally {
      await host.close();
    }
  });
});
