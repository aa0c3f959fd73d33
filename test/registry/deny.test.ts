// A server's deny list (excludeTools / disabledTools / disabled_tools in host files) keeps tools out
// of the registry even when the allow list matches them; skipped tools are reported, never silent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Registry } from '../../src/adapters/registry.js';
import type { Tool } from '../../protocol/index.js';

const tools: Tool[] = ['read_file', 'write_file', 'move_file', 'move_dir'].map((name) => ({ name, inputSchema: { type: 'object' } }));
const caller = async () => ({ content: [] });

test('deny wins over allow and takes * patterns; denied tools are reported as not-allowed', () => {
  const registry = new Registry();
  const report = registry.registerServerTools('fs', tools, { caller, allow: ['*'], deny: ['write_file', 'move_*'] });
  assert.deepEqual(report.added, ['read_file']);
  assert.deepEqual(
    report.skipped.map((s) => [s.tool, s.reason]),
    [
      ['write_file', 'not-allowed'],
      ['move_file', 'not-allowed'],
      ['move_dir', 'not-allowed'],
    ],
  );
  const again = registry.replaceServerTools('fs', tools);
  assert.deepEqual(again.added, []);
  assert.deepEqual(registry.namesOf('fs'), ['read_file']);
});

test('deny alone leaves every other tool in', () => {
  const registry = new Registry();
  registry.registerServerTools('fs', tools, { caller, deny: ['move_file'] });
  assert.deepEqual(registry.namesOf('fs'), ['read_file', 'write_file', 'move_dir']);
});
