// The 2026-07-28 request rules of the HTTP gateway, probed with raw requests as the spec words them
// (basic/index "Request metadata", transports/streamable-http "Request Metadata" and "Server
// Validation", server/resources "Error Handling"). No backend: every rule here is the gateway's own.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Manager } from '../../src/manager/manager.js';
import { Registry } from '../../src/adapters/registry.js';
import { Gateway } from '../../src/serve/gateway.js';
import { serveHttp, type HttpServer } from '../../src/serve/http.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
};

interface Answer {
  status: number;
  body: { id?: unknown; error?: { code: number; message: string }; result?: Record<string, unknown> };
}

let server: HttpServer;
let manager: Manager;
let gateway: Gateway;

async function send(method: string, params: unknown, headers: Record<string, string>, id = 7): Promise<Answer> {
  const res = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const modern = (method: string, extra: Record<string, string> = {}) => ({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...extra });

describe('serve --http, 2026-07-28 requests', () => {
  before(async () => {
    const registry = new Registry();
    manager = new Manager([], { registry });
    gateway = new Gateway({ manager, registry });
    server = await serveHttp({ gateway: () => gateway, listen: { host: '127.0.0.1', port: 0 } });
  });
  after(async () => {
    await server.close();
    gateway.close();
    await manager.close();
  });

  test('META-2, SERVE-15: a 2026 request without _meta, or whose _meta lacks the version, is -32602 with HTTP 400', async () => {
    for (const params of [undefined, {}, { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }]) {
      const a = await send('server/discover', params, modern('server/discover'), 101);
      assert.equal(a.status, 400, JSON.stringify(params));
      assert.equal(a.body.error?.code, -32602, JSON.stringify(params));
      assert.equal(a.body.id, 101, 'the error carries the request id');
    }
    const noCaps = await send('server/discover', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }, modern('server/discover'));
    assert.deepEqual([noCaps.status, noCaps.body.error?.code], [400, -32602]);
  });

  test('SERVE-6: a version header that disagrees with _meta is -32020 even when _meta names a version we do not serve', async () => {
    const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' };
    const a = await send('server/discover', { _meta: meta }, modern('server/discover'));
    assert.deepEqual([a.status, a.body.error?.code], [400, -32020]);
    const b = await send('server/discover', { _meta: meta }, modern('server/discover', { 'mcp-protocol-version': 'v999.0.0' }));
    assert.deepEqual([b.status, b.body.error?.code], [400, -32022], 'both say v999: unsupported (SERVE-5)');
  });

  test('SERVE-14: Mcp-Name must be there and equal params.name / params.uri, base64 sentinel decoded; else -32020', async () => {
    const call = { name: 'some_tool', arguments: {}, _meta: META };
    const missing = await send('tools/call', call, modern('tools/call'));
    assert.deepEqual([missing.status, missing.body.error?.code], [400, -32020], 'Mcp-Name absent');
    const wrong = await send('tools/call', call, modern('tools/call', { 'mcp-name': 'wrong_tool_name' }));
    assert.deepEqual([wrong.status, wrong.body.error?.code], [400, -32020], 'Mcp-Name differs');
    const cased = await send('tools/call', call, modern('tools/call', { 'mcp-name': 'SOME_TOOL' }));
    assert.deepEqual([cased.status, cased.body.error?.code], [400, -32020], 'values are case-sensitive (HTTP-13)');
    const badB64 = await send('tools/call', call, modern('tools/call', { 'mcp-name': '=?base64?c29tZV90b29s?=x' }));
    assert.deepEqual([badB64.status, badB64.body.error?.code], [400, -32020], 'not the sentinel, so a literal that differs');
    const badPadding = await send('tools/call', call, modern('tools/call', { 'mcp-name': '=?base64?c29tZV90b29?=' }));
    assert.deepEqual([badPadding.status, badPadding.body.error?.code], [400, -32020], 'malformed base64');
    // Accepted headers reach the handler: the tool is unknown to a gateway with no backend (-32602).
    for (const name of ['some_tool', `=?base64?${Buffer.from('some_tool').toString('base64')}?=`]) {
      const ok = await send('tools/call', call, modern('tools/call', { 'mcp-name': name }));
      assert.equal(ok.body.error?.code, -32602, `Mcp-Name ${name} accepted`);
    }
    const uri = 'file:///tmp/Zürich.txt';
    const read = { uri, _meta: META };
    const plainUri = await send('resources/read', read, modern('resources/read', { 'mcp-name': 'file:///tmp/other.txt' }));
    assert.deepEqual([plainUri.status, plainUri.body.error?.code], [400, -32020]);
    const encoded = await send('resources/read', read, modern('resources/read', { 'mcp-name': `=?base64?${Buffer.from(uri).toString('base64')}?=` }));
    assert.notEqual(encoded.body.error?.code, -32020, 'the non-ASCII URI sent base64-encoded matches');
    const prompt = await send('prompts/get', { name: 'p', _meta: META }, modern('prompts/get'));
    assert.deepEqual([prompt.status, prompt.body.error?.code], [400, -32020], 'prompts/get needs Mcp-Name too');
  });

  test('SERVE-15: a method the 2026 revision removed, or an unknown one, is HTTP 404 with -32601', async () => {
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe', 'unknown/method']) {
      const a = await send(method, { _meta: META }, modern(method), 500);
      assert.deepEqual([a.status, a.body.error?.code, a.body.id], [404, -32601, 500], method);
    }
  });

  test('RES-1: an unknown resource is -32602 for a 2026 request, -32002 for a 2025-11-25 session', async () => {
    const uri = 'test://nowhere';
    const m = await send('resources/read', { uri, _meta: META }, modern('resources/read', { 'mcp-name': uri }));
    assert.equal(m.body.error?.code, -32602);
    const init = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });
    const session = init.headers.get('mcp-session-id')!;
    await init.text();
    const legacy = await send('resources/read', { uri }, { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' });
    assert.equal(legacy.body.error?.code, -32002);
  });
});
