// The server keys of lazy start and idle stop: start, idleStopAfter, toolListMaxAge. Absent keys
// leave the normalised entry as it was; bad values are located errors with a fix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, parseConfig } from '../../src/config/index.js';

const parse = (extra: Record<string, unknown>) =>
  parseConfig(JSON.stringify({ tools: { mcp: { servers: [{ name: 's', command: 'node', ...extra }] } } }), { file: '/tmp/mcp-bridge.yaml' }).servers[0]!;

test('start, idleStopAfter and toolListMaxAge are read; absent, they leave the entry unchanged', () => {
  const plain = parse({});
  assert.ok(!('start' in plain) && !('idleStopAfterMs' in plain) && !('toolListMaxAgeMs' in plain));
  assert.ok(!('start' in parse({ start: 'eager' })), 'eager is the default and is not written out');
  const lazy = parse({ start: 'lazy', idleStopAfter: '10m', toolListMaxAge: '1d' });
  assert.equal(lazy.start, 'lazy');
  assert.equal(lazy.idleStopAfterMs, 600_000);
  assert.equal(lazy.toolListMaxAgeMs, 86_400_000);
});

test('a bad start or duration is a located error with a fix', () => {
  const error = (extra: Record<string, unknown>) => {
    try {
      parse(extra);
    } catch (e) {
      assert.ok(e instanceof ConfigError);
      return e.message;
    }
    assert.fail('no error');
  };
  assert.match(error({ start: 'later' }), /start must be eager or lazy, got "later"[\s\S]*use eager/);
  assert.match(error({ idleStopAfter: 600 }), /idleStopAfter: a bare number \(600\)/);
  assert.match(error({ toolListMaxAge: 'forever' }), /toolListMaxAge: "forever" is not a duration/);
  assert.match(error({ starts: 'lazy' }), /unknown key "starts"[\s\S]*did you mean "start"/);
});
