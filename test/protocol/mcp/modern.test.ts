// The pure modern-era core: envelope (META-1..3), resultType (JSONRPC-8), discovery (VER-2),
// version choice (VER-1), MRTR params (MRTR-3/5), caching keys (CACHE-2/4/5), HTTP-8..11 headers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  cacheKey,
  chooseVersion,
  discoverParams,
  eraOf,
  expiresAt,
  isModernErrorCode,
  LATEST_MODERN_VERSION,
  LEGACY_VERSIONS,
  MetaKeys,
  MODERN_VERSIONS,
  negotiateVersion,
  parseDiscoverResult,
  parseInputRequired,
  resultTypeOf,
  retryParams,
  serverInfoOf,
  supportedVersionsOf,
  withEnvelope,
  featuresOf,
  isMcpBridgeError,
} from '../../../protocol/index.js';
import { encodeHeaderValue, paramHeaders, scanHeaderBindings, standardHeaders } from '../../../protocol/http/index.js';
import { specValidator } from '../../helpers/spec-schema.js';

const v2026 = specValidator('2026-07-28');

test('versions: 2026-07-28 is the one modern row; legacy list unchanged', () => {
  assert.deepEqual(MODERN_VERSIONS, ['2026-07-28']);
  assert.equal(LATEST_MODERN_VERSION, '2026-07-28');
  assert.deepEqual(LEGACY_VERSIONS, ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
  const f = featuresOf('2026-07-28')!;
  assert.equal(f.era, 'modern');
  assert.equal(f.sessions, false);
  assert.equal(f.resumption, false);
  assert.equal(f.standardHeaders, true);
  assert.equal(featuresOf('2025-11-25')!.sessions, true);
  assert.equal(featuresOf('2025-11-25')!.requestEnvelope, false);
  assert.equal(eraOf('2024-11-05'), 'legacy');
});

test('VER-1: chooseVersion picks the newest shared version of one era, ignoring junk', () => {
  assert.equal(chooseVersion(['2026-07-28', '2025-11-25'], 'modern'), '2026-07-28');
  assert.equal(chooseVersion(['2025-06-18', 7, '2025-11-25'], 'legacy'), '2025-11-25');
  assert.equal(chooseVersion(['2025-11-25'], 'modern'), undefined);
  assert.equal(chooseVersion(['2099-01-01'], 'modern'), undefined);
});

test('LIFE-3: a handshake answering 2026-07-28 is refused (no initialize in that revision)', () => {
  assert.throws(
    () => negotiateVersion('2025-11-25', '2026-07-28'),
    (e) => isMcpBridgeError(e) && e.code === 'MCPB_UNSUPPORTED_VERSION',
  );
});

test('META-1..3: the envelope merges into params._meta, keeps the caller keys, validates against 2026-07-28', () => {
  const env = {
    protocolVersion: '2026-07-28',
    clientInfo: { name: 'mcp-bridge', version: '0.1.0' },
    capabilities: { elicitation: { form: {} }, roots: { listChanged: true } },
    logLevel: 'info' as const,
  };
  const original = { name: 'echo', arguments: { text: 'hi' }, _meta: { progressToken: 7 } };
  const params = withEnvelope(original, env);
  const meta = params._meta as Record<string, unknown>;
  assert.equal(meta[MetaKeys.protocolVersion], '2026-07-28');
  assert.deepEqual(meta[MetaKeys.clientCapabilities], { elicitation: { form: {} }, roots: {} });
  assert.equal(meta.progressToken, 7);
  assert.equal(meta[MetaKeys.logLevel], 'info');
  assert.deepEqual(original._meta, { progressToken: 7 }, 'caller params untouched');
  assert.deepEqual(v2026.check({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }), []);
  const probe = { jsonrpc: '2.0', id: 2, method: 'server/discover', params: discoverParams({ capabilities: {}, clientInfo: env.clientInfo }) };
  assert.deepEqual(v2026.check(probe), []);
});

test("JSONRPC-8: resultType absent → complete; unknown → invalid; task is the Tasks extension's (TASKS-11)", () => {
  assert.equal(resultTypeOf({}), 'complete');
  assert.equal(resultTypeOf({ resultType: 'input_required' }), 'input_required');
  assert.equal(resultTypeOf({ resultType: 'task' }), 'task');
  assert.ok(typeof resultTypeOf({ resultType: 'banana' }) === 'object');
});

test('VER-2 / META-6: DiscoverResult parsed; serverInfo read from _meta', () => {
  const r = {
    supportedVersions: ['2026-07-28', 3],
    capabilities: { tools: {} },
    resultType: 'complete',
    ttlMs: 0,
    cacheScope: 'private',
    _meta: { [MetaKeys.serverInfo]: { name: 's', version: '1' } },
  };
  const d = parseDiscoverResult(r)!;
  assert.deepEqual(d.supportedVersions, ['2026-07-28']);
  assert.deepEqual(d.serverInfo, { name: 's', version: '1' });
  assert.equal(parseDiscoverResult({ tools: [] }), undefined);
  assert.equal(serverInfoOf({}), undefined);
});

test('VER-4 / HTTP-15: only -32020/-32021/-32022 are modern evidence; data.supported read from -32022', () => {
  assert.equal(isModernErrorCode(-32022), true);
  assert.equal(isModernErrorCode(-32601), false);
  assert.equal(isModernErrorCode(-32000), false);
  assert.deepEqual(supportedVersionsOf({ code: -32022, data: { supported: ['2026-07-28', null] } }), ['2026-07-28']);
  assert.equal(supportedVersionsOf({ code: -32601 }), undefined);
});

test('MRTR-3/5: input_required parsed; retry params built from the original only', () => {
  const ir = parseInputRequired({
    resultType: 'input_required',
    inputRequests: { c: { method: 'elicitation/create', params: { message: 'OK?' } } },
    requestState: 'abc',
  });
  assert.ok(!('invalid' in ir));
  assert.equal((ir as { requestState: string }).requestState, 'abc');
  assert.ok('invalid' in parseInputRequired({ resultType: 'input_required' }));
  assert.ok('invalid' in parseInputRequired({ inputRequests: { c: {} } }));
  const original = { name: 't', arguments: {} };
  assert.deepEqual(retryParams(original, { c: { action: 'accept' } }, 'abc'), {
    name: 't',
    arguments: {},
    inputResponses: { c: { action: 'accept' } },
    requestState: 'abc',
  });
  assert.deepEqual(retryParams(original, {}, undefined), original);
});

test('CACHE-2/4/5: ttl freshness, per-page keys, never an MRTR retry', () => {
  assert.equal(expiresAt({ ttlMs: 500 }, 1000), 1500);
  assert.equal(expiresAt({ ttlMs: -5 }, 1000), 1000);
  assert.equal(expiresAt({}, 1000), 1000);
  assert.notEqual(cacheKey('tools/list', undefined), cacheKey('tools/list', { cursor: 'p2' }));
  assert.equal(cacheKey('tools/call', { name: 'x' }), undefined);
  assert.equal(cacheKey('resources/read', { uri: 'a', requestState: 's' }), undefined);
});

test('HTTP-8/9: Mcp-Method and Mcp-Name, base64 sentinel for what cannot be a plain value', () => {
  assert.deepEqual(standardHeaders({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } }), {
    'mcp-method': 'tools/call',
    'mcp-name': 'echo',
  });
  assert.deepEqual(standardHeaders({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'file:///a b' } }), {
    'mcp-method': 'resources/read',
    'mcp-name': 'file:///a b',
  });
  assert.deepEqual(standardHeaders({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }), { 'mcp-method': 'tools/list' });
  assert.equal(encodeHeaderValue('Zürich'), '=?base64?WsO8cmljaA==?=');
  assert.equal(encodeHeaderValue(' padded'), `=?base64?${Buffer.from(' padded').toString('base64')}?=`);
  assert.equal(encodeHeaderValue('a\nb'), `=?base64?${Buffer.from('a\nb').toString('base64')}?=`);
  assert.equal(encodeHeaderValue('=?base64?abc?='), `=?base64?${Buffer.from('=?base64?abc?=').toString('base64')}?=`);
  assert.equal(encodeHeaderValue('eu-west1'), 'eu-west1');
});

test('HTTP-10: x-mcp-header values mirrored: strings, integers, booleans; null, missing and numbers not', () => {
  const schema = {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      count: { type: 'integer', 'x-mcp-header': 'Count' },
      dry: { type: 'boolean', 'x-mcp-header': 'Dry' },
      nested: { type: 'object', properties: { id: { type: ['string', 'null'], 'x-mcp-header': 'Id' } } },
      price: { type: 'number' },
    },
  };
  const scan = scanHeaderBindings(schema);
  assert.ok(scan.ok);
  const headers = paramHeaders(scan.ok ? scan.bindings : [], { region: 'Zürich', count: 3, dry: false, nested: { id: null }, price: 2.5 });
  assert.deepEqual(headers, { 'mcp-param-region': '=?base64?WsO8cmljaA==?=', 'mcp-param-count': '3', 'mcp-param-dry': 'false' });
  assert.deepEqual(paramHeaders(scan.ok ? scan.bindings : [], { count: 1.5 }), {});
});

test('HTTP-11: invalid x-mcp-header annotations are refused with a reason', () => {
  const bad = (properties: object) => scanHeaderBindings({ type: 'object', properties });
  for (const [label, schema] of [
    ['empty', bad({ a: { type: 'string', 'x-mcp-header': '' } })],
    ['not a token', bad({ a: { type: 'string', 'x-mcp-header': 'Has Space' } })],
    ['duplicate', bad({ a: { type: 'string', 'x-mcp-header': 'X' }, b: { type: 'string', 'x-mcp-header': 'x' } })],
    ['number', bad({ a: { type: 'number', 'x-mcp-header': 'N' } })],
    ['through items', bad({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'I' } } })],
    ['through anyOf', bad({ a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } })],
  ] as const)
    assert.equal(schema.ok, false, label);
  assert.equal(scanHeaderBindings({ type: 'object', 'x-mcp-header': 'Root' }).ok, false);
  assert.ok(scanHeaderBindings({ type: 'object', properties: { a: { type: 'string', default: { 'x-mcp-header': 'data' } } } }).ok);
});
