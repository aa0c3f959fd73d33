// messageKindOf decides the commonest message, an answer with a result, on a short path when the
// value came from a text too short to nest deeply; every other value takes the full path. Both must
// read any value alike: the kinds below are the JSON-RPC 2.0 rules (JSONRPC-1, -2, -4), with MCP's
// result object.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { messageKindOf } from '../../protocol/jsonrpc/message-kind.js';

const cases: [unknown, string][] = [
  [{ jsonrpc: '2.0', id: 1, result: {} }, 'result'],
  [{ jsonrpc: '2.0', id: 'a', result: { content: [] } }, 'result'],
  [{ jsonrpc: '2.0', id: 0, result: {}, extra: true }, 'result'],
  // A result that is not an object, or an id that is not a string or a finite number.
  [{ jsonrpc: '2.0', id: 1, result: [] }, 'invalid'],
  [{ jsonrpc: '2.0', id: 1, result: null }, 'invalid'],
  [{ jsonrpc: '2.0', id: 1, result: 'x' }, 'invalid'],
  [{ jsonrpc: '2.0', id: null, result: {} }, 'invalid'],
  [{ jsonrpc: '2.0', result: {} }, 'invalid'],
  [{ jsonrpc: '2.0', id: Number.POSITIVE_INFINITY, result: {} }, 'invalid'],
  [{ jsonrpc: '2.0', id: {}, result: {} }, 'invalid'],
  // The version member is required and exact.
  [{ id: 1, result: {} }, 'invalid'],
  [{ jsonrpc: '1.0', id: 1, result: {} }, 'invalid'],
  [{ jsonrpc: 2, id: 1, result: {} }, 'invalid'],
  // A method makes it a request or a notification, whatever else it carries.
  [{ jsonrpc: '2.0', id: 1, method: 'ping', result: {} }, 'request'],
  [{ jsonrpc: '2.0', method: 'notifications/progress', result: {} }, 'notification'],
  [{ jsonrpc: '2.0', id: 1, method: 'x', params: [1] }, 'invalid'],
  // An error answer, valid or not.
  [{ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no such method' } }, 'error'],
  [{ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }, 'error'],
  [{ jsonrpc: '2.0', id: 1, error: { message: 'no code' } }, 'invalid'],
  // Not an object at all.
  [null, 'invalid'],
  [[{ jsonrpc: '2.0', id: 1, result: {} }], 'invalid'],
  ['{"jsonrpc":"2.0"}', 'invalid'],
  [7, 'invalid'],
  [{ jsonrpc: '2.0', id: 1 }, 'invalid'],
];

const kind = (k: ReturnType<typeof messageKindOf>): string => (typeof k === 'string' ? k : 'invalid');

test('messageKindOf reads a value from a short text as it reads any value (JSONRPC-1, -2, -4)', () => {
  for (const [value, expected] of cases) {
    const label = JSON.stringify(value);
    assert.equal(kind(messageKindOf(value, true)), expected, `short path: ${label}`);
    assert.equal(kind(messageKindOf(value, false)), expected, `full path: ${label}`);
    // The invalid ones give the same reason on both paths.
    assert.deepEqual(messageKindOf(value, true), messageKindOf(value, false), label);
  }
});
