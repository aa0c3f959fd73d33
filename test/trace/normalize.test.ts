// Pure parts of the conformance tooling: what counts as a legitimate difference between clients,
// JSON-RPC classification, trace parsing errors and placeholder expansion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify, compareClientMessage, formatDifferences } from '../../src/trace/normalize.js';
import { expandPlaceholders, parseTrace, serializeTrace, TRACE_FORMAT } from '../../src/trace/trace-format.js';
import { TraceFormatError } from '../../src/trace/errors.js';
import { deriveScript } from '../../src/trace/steps.js';

const init = (over: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: { roots: { listChanged: true } }, clientInfo: { name: 'a', version: '1' }, ...over },
});

test('initialize: clientInfo, proposed version and capability details may differ; the capability set may not', () => {
  assert.deepEqual(
    compareClientMessage(init({}), {
      ...init({ clientInfo: { name: 'b', version: '9' }, protocolVersion: '2025-06-18', capabilities: { roots: {} } }),
      id: 'x',
    }),
    [],
  );
  const d = compareClientMessage(init({}), init({ capabilities: { roots: {}, sampling: {} } }));
  assert.match(formatDifferences(d), /at params\.capabilities\[1\]: expected \(absent\), got "sampling"/);
});

test('tools/call: ids, key order, _meta and progress tokens may differ; arguments may not', () => {
  const rec = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 't', arguments: { a: 1, b: [1, 2] } } };
  assert.deepEqual(
    compareClientMessage(rec, {
      params: { arguments: { b: [1, 2], a: 1 }, name: 't', _meta: { progressToken: 'p' } },
      method: 'tools/call',
      id: 'zz',
      jsonrpc: '2.0',
    }),
    [],
  );
  assert.match(
    formatDifferences(compareClientMessage(rec, { ...rec, params: { name: 't', arguments: { a: 1, b: [1, 3] } } })),
    /at params\.arguments\.b\[1\]: expected 2, got 3/,
  );
  assert.match(
    formatDifferences(compareClientMessage(rec, { ...rec, params: { name: 't' } })),
    /at params\.arguments: expected \{"a":1,"b":\[1,2\]\}, got \(absent\)/,
  );
});

test('empty params equal absent params; error answers compare by code only', () => {
  assert.deepEqual(compareClientMessage({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }), []);
  assert.deepEqual(
    compareClientMessage({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } }, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'y' } }),
    [],
  );
  assert.equal(
    compareClientMessage({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } }, { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'x' } })
      .length,
    1,
  );
});

test('cancelled: the request id is compared after mapping live → recorded', () => {
  const rec = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4, reason: 'timeout' } };
  const live = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'live-9', reason: 'user' } };
  assert.deepEqual(
    compareClientMessage(rec, live, (id) => (id === 'live-9' ? 4 : id)),
    [],
  );
  assert.equal(compareClientMessage(rec, live).length, 1);
});

test('JSON-RPC classification names what is wrong', () => {
  assert.equal(classify({ jsonrpc: '2.0', id: 1, method: 'x' }).kind, 'request');
  assert.equal(classify({ jsonrpc: '2.0', method: 'x' }).kind, 'notification');
  assert.equal(classify({ jsonrpc: '2.0', id: 1, result: {} }).kind, 'response');
  assert.match(classify([]).reason ?? '', /batch/);
  assert.match(classify({ jsonrpc: '2.0', id: null, method: 'x' }).reason ?? '', /string or integer/);
  assert.match(classify({ jsonrpc: '2.0', id: 1, method: 'x', params: [1] }).reason ?? '', /params/);
  assert.match(classify({ jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: '' } }).reason ?? '', /both/);
  assert.match(classify({ jsonrpc: '2.0', id: 1, error: { code: 'x', message: '' } }).reason ?? '', /integer "code"/);
  assert.match(classify({ id: 1, method: 'x' }).reason ?? '', /"jsonrpc" must be "2.0"/);
});

test('trace parsing: errors carry the line; serialise round-trips; placeholders expand deeply', () => {
  assert.throws(() => parseTrace(''), TraceFormatError);
  assert.throws(() => parseTrace('{"type":"message"}\n'), /line 1: first line must be a header/);
  const header = JSON.stringify({ type: 'header', format: TRACE_FORMAT, server: {}, command: [], date: 'd' });
  assert.throws(() => parseTrace(`${header}\n{"type":"message","dir":"up","t":1,"msg":{}}`), /line 2: "dir" must be/);
  assert.throws(() => parseTrace(`${header}\nnot json`), /line 2: not JSON/);
  const t = parseTrace(`${header}\n{"type":"message","dir":"c2s","t":1,"msg":{"p":"\${ROOT}/a","\${ROOT}":["\${ROOT}","\${OTHER}"]}}\n`);
  assert.equal(parseTrace(serializeTrace(t)).events.length, 1);
  assert.deepEqual(expandPlaceholders(t, { ROOT: '/r' }).events[0], { type: 'message', dir: 'c2s', t: 1, msg: { p: '/r/a', '/r': ['/r', '${OTHER}'] } });
});

test('deriveScript: steps, capabilities and recorded answers come from the client side of a trace', () => {
  const lines = [
    { type: 'header', format: TRACE_FORMAT, server: {}, command: [], date: 'd', protocolVersion: '2025-11-25' },
    { type: 'message', dir: 'c2s', t: 0, msg: init({}) },
    { type: 'message', dir: 's2c', t: 1, msg: { jsonrpc: '2.0', id: 0, result: {} } },
    { type: 'message', dir: 'c2s', t: 2, msg: { jsonrpc: '2.0', method: 'notifications/initialized' } },
    { type: 'message', dir: 's2c', t: 3, msg: { jsonrpc: '2.0', id: 0, method: 'roots/list' } },
    { type: 'message', dir: 'c2s', t: 4, msg: { jsonrpc: '2.0', id: 0, result: { roots: [] } } },
    {
      type: 'message',
      dir: 'c2s',
      t: 5,
      msg: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: { q: 1 }, _meta: { progressToken: 1 } } },
    },
    { type: 'message', dir: 's2c', t: 6, msg: { jsonrpc: '2.0', id: 1, result: { content: [] } } },
  ];
  const s = deriveScript(parseTrace(lines.map((l) => JSON.stringify(l)).join('\n')));
  assert.deepEqual(s.capabilities, { roots: { listChanged: true } });
  assert.deepEqual(s.steps, [{ kind: 'callTool', name: 'x', arguments: { q: 1 }, progress: true, index: 0 }]);
  assert.deepEqual(s.answers, { 'roots/list': [{ result: { roots: [] } }] });
  assert.deepEqual(s.toolResults, [{ name: 'x', result: { content: [] }, error: undefined }]);
});

test('prompts/get and tools/call: an empty "arguments" equals an absent one; a non-empty one still counts', () => {
  const rec = { jsonrpc: '2.0', id: 7, method: 'prompts/get', params: { name: 'simple-prompt' } };
  assert.deepEqual(compareClientMessage(rec, { ...rec, id: 9, params: { name: 'simple-prompt', arguments: {} } }), []);
  assert.deepEqual(
    compareClientMessage({ ...rec, method: 'tools/call' }, { ...rec, method: 'tools/call', params: { name: 'simple-prompt', arguments: {} } }),
    [],
  );
  assert.equal(compareClientMessage(rec, { ...rec, params: { name: 'simple-prompt', arguments: { city: 'Lisbon' } } }).length, 1);
});
