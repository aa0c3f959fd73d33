// tools.mcp.audit: read onto the BridgeConfig with the file beside the config, every mistake a
// located error with a fix, and turned into the pipeline's audit step by pipelineSteps.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, parseConfig } from '../../src/config/index.js';
import { pipelineSteps } from '../../src/manager/pipeline-steps.js';

const FILE = '/p/conf/mcp-bridge.yaml';

function config(lines: string[]) {
  return parseConfig(['tools:', '  mcp:', ...lines.map((l) => `    ${l}`), '    servers:', '      - name: a', '        command: x', ''].join('\n'), {
    file: FILE,
    env: {},
  });
}

function issues(lines: string[]): Array<[string, number | undefined, string, string | undefined]> {
  try {
    config(lines);
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.issues.map((i) => [i.path, i.line, i.message, i.hint]);
  }
  assert.fail('expected a ConfigError');
}

describe('tools.mcp.audit', () => {
  it('is read onto the config: the file resolved against the config folder, args redacted by default', () => {
    assert.deepEqual(config(['audit: { file: logs/audit.jsonl }']).audit, { file: '/p/conf/logs/audit.jsonl', args: 'redacted' });
    assert.deepEqual(config(['audit:', '  file: /var/log/a.jsonl', '  args: none', '  maxBytes: 5000', '  keep: 3']).audit, {
      file: '/var/log/a.jsonl',
      args: 'none',
      maxBytes: 5000,
      keep: 3,
    });
    assert.equal('audit' in config([]), false);
  });

  it('mistakes are located errors with a fix', () => {
    assert.deepEqual(issues(['audit: true']), [
      ['tools.mcp.audit', 3, 'audit must be a mapping, got a boolean', 'write audit: { file: audit.jsonl, args: redacted }'],
    ]);
    const found = issues(['audit:', '  args: some', '  maxBytes: -1', '  kep: 2']);
    assert.deepEqual(
      found.map(([path, line, message]) => [path, line, message]),
      [
        // The missing file is reported where the mapping starts; the others at their own line, in line order.
        ['tools.mcp.audit', 4, 'audit needs a file'],
        ['tools.mcp.audit.args', 4, 'args must be one of none, redacted, full, got "some"'],
        ['tools.mcp.audit.maxBytes', 5, 'maxBytes must be a whole number above zero, got -1'],
        ['tools.mcp.audit.kep', 6, 'unknown key "kep" in tools.mcp.audit'],
      ],
    );
    assert.equal(found[3]![3], 'did you mean "keep"?');
  });

  it('pipelineSteps turns it into the audit step; without it, no step', () => {
    const steps = pipelineSteps(config(['audit: { file: audit.jsonl, args: full }']));
    assert.deepEqual(
      steps.map((s) => [s.name, s.stage]),
      [['audit', 'audit']],
    );
    assert.equal((steps[0] as unknown as { file: string }).file, '/p/conf/audit.jsonl');
    assert.deepEqual(pipelineSteps(config([])), []);
  });
});
