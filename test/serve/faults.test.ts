// The gateway when things go wrong: a backend dying in the middle of a call, a host dropping its
// request or its whole connection mid-call, and shutdown leaving no process behind.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { nodeEntry, stdioEntry, writeConfigFile } from '../helpers/config.js';
import { assertNoProcesses, procAvailable, processTree } from '../helpers/no-orphans.js';
import { fixtureServerScript } from '../helpers/servers.js';
import { v2Stdio } from '../helpers/v2-server.js';
import { gatewayConfig, serveArgs, startHttpGateway, type HttpGateway } from './fixture.js';
import { openHost, type Host } from './hosts.js';
import { waitFor } from './matrix.js';

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A raw 2026-07-28 POST to the gateway. */
function modernPost(url: string, method: string, params: Record<string, unknown>, id: number, signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: MODERN_META } }),
    ...(signal ? { signal } : {}),
  });
}

describe('serve: a backend crashing mid-call', { timeout: 60_000 }, () => {
  let host: Host;
  before(async () => {
    const config = writeConfigFile([
      nodeEntry('crashy', fixtureServerScript('crash-mid-call'), { prefix: 'crashy_' }),
      stdioEntry('dual', v2Stdio({ tag: 'dual' }), { prefix: 'dual_' }),
    ]);
    host = await openHost('sdk1', { command: process.execPath, args: serveArgs(config) });
  });
  after(() => host?.close());

  test('the host gets a JSON-RPC error naming the server; the other backends keep working', async () => {
    await assert.rejects(host.call('crashy_echo', { text: 'x' }), (error: Error & { code?: number }) => {
      assert.equal(error.code, -32603, 'an internal error, not a tool result');
      assert.match(error.message, /"crashy"/);
      return true;
    });
    assert.equal(await host.call('dual_echo', { text: 'still here' }), 'still here (modern)');
  });
});

describe('serve: a host going away mid-call', { timeout: 60_000 }, () => {
  let gateway: HttpGateway;
  before(async () => {
    gateway = await startHttpGateway(gatewayConfig(['dual']));
  });
  after(() => gateway?.stop());

  test('a dropped HTTP request cancels its backend call (CANCEL-5)', async () => {
    const controller = new AbortController();
    const pending = modernPost(gateway.url, 'tools/call', { name: 'dual_slow', arguments: {} }, 1, controller.signal).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 300));
    controller.abort();
    await assert.rejects(pending);
    await waitFor(async () => {
      const body = (await (await modernPost(gateway.url, 'tools/call', { name: 'dual_cancelled', arguments: {} }, 2)).json()) as {
        result: { content: { text: string }[] };
      };
      return body.result.content[0]!.text === '1';
    }, 'the backend saw the call cancelled');
  });

  test('SIGTERM stops every backend and exits 0, leaving no process (graceful shutdown)', { skip: !procAvailable() }, async () => {
    const tree = processTree(gateway.child.pid!);
    assert.ok(tree.length >= 2, `the gateway and its backend run: ${tree.join(', ')}`);
    assert.equal(await gateway.stop(), 0);
    await assertNoProcesses(tree, { message: 'serve --http left processes behind' });
  });
});

describe('serve on stdio: the host closing stdin mid-call', { timeout: 60_000, skip: !procAvailable() }, () => {
  test('every backend is closed and the gateway exits 0, leaving no process', async () => {
    const child = spawn(process.execPath, serveArgs(gatewayConfig(['dual', 'modern'])), { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines: string[] = [];
    let buffer = '';
    child.stdout.on('data', (d) => {
      buffer += String(d);
      for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
        lines.push(buffer.slice(0, i));
        buffer = buffer.slice(i + 1);
      }
    });
    const send = (m: unknown) => child.stdin.write(JSON.stringify(m) + '\n');
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await waitFor(async () => lines.length >= 1, 'initialize answered', 30_000);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'dual_slow', arguments: {} } });
    await new Promise((r) => setTimeout(r, 300));
    const tree = processTree(child.pid!);
    assert.ok(tree.length >= 3, `the gateway and two backends: ${tree.join(', ')}`);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdin.end();
    assert.equal(await exited, 0);
    await assertNoProcesses(tree, { message: 'serve on stdio left processes behind' });
    // STDIO: nothing but JSON-RPC on stdout, and no answer to the call that was cut off.
    for (const line of lines) assert.equal(JSON.parse(line).jsonrpc, '2.0');
    assert.ok(!lines.some((l) => JSON.parse(l).id === 2));
  });
});
