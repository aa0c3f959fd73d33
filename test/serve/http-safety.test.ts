// The HTTP gateway's guards, probed with raw requests: Origin and Host (DNS rebinding), the bearer
// token, session ids, and the 2026 envelope and header checks. Backends are irrelevant here: the
// gateway runs in this process in front of no server at all.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { Manager } from '../../src/manager/manager.js';
import { Registry } from '../../src/adapters/registry.js';
import { Gateway } from '../../src/serve/gateway.js';
import { serveHttp, type HttpServer } from '../../src/serve/http.js';
import { writeConfigFile } from '../helpers/config.js';
import { cliPath } from './fixture.js';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const DISCOVER = { jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: MODERN_META } };
const MODERN_HEADERS = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' };

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

// node:http's client, which shows the framing headers (`transfer-encoding`) fetch hides.
async function rawPost(
  port: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function useGateway(token?: string): { url: () => string } {
  let manager: Manager;
  let gateway: Gateway;
  let server: HttpServer;
  before(async () => {
    const registry = new Registry();
    manager = new Manager([], { registry });
    gateway = new Gateway({ manager, registry });
    server = await serveHttp({ gateway: () => gateway, listen: { host: '127.0.0.1', port: 0 }, ...(token ? { token } : {}) });
  });
  after(async () => {
    await server.close();
    gateway.close();
    await manager.close();
  });
  return { url: () => server.url };
}

describe('serve --http guards', () => {
  const g = useGateway();

  test('a foreign Origin is refused with 403, a loopback one is served (SERVE-1)', async () => {
    assert.equal((await post(g.url(), INIT, { origin: 'http://evil.example' })).status, 403);
    assert.equal((await post(g.url(), INIT, { origin: 'null' })).status, 403);
    assert.equal((await post(g.url(), INIT, { origin: 'http://localhost:5173' })).status, 200);
  });

  test('a Host that is not a loopback name is refused on a loopback bind (DNS rebinding, SERVE-1)', async () => {
    const port = new URL(g.url()).port;
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host: `rebind.example:${port}`, 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(INIT));
    });
    assert.equal(status, 403);
  });

  test('a refused Host stays refused before and after a loopback one is served, however often it comes (SERVE-1)', async () => {
    const port = new URL(g.url()).port;
    const statuses: number[] = [];
    for (const host of [`rebind.example:${port}`, `127.0.0.1:${port}`, `rebind.example:${port}`, `localhost:${port}`, `rebind.example:${port}`])
      statuses.push(await rawPost(port, INIT, { host }).then((r) => r.status));
    assert.deepEqual(statuses, [403, 200, 403, 200, 403]);
  });

  test('a whole JSON answer carries its Content-Length, not a chunked body; 202 has length 0 (HTTP-2, HTTP-4)', async () => {
    const port = new URL(g.url()).port;
    const init = await rawPost(port, INIT);
    assert.equal(init.status, 200);
    assert.equal(init.headers['transfer-encoding'], undefined);
    assert.equal(init.headers['content-length'], String(Buffer.byteLength(init.body)));
    assert.equal((JSON.parse(init.body) as { id: number }).id, 1);
    const session = init.headers['mcp-session-id'] as string;
    const ping = await rawPost(port, { jsonrpc: '2.0', id: 7, method: 'ping' }, { 'mcp-session-id': session });
    assert.equal(ping.headers['content-length'], String(Buffer.byteLength(ping.body)));
    assert.equal(ping.headers['transfer-encoding'], undefined);
    const note = await rawPost(port, { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': session });
    assert.equal(note.status, 202);
    assert.equal(note.headers['content-length'], '0');
    assert.equal(note.body, '');
    const bad = await rawPost(port, { jsonrpc: '2.0', id: 8, method: 'ping' });
    assert.equal(bad.status, 400);
    assert.equal(bad.headers['content-length'], String(Buffer.byteLength(bad.body)));
  });

  test('session ids are random UUIDs; an ended or unknown one is 404 (SERVE-4, HTTP-19)', async () => {
    const a = (await post(g.url(), INIT)).headers.get('mcp-session-id')!;
    const b = (await post(g.url(), INIT)).headers.get('mcp-session-id')!;
    for (const id of [a, b]) assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.notEqual(a, b);
    const ping = { jsonrpc: '2.0', id: 3, method: 'ping' };
    assert.equal((await post(g.url(), ping, { 'mcp-session-id': a })).status, 200);
    assert.equal((await fetch(g.url(), { method: 'DELETE', headers: { 'mcp-session-id': a } })).status, 200);
    assert.equal((await post(g.url(), ping, { 'mcp-session-id': a })).status, 404);
    assert.equal((await post(g.url(), ping, { 'mcp-session-id': 'made-up' })).status, 404);
    assert.equal((await post(g.url(), ping)).status, 400, 'a legacy request without a session');
  });

  test('2026: discover is served without a session, GET and DELETE are 405 (SERVE-7, HTTP-16)', async () => {
    const res = await post(g.url(), DISCOVER, MODERN_HEADERS);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('mcp-session-id'), null);
    const body = (await res.json()) as { result: Record<string, unknown> };
    assert.deepEqual(body.result.supportedVersions, ['2026-07-28']);
    assert.equal(body.result.resultType, 'complete');
    assert.equal(body.result.ttlMs, 0);
    assert.equal(body.result.cacheScope, 'private');
    assert.equal((body.result._meta as Record<string, { name: string }>)['io.modelcontextprotocol/serverInfo']!.name, 'mcp-bridge');
    assert.equal((await fetch(g.url(), { headers: { accept: 'text/event-stream' } })).status, 405);
    assert.equal((await fetch(g.url(), { method: 'DELETE' })).status, 405);
  });

  test('2026: an unsupported version is -32022 listing ours, a header mismatch -32020, both HTTP 400 (SERVE-5, SERVE-6)', async () => {
    const future = { ...DISCOVER, params: { _meta: { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } };
    const r1 = await post(g.url(), future, { ...MODERN_HEADERS, 'mcp-protocol-version': '2099-01-01' });
    assert.equal(r1.status, 400);
    const e1 = ((await r1.json()) as { error: { code: number; data: { supported: string[]; requested: string } } }).error;
    assert.equal(e1.code, -32022);
    assert.deepEqual(e1.data, { supported: ['2026-07-28'], requested: '2099-01-01' });
    const r2 = await post(g.url(), DISCOVER, { ...MODERN_HEADERS, 'mcp-method': 'tools/list' });
    assert.equal(r2.status, 400);
    assert.equal(((await r2.json()) as { error: { code: number } }).error.code, -32020);
    const r3 = await post(g.url(), DISCOVER, { 'mcp-method': 'server/discover' });
    assert.equal(((await r3.json()) as { error: { code: number } }).error.code, -32020, 'no MCP-Protocol-Version header');
  });

  test('2026: ping and logging/setLevel are gone (-32601), legacy-only methods stay legacy', async () => {
    const ping = { jsonrpc: '2.0', id: 4, method: 'ping', params: { _meta: MODERN_META } };
    const body = (await (await post(g.url(), ping, { ...MODERN_HEADERS, 'mcp-method': 'ping' })).json()) as { error: { code: number } };
    assert.equal(body.error.code, -32601);
  });
});

describe('serve --http with a bearer token (SERVE-3)', () => {
  const g = useGateway('s3cret-token');
  test('no token or a wrong one is 401 with a Bearer challenge; the right one is served', async () => {
    const none = await post(g.url(), INIT);
    assert.equal(none.status, 401);
    assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.equal((await post(g.url(), INIT, { authorization: 'Bearer wrong' })).status, 401);
    assert.equal((await post(g.url(), INIT, { authorization: 'Bearer s3cret-token' })).status, 200);
  });
});

describe('serve --http on a non-loopback address (SERVE-2, SERVE-3)', () => {
  test('without a token it refuses to start: exit 2, MCPB_SERVE_TOKEN_REQUIRED-worded message', () => {
    const config = writeConfigFile([]);
    const run = spawnSync(process.execPath, [cliPath, 'serve', '--config', config, '--http', '0.0.0.0:0'], {
      encoding: 'utf8',
      env: { ...process.env, MCP_BRIDGE_SERVE_TOKEN: '' },
      timeout: 30_000,
    });
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /no bearer token is set/);
    assert.match(run.stderr, /--token/);
  });
});
