// The pure half of the spans: names and attributes as the OpenTelemetry semantic conventions for MCP
// give them (client span), written here from that text, and the error type of each kind of failure.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { McpError } from '../../protocol/index.js';
import { RequestTimeoutError } from '../../src/errors/session-errors.js';
import type { ObservedPeer } from '../../src/session/observer.js';
import { failureOf, requestAttributes, spanName } from '../../src/telemetry/attributes.js';

const peer = (over: Partial<ObservedPeer> = {}): ObservedPeer => ({ transport: 'stdio', redact: (t) => t.replaceAll('sk-123', '***'), ...over });

describe('span names: {mcp.method.name} {target}', () => {
  it('the tool or prompt name is the target; nothing else is (resource URIs are high cardinality)', () => {
    assert.equal(spanName('tools/call', { name: 'get-weather' }), 'tools/call get-weather');
    assert.equal(spanName('prompts/get', { name: 'analyze-code' }), 'prompts/get analyze-code');
    assert.equal(spanName('resources/read', { uri: 'file:///a' }), 'resources/read');
    assert.equal(spanName('initialize', {}), 'initialize');
    assert.equal(spanName('tools/list', undefined), 'tools/list');
  });
});

describe('request attributes', () => {
  it('resources/read records mcp.resource.uri; a 2026 request names its version in _meta', () => {
    const attributes = requestAttributes(
      7,
      'resources/read',
      { uri: 'file:///r.txt', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      peer(),
      {},
    );
    assert.deepEqual(attributes, {
      'mcp.method.name': 'resources/read',
      'jsonrpc.request.id': '7',
      'mcp.resource.uri': 'file:///r.txt',
      'mcp.protocol.version': '2026-07-28',
      'network.transport': 'pipe',
    });
  });

  it('HTTP: tcp, http, the address without brackets and the default port of the scheme', () => {
    const https = requestAttributes(1, 'ping', undefined, peer({ transport: 'streamable-http', target: 'https://mcp.example.com/mcp' }), {});
    assert.equal(https['server.address'], 'mcp.example.com');
    assert.equal(https['server.port'], 443);
    assert.equal(https['network.transport'], 'tcp');
    assert.equal(https['network.protocol.name'], 'http');
    const v6 = requestAttributes(1, 'ping', undefined, peer({ transport: 'sse', target: 'http://[::1]:8080/sse' }), {});
    assert.equal(v6['server.address'], '::1');
    assert.equal(v6['server.port'], 8080);
  });

  it('the agreed version wins over the proposed one; the session id only when asked', () => {
    const p = peer({ transport: 'streamable-http', protocolVersion: '2025-06-18', sessionId: 'abc' });
    const plain = requestAttributes(1, 'initialize', { protocolVersion: '2025-11-25' }, p, {});
    assert.equal(plain['mcp.protocol.version'], '2025-06-18');
    assert.ok(!('mcp.session.id' in plain));
    assert.equal(requestAttributes(1, 'ping', undefined, p, { recordSessionId: true })['mcp.session.id'], 'abc');
  });
});

describe('failures', () => {
  it('a JSON-RPC error: its code as error.type and rpc.response.status_code; the message masked', () => {
    const failure = failureOf(new McpError({ code: -32603, message: 'boom with sk-123' }), undefined, peer().redact);
    assert.equal(failure?.type, '-32603');
    assert.equal(failure?.statusCode, '-32603');
    assert.ok(failure?.description.includes('***') && !failure.description.includes('sk-123'));
  });

  it('our own failure: its stable code, and nothing of its message', () => {
    const error = new RequestTimeoutError({ server: 's', method: 'tools/call', requestId: 3, timeoutMs: 10, elapsedMs: 11, total: false });
    assert.deepEqual(
      failureOf(error, undefined, (t) => t),
      { type: 'MCPB_REQUEST_TIMEOUT', description: 'MCPB_REQUEST_TIMEOUT' },
    );
  });

  it('isError results are tool_error; other results and unknown throwables', () => {
    assert.equal(failureOf(undefined, { content: [], isError: true }, (t) => t)?.type, 'tool_error');
    assert.equal(
      failureOf(undefined, { content: [] }, (t) => t),
      undefined,
    );
    assert.equal(failureOf(new TypeError('x'), undefined, (t) => t)?.type, '_OTHER');
  });
});
