// SERVE-16: a tool the gateway lists with an `x-mcp-header` annotation (the v2 backend's `weather`,
// whose `region` is mirrored into `Mcp-Param-Region`) is called by a 2026 host with that header, and
// the gateway, which processes the body, checks it as the transports page's "Server Behavior for
// Custom Headers" says. Raw requests, so every wrong header can be sent.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gatewayConfig, startHttpGateway, type HttpGateway } from './fixture.js';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

let gateway: HttpGateway;

async function call(args: Record<string, unknown>, extra: Record<string, string>): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(gateway.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'dual_weather',
      ...extra,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'dual_weather', arguments: args, _meta: META } }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('serve --http: Mcp-Param-* headers of a 2026 tools/call (SERVE-16)', { timeout: 60_000 }, () => {
  before(async () => {
    gateway = await startHttpGateway(gatewayConfig(['dual']));
  });
  after(async () => {
    await gateway.stop();
  });

  test('the gateway lists the annotation, so hosts know to send the header', async () => {
    const res = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } }),
    });
    const tools = ((await res.json()) as { result: { tools: { name: string; inputSchema: { properties: Record<string, Record<string, unknown>> } }[] } }).result
      .tools;
    assert.equal(tools.find((t) => t.name === 'dual_weather')?.inputSchema.properties.region?.['x-mcp-header'], 'Region');
  });

  test('a matching header (plain or base64) is served; absent, different or malformed is 400 -32020', async () => {
    const ok = await call({ region: 'eu' }, { 'mcp-param-region': 'eu' });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.result?.content?.[0]?.text, 'sunny in eu');
    const zurich = await call({ region: 'Zürich' }, { 'Mcp-Param-Region': `=?base64?${Buffer.from('Zürich').toString('base64')}?=` });
    assert.equal(zurich.body.result?.content?.[0]?.text, 'sunny in Zürich');
    for (const [why, headers] of [
      ['absent', {}],
      ['different', { 'mcp-param-region': 'us' }],
      ['bad base64 padding', { 'mcp-param-region': '=?base64?ZX?=' }],
      ['non-alphabet base64', { 'mcp-param-region': '=?base64?Z!!u?=' }],
    ] as const) {
      const r = await call({ region: 'eu' }, headers);
      assert.deepEqual([r.status, r.body.error?.code], [400, -32020], why);
    }
  });

  test('no header is expected when the argument is absent or null', async () => {
    for (const args of [{}, { region: null }]) {
      const r = await call(args, {});
      assert.notEqual(r.body.error?.code, -32020, JSON.stringify(args));
    }
  });
});
