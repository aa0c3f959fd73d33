// The per-server `era` key (issue 12): auto by default (and then absent from the entry, like the
// other opt-in keys), legacy or modern when set, anything else a located config error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError } from '../../src/config/index.js';
import { testConfig } from '../helpers/config.js';

test('era: auto by default, legacy / modern kept, a typo refused with its path', () => {
  const cfg = testConfig([
    { name: 'a', command: 'node' },
    { name: 'b', command: 'node', era: 'legacy' },
    { name: 'c', url: 'http://127.0.0.1:1/mcp', era: 'modern' },
  ]);
  assert.deepEqual(
    cfg.servers.map((s) => s.era),
    [undefined, 'legacy', 'modern'],
  );
  assert.throws(
    () => testConfig([{ name: 'd', command: 'node', era: 'newest' }]),
    (e) => {
      assert.ok(e instanceof ConfigError);
      assert.equal(e.issues[0]?.path, 'tools.mcp.servers[0].era');
      assert.match(e.issues[0]?.message ?? '', /auto, legacy, modern/);
      return true;
    },
  );
});
