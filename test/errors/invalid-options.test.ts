// Options passed in code that cannot work fail with a coded error (MCPB_INVALID_OPTIONS) naming the
// option, what is wrong and what to pass instead, never a bare TypeError, and never echoing a secret.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createTransport, InvalidOptionsError, isMcpBridgeError, Registry } from '../../src/index.js';

async function failure(run: () => Promise<unknown> | unknown): Promise<InvalidOptionsError> {
  try {
    await run();
  } catch (error) {
    assert.ok(isMcpBridgeError(error), `a coded error, got ${String(error)}`);
    assert.ok(error instanceof InvalidOptionsError);
    assert.equal(error.code, 'MCPB_INVALID_OPTIONS');
    assert.equal(typeof error.context.hint, 'string');
    return error;
  }
  assert.fail('did not throw');
}

test('connect() with a URL that does not parse names the option and the fix, masking credentials', async () => {
  const e = await failure(() => connect({ name: 'remote', url: 'http://user:hunter2secret@[bad/mcp?token=abc123' }));
  assert.match(e.message, /^server "remote": HTTP transport option url must be an absolute http\(s\) URL/);
  assert.equal(e.context.option, 'url');
  assert.equal(e.context.server, 'remote');
  assert.doesNotMatch(e.message, /hunter2secret|abc123/);
});

test('a URL without a scheme is told to add one; a non-HTTP scheme is named', async () => {
  const noScheme = await failure(() => createTransport({ url: 'localhost:3000/mcp' }, { serverName: 's' }));
  assert.match(noScheme.message, /must use http: or https:/);
  assert.match(String(noScheme.context.hint), /add the scheme, e\.g\. http:\/\//);
  const ftp = await failure(() => createTransport({ url: 'ftp://example.com/mcp' }, { serverName: 's' }));
  assert.match(ftp.message, /got ftp:/);
});

test('an unknown transport name and a header value that is not a string are coded too', async () => {
  const transport = await failure(() => createTransport({ url: 'http://127.0.0.1:1/mcp', transport: 'http' as never }, { serverName: 's' }));
  assert.match(transport.message, /option transport must be 'auto', 'streamable-http' or 'sse', got "http"/);
  assert.match(String(transport.context.hint), /use 'auto'/);
  const header = await failure(() => createTransport({ url: 'http://127.0.0.1:1/mcp', headers: { 'X-Api-Key': 12345678 as never } }, { serverName: 's' }));
  assert.match(header.message, /option headers\.X-Api-Key must be a string, got number/);
  assert.doesNotMatch(header.message, /12345678/);
  const limit = await failure(() => createTransport({ url: 'http://127.0.0.1:1/mcp', maxMessageBytes: -1 } as never, { serverName: 's' }));
  assert.match(limit.message, /option maxMessageBytes must be a non-negative number of bytes/);
});

test('Registry.replaceServerTools for a server never registered, without options, is coded', () => {
  return failure(() => new Registry().replaceServerTools('ghost', [])).then((e) => {
    assert.match(e.message, /server "ghost": replaceServerTools option options is required the first time/);
  });
});
