// The HTTP+SSE transport of 2024-11-05 on `serve --http` (SSE-1..3): the `endpoint` event, POSTs
// answered 202 with the answers on the stream, the same guards as /mcp (Origin, bearer token),
// profiles at /sse/NAME, and the stream's end ending the session and its backend calls.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gatewayConfig, startHttpGateway, type HttpGateway } from './fixture.js';
import { openHost } from './hosts.js';
import { waitFor } from './matrix.js';
import { message, SseReader } from './raw-sse.js';

const PROFILES = { profiles: { readonly: { servers: ['dual'], tools: ['dual_echo'] } } };
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'raw-sse', version: '1' } },
};

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('serve --http: HTTP+SSE of 2024-11-05 on /sse', { timeout: 90_000 }, () => {
  let gateway: HttpGateway;
  let sse: string;
  before(async () => {
    gateway = await startHttpGateway(gatewayConfig(['dual'], PROFILES));
    sse = gateway.url.replace(/\/mcp$/, '/sse');
  });
  after(() => gateway?.stop());

  test('the first event is endpoint; a POST there is 202 and its answer comes on the stream (SERVE-10, SSE-1, SSE-2, SSE-3)', async () => {
    const controller = new AbortController();
    const response = await fetch(sse, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const reader = new SseReader(response.body!);
    const endpoint = await reader.next();
    assert.equal(endpoint?.event, 'endpoint');
    assert.match(endpoint!.data, /^\/sse\?sessionId=[0-9a-f-]{36}$/);
    const postUrl = new URL(endpoint!.data, sse).href;
    const accepted = await post(postUrl, INIT);
    assert.equal(accepted.status, 202);
    const answer = await reader.next();
    assert.equal(answer?.event, 'message');
    assert.equal(message(answer!).id, 1);
    assert.equal(message(answer!).result.protocolVersion, '2024-11-05');
    assert.equal((await post(postUrl, { jsonrpc: '2.0', method: 'notifications/initialized' })).status, 202);
    assert.equal((await post(postUrl, { jsonrpc: '2.0', id: 2, method: 'tools/list' })).status, 202);
    const tools = message((await reader.next())!);
    assert.ok(tools.result.tools.some((t: { name: string }) => t.name === 'dual_echo'));
    await reader.cut();
    controller.abort();
    // The stream was the session: its POST URL is gone with it.
    await waitFor(async () => (await post(postUrl, { jsonrpc: '2.0', id: 3, method: 'ping' })).status === 404, 'the session ended with its stream');
  });

  test('a POST without a session id is 400, an unknown one 404, a body that is not JSON 400', async () => {
    assert.equal((await post(sse, INIT)).status, 400);
    assert.equal((await post(`${sse}?sessionId=00000000-0000-4000-8000-000000000000`, INIT)).status, 404);
    const controller = new AbortController();
    const reader = new SseReader((await fetch(sse, { signal: controller.signal })).body!);
    const postUrl = new URL((await reader.next())!.data, sse).href;
    const bad = await fetch(postUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    assert.equal(bad.status, 400);
    controller.abort();
  });

  test('a foreign Origin is refused with 403 on both the stream and the POSTs (SERVE-1)', async () => {
    assert.equal((await fetch(sse, { headers: { origin: 'http://evil.example' } })).status, 403);
    assert.equal((await post(`${sse}?sessionId=x`, INIT, { origin: 'http://evil.example' })).status, 403);
  });

  test('a profile has its own stream path, /sse/NAME, serving only its selection', async () => {
    const host = await openHost('sdk1', { url: `${sse}/readonly`, sse: true });
    try {
      assert.deepEqual(await host.tools(), ['dual_echo']);
      assert.equal(await host.call('dual_echo', { text: 'p' }), 'p (modern)');
    } finally {
      await host.close();
    }
    assert.equal((await fetch(`${sse}/nope`)).status, 404);
  });

  test('closing the stream ends the session and cancels its calls at the backend (SSE-3)', async () => {
    const observer = await openHost('sdk1', { url: sse, sse: true });
    const host = await openHost('sdk1', { url: sse, sse: true });
    try {
      const base = Number(await observer.call('dual_cancelled', {}));
      const pending = host.call('dual_slow', {}).catch(() => 'closed');
      await new Promise((r) => setTimeout(r, 300));
      await host.close();
      assert.equal(await pending, 'closed');
      await waitFor(async () => Number(await observer.call('dual_cancelled', {})) === base + 1, 'the backend saw the call cancelled');
    } finally {
      await observer.close();
    }
  });
});

describe('serve --http --token: HTTP+SSE needs the token too (SERVE-3)', { timeout: 60_000 }, () => {
  let gateway: HttpGateway;
  before(async () => {
    gateway = await startHttpGateway(gatewayConfig(['dual']), ['--token', 'sse-secret-token']);
  });
  after(() => gateway?.stop());

  test('no token is 401; the SDK host with it is served', async () => {
    const sse = gateway.url.replace(/\/mcp$/, '/sse');
    const refused = await fetch(sse);
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('www-authenticate'), 'Bearer');
    const host = await openHost('sdk1', { url: sse, sse: true, headers: { authorization: 'Bearer sse-secret-token' } });
    try {
      assert.equal(await host.call('dual_echo', { text: 't' }), 't (modern)');
    } finally {
      await host.close();
    }
  });
});
