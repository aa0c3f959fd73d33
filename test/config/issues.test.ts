// Every broken fixture under test/fixtures/configs/broken states its expected issues in comments
// (path, line, column, message, hint); loading it must report exactly those, all at once.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { ConfigError, loadConfig, type ConfigIssue } from '../../src/config/index.js';
import { expectations, fixture, type Expected } from './fixtures.js';

async function issuesOf(file: string): Promise<{ error: ConfigError; issues: ConfigIssue[] }> {
  try {
    await loadConfig(file, { env: {} });
  } catch (err) {
    assert.ok(err instanceof ConfigError, `expected a ConfigError, got ${String(err)}`);
    return { error: err, issues: err.issues };
  }
  assert.fail(`${file} loaded without errors`);
}

function matches(issue: ConfigIssue, want: Expected): boolean {
  return (
    issue.path === want.path &&
    issue.line === want.line &&
    issue.column === want.column &&
    issue.message.includes(want.message) &&
    (want.hint === undefined || (issue.hint ?? '').includes(want.hint))
  );
}

const dir = fixture('broken');
const files = readdirSync(dir)
  .filter((f) => /\.(ya?ml|json)$/.test(f))
  .sort();

describe('broken config fixtures report every expected issue with its path, line and column', () => {
  it('has fixtures to check', () => assert.ok(files.length >= 10));
  for (const name of files) {
    it(name, async () => {
      const file = `${dir}/${name}`;
      const wanted = expectations(file);
      assert.ok(wanted.length > 0, `${name} has no "expect:" comments`);
      const { error, issues } = await issuesOf(file);
      assert.equal(error.code, 'MCPB_CONFIG_INVALID');
      const unmatched = [...issues];
      for (const want of wanted) {
        const i = unmatched.findIndex((issue) => matches(issue, want));
        assert.ok(i >= 0, `no issue matches ${JSON.stringify(want)}\ngot:\n${JSON.stringify(issues, null, 1)}`);
        unmatched.splice(i, 1);
      }
      assert.deepEqual(unmatched, [], 'issues that no "expect:" line names');
      for (const issue of issues) {
        assert.ok(error.message.includes(`${file}:${issue.line}:${issue.column}`), `message lacks the position of ${issue.path}`);
        assert.ok(error.message.includes(issue.message));
      }
    });
  }
});
