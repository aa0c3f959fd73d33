// The server-side conformance harness's own rules: the baseline format (two sections, a reason per
// entry) and the comparison of serve with server-everything alone, without running the suite.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compare, compareReference, parseServerBaseline, score, type CheckResult } from '../../conformance/official/server.js';

const baselineText = [
  '# comment',
  'serve:',
  '  - check: tools-call-error/tools-call-error # trailing comment',
  '    reason: unknown tool',
  'gaps:',
  '  - check: tools-call-error/tools-call-error',
  '    reason: -32602 by the spec',
  '',
].join('\n');

const check = (key: string, status: string): CheckResult => ({ key, status });

describe('conformance server harness', () => {
  it('parses both sections and insists on a reason per entry', () => {
    const b = parseServerBaseline(baselineText);
    assert.deepEqual([...b.serve], [['tools-call-error/tools-call-error', 'unknown tool']]);
    assert.deepEqual([...b.gaps], [['tools-call-error/tools-call-error', '-32602 by the spec']]);
    assert.deepEqual(parseServerBaseline('serve: []\ngaps: []\n'), { serve: new Map(), gaps: new Map(), sdkV2: new Map() });
    assert.throws(() => parseServerBaseline('gaps:\n  - check: a/b\n'), /gaps entry a\/b has no reason/);
    assert.throws(() => parseServerBaseline('  - check: a/b\n    reason: x\n'), /outside a serve: or gaps: section/);
  });

  it('scores as the suite does: INFO and WARNING count in neither', () => {
    assert.deepEqual(score([check('a/a', 'SUCCESS'), check('b/b', 'INFO'), check('c/c', 'FAILURE'), check('d/d', 'WARNING')]), { passed: 1, failed: 1 });
  });

  it('is green when every serve failure and every lost check is listed', () => {
    const b = parseServerBaseline(baselineText);
    const alone = [check('ping/ping', 'SUCCESS'), check('tools-call-error/tools-call-error', 'SUCCESS')];
    const serve = [check('ping/ping', 'SUCCESS'), check('tools-call-error/tools-call-error', 'FAILURE')];
    assert.deepEqual(compare(alone, serve, b).problems, []);
  });

  it('fails when serve scores lower on a check the baseline does not explain', () => {
    const b = parseServerBaseline('serve:\n  - check: ping/ping\n    reason: r\ngaps: []\n');
    const { problems } = compare([check('ping/ping', 'SUCCESS')], [check('ping/ping', 'FAILURE')], b);
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /^LOWER ping\/ping/);
    // An INFO where the reference passes is lower too: it is not a SUCCESS.
    const info = compare([check('x/y', 'SUCCESS')], [check('x/y', 'INFO')], parseServerBaseline('serve: []\ngaps: []\n'));
    assert.match(info.problems[0]!, /^LOWER x\/y/);
  });

  it('fails on an unlisted serve failure, and on stale entries of either section', () => {
    const empty = parseServerBaseline('serve: []\ngaps: []\n');
    assert.match(compare([], [check('a/b', 'FAILURE')], empty).problems[0]!, /^REGRESSION a\/b/);
    assert.match(compare([], [check('a/b', 'WARNING')], empty).problems[0]!, /^REGRESSION a\/b/);
    const b = parseServerBaseline(baselineText);
    const fixed = compare([check('tools-call-error/tools-call-error', 'SUCCESS')], [check('tools-call-error/tools-call-error', 'SUCCESS')], b).problems;
    assert.deepEqual(
      fixed.map((p) => p.split(' ')[0] + ' ' + p.split(' ')[1]),
      ['UNEXPECTED PASS', 'STALE GAP'],
    );
    assert.match(compare([], [], b).problems.join('\n'), /MISSING tools-call-error/);
  });

  it('reports the checks serve passes that the server alone fails', () => {
    const { lines, problems } = compare([check('dns/r', 'FAILURE')], [check('dns/r', 'SUCCESS')], parseServerBaseline('serve: []\ngaps: []\n'));
    assert.deepEqual(problems, []);
    assert.match(lines.join('\n'), /^\+ dns\/r: serve passes it/m);
  });

  it("reads a gap's sdk-v2 verdict, only under gaps: and only fails or passes", () => {
    const b = parseServerBaseline(`${baselineText}    sdk-v2: fails\n`);
    assert.deepEqual([...b.sdkV2], [['tools-call-error/tools-call-error', 'fails']]);
    assert.throws(() => parseServerBaseline('serve:\n  - check: a/b\n    reason: r\n    sdk-v2: fails\n'), /sdk-v2: belongs to a gaps: entry/);
    assert.throws(() => parseServerBaseline('gaps:\n  - check: a/b\n    reason: r\n    sdk-v2: maybe\n'), /is fails or passes, not "maybe"/);
  });

  it('fails when the SDK v2 server fares otherwise than a gap states, or reports no such check', () => {
    const b = parseServerBaseline(`${baselineText}    sdk-v2: fails\n`);
    const key = 'tools-call-error/tools-call-error';
    const same = compareReference([{ key, status: 'FAILURE', message: 'MCP error -32602: Tool test_error_handling not found' }], b);
    assert.deepEqual(same.problems, []);
    assert.match(same.lines[0]!, /fails it too \(FAILURE: MCP error -32602/);
    assert.match(
      compareReference([check(key, 'SUCCESS')], b).problems[0]!,
      /^REFERENCE tools-call-error\/tools-call-error: the SDK v2 server alone passes, the baseline says it fails/,
    );
    assert.match(compareReference([], b).problems[0]!, /reported no such check/);
    // A WARNING is not a pass.
    assert.deepEqual(compareReference([check(key, 'WARNING')], b).problems, []);
  });
});
