// A server that answers 401 and names a resource-metadata URL that never answers: the start fails
// within the startup budget naming that URL (MCPB_AUTH_TIMEOUT), not "did not answer initialize ...
// check that it is an MCP server" after it, and the hung request is abandoned with the start. A fault
// server: no real one hangs on purpose. AUTH-4 (RFC 9728 discovery on a 401).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from '../../src/client/index.js';

describe('OAuth discovery shares the startup deadline', () => {
  let server: Server;
  let base = '';
  const hung: { closed: boolean }[] = [];
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/mcp') {
        req.resume();
        res.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` }).end();
        return;
      }
      // The metadata URL: headers never come.
      const entry = { closed: false };
      hung.push(entry);
      req.on('close', () => {
        entry.closed = true;
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('fails at the startup deadline with MCPB_AUTH_TIMEOUT naming the metadata URL that hung', async () => {
    const started = Date.now();
    const error = (await connect({ url: `${base}/mcp`, name: 'stuck-auth', auth: {}, startupTimeoutMs: 2_000 }).then(
      () => assert.fail('expected a start failure'),
      (e: unknown) => e,
    )) as Error & { code?: string; context?: { url?: string } };
    const elapsed = Date.now() - started;
    assert.equal(error.code, 'MCPB_AUTH_TIMEOUT', error.message);
    assert.equal(error.context?.url, `${base}/.well-known/oauth-protected-resource/mcp`);
    assert.match(error.message, /\/\.well-known\/oauth-protected-resource\/mcp did not answer within the startup budget of 2000 ms/);
    assert.doesNotMatch(error.message, /initialize/);
    assert.ok(elapsed < 10_000, `failed after ${elapsed} ms, not after the 30 s OAuth request bound`);
    assert.equal(hung.length, 1);
    for (let i = 0; i < 100 && !hung[0]!.closed; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(hung[0]!.closed, true, 'the hung metadata request was abandoned with the start');
  });
});
