// The nesting check at the door: any depth without recursion, the limit exact, own `__proto__` keys read
// as data, and the text length below which no value can be too deep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyMessage, MAX_MESSAGE_DEPTH, MAX_SHALLOW_TEXT_LENGTH, nestsDeeperThan } from '../../protocol/index.js';
import { messageKindOf } from '../../protocol/jsonrpc/message-kind.js';

const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

test('nestsDeeperThan counts the value itself as level 1 and copes with a million levels', () => {
  assert.equal(nestsDeeperThan(nested(3), 3), false);
  assert.equal(nestsDeeperThan(nested(4), 3), true);
  assert.equal(nestsDeeperThan('text', 0), false);
  assert.equal(nestsDeeperThan(nested(1_000_000), MAX_MESSAGE_DEPTH), true);
  assert.equal(nestsDeeperThan(JSON.parse('{"a":1,"__proto__":{"b":{"c":{}}}}'), 3), true);
  assert.equal(nestsDeeperThan(JSON.parse('{"a":[1,{"b":2}],"c":{"d":[]}}'), 3), false);
  // Both walks (recursive up to a limit of 1024, with stacks past it) agree at their edges.
  assert.equal(nestsDeeperThan(nested(1024), 1024), false);
  assert.equal(nestsDeeperThan(nested(1025), 1024), true);
  assert.equal(nestsDeeperThan(nested(2000), 1_000_000), false);
  assert.equal(nestsDeeperThan(nested(1_000_000), 999_999), true);
});

test('a key on Object.prototype is not part of the message', () => {
  const proto = Object.prototype as Record<string, unknown>;
  proto.polluted = { a: { b: {} } };
  try {
    assert.equal(nestsDeeperThan({ x: 1 }, 1), false);
    assert.equal(nestsDeeperThan({ x: {} }, 2), false);
  } finally {
    delete proto.polluted;
  }
});

test('a message over the limit is classified invalid, one at the limit is not', () => {
  const at = { jsonrpc: '2.0', id: 1, result: { v: nested(MAX_MESSAGE_DEPTH - 2) } };
  assert.equal(classifyMessage(at).kind, 'result');
  const over = { jsonrpc: '2.0', id: 1, result: { v: nested(MAX_MESSAGE_DEPTH - 1) } };
  const c = classifyMessage(over);
  assert.equal(c.kind, 'invalid');
  assert.match((c as { reason: string }).reason, /more than 256 levels deep/);
});

test('no text of MAX_SHALLOW_TEXT_LENGTH characters or fewer nests past the limit, so such values skip the walk', () => {
  // Each level costs an opening and a closing bracket: the shallowest refused text is 257 arrays, 514 characters.
  const refused = '['.repeat(MAX_MESSAGE_DEPTH + 1) + ']'.repeat(MAX_MESSAGE_DEPTH + 1);
  assert.equal(refused.length, 514);
  assert.equal(nestsDeeperThan(JSON.parse(refused), MAX_MESSAGE_DEPTH), true);
  assert.ok(refused.length > MAX_SHALLOW_TEXT_LENGTH, 'the shallowest refused text must be longer than the bound');
  // The deepest text within the bound (padded to its full length) is accepted.
  const accepted = '['.repeat(MAX_MESSAGE_DEPTH) + ']'.repeat(MAX_MESSAGE_DEPTH) + ' ';
  assert.equal(accepted.length, MAX_SHALLOW_TEXT_LENGTH);
  assert.equal(nestsDeeperThan(JSON.parse(accepted), MAX_MESSAGE_DEPTH), false);
});

test('messageKindOf walks a value unless told it came from a shallow text', () => {
  const over = { jsonrpc: '2.0', id: 1, result: { v: nested(MAX_MESSAGE_DEPTH) } };
  assert.match(String((messageKindOf(over) as { invalid?: string }).invalid), /more than 256 levels deep/);
  assert.equal(messageKindOf(over, true), 'result');
});
