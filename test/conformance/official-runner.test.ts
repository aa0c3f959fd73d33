// The official-suite runner's own logic: the baseline format and the verdict rules (a scenario passes
// only with exit 0, no FAILURE, no WARNING and at least one SUCCESS), without running the suite.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseExpectedFailures, parseScenarioList, pinnedSuites, selectSuite, verdictOf } from '../../conformance/official/run.js';
import { repoRoot } from '../helpers/paths.js';

function withChecks(checks: unknown[], fn: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-verdict-'));
  try {
    mkdirSync(join(dir, 'x-2026'), { recursive: true });
    writeFileSync(join(dir, 'x-2026', 'checks.json'), JSON.stringify(checks));
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('conformance runner', () => {
  it('parses the baseline and insists on a reason per entry', () => {
    const map = parseExpectedFailures('client:\n  - scenario: auth/x # comment\n    reason: no OAuth yet\n');
    assert.deepEqual([...map], [['auth/x', 'no OAuth yet']]);
    assert.deepEqual([...parseExpectedFailures('client: []\n')], []);
    assert.throws(() => parseExpectedFailures('client:\n  - scenario: y\n'), /has no reason/);
  });

  it('passes only with a SUCCESS, no FAILURE or WARNING, and exit 0', () => {
    withChecks(
      [
        { id: 'a', status: 'SUCCESS' },
        { id: 'b', status: 'INFO' },
      ],
      (dir) => assert.equal(verdictOf('s', 0, dir).passed, true),
    );
    withChecks(
      [
        { id: 'a', status: 'SUCCESS' },
        { id: 'w', status: 'WARNING' },
      ],
      (dir) => {
        const v = verdictOf('s', 0, dir);
        assert.equal(v.passed, false);
        assert.match(v.problems.join(), /WARNING w/);
      },
    );
    withChecks([], (dir) => assert.match(verdictOf('s', 0, dir).problems.join(), /no SUCCESS/));
    withChecks([{ id: 'a', status: 'SUCCESS' }], (dir) => assert.equal(verdictOf('s', 1, dir).passed, false));
    assert.match(verdictOf('s', 0, join(tmpdir(), 'does-not-exist-mcpb')).problems.join(), /no checks.json/);
  });

  it('selects the pinned suite by --version: exact, latest, next (and --next); refuses an unpinned one', () => {
    const pins = pinnedSuites(repoRoot);
    const release = pins.find((p) => !p.prerelease);
    const pre = pins.find((p) => p.prerelease);
    assert.ok(release && pre, 'one release and one prerelease are pinned');
    assert.equal(selectSuite(pins, []).version, release.version);
    assert.equal(selectSuite(pins, ['--version', 'latest']).version, release.version);
    assert.equal(selectSuite(pins, ['--version', 'next']).version, pre.version);
    assert.equal(selectSuite(pins, ['--next']).version, pre.version);
    assert.equal(selectSuite(pins, ['--version', pre.version]).version, pre.version);
    assert.equal(selectSuite(pins, [`--version=${release.version}`]).version, release.version);
    assert.match(pre.baseline, /expected-failures-next\.yaml$/);
    assert.throws(() => selectSuite(pins, ['--version', '9.9.9']), /no pinned suite for --version 9\.9\.9/);
  });

  it("reads the scenario names from the suite's list output", () => {
    const text = 'Client scenarios (test against a client):\n  - initialize [2025-06-18,2025-11-25]\n  - auth/dpop [extension]\n';
    assert.deepEqual(parseScenarioList(text), ['initialize', 'auth/dpop']);
  });
});
