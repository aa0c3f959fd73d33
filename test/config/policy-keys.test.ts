// tools.mcp.policy: read onto the BridgeConfig in the shape createPolicy takes, every mistake a
// located issue with a fix (wrong action, unknown or misspelt key, hints that are not booleans).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, parseConfig } from '../../src/config/index.js';
import { createPolicy } from '../../src/pipeline/policy/index.js';

const FILE = '/p/mcp-bridge.yaml';

function withPolicy(lines: string[]): string {
  return ['tools:', '  mcp:', ...lines.map((l) => `    ${l}`), '    servers:', '      - name: fs', '        command: x', ''].join('\n');
}

function issues(text: string): Array<[string, number | undefined, string, string | undefined]> {
  try {
    parseConfig(text, { file: FILE, env: {} });
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.issues.map((i) => [i.path, i.line, i.message, i.hint]);
  }
  assert.fail('expected a ConfigError');
}

describe('tools.mcp.policy', () => {
  it('is read in order with its defaults, and createPolicy takes it as it is', () => {
    const config = parseConfig(
      withPolicy([
        'policy:',
        '  default: confirm',
        '  rules:',
        '    - annotations: { readOnlyHint: true }',
        '      action: allow',
        '    - tools: ["fs_write_*", fs_move_file]',
        '      servers: [fs]',
        '      action: deny',
        '      reason: the agent only reads',
        '    - { annotations: { destructiveHint: false, openWorldHint: false, idempotentHint: true }, action: confirm }',
      ]),
      { file: FILE, env: {} },
    );
    assert.deepEqual(config.policy, {
      default: 'confirm',
      showDenied: false,
      rules: [
        { annotations: { readOnlyHint: true }, action: 'allow' },
        { tools: ['fs_write_*', 'fs_move_file'], servers: ['fs'], action: 'deny', reason: 'the agent only reads' },
        { annotations: { destructiveHint: false, openWorldHint: false, idempotentHint: true }, action: 'confirm' },
      ],
    });
    const policy = createPolicy(config.policy);
    assert.equal(policy.decide({ name: 'fs_write_file', server: 'fs', annotations: {} } as never).rule, 1);
  });

  it('absent: no policy on the config; an empty one allows everything', () => {
    assert.ok(!('policy' in parseConfig(withPolicy([]), { file: FILE, env: {} })));
    assert.deepEqual(parseConfig(withPolicy(['policy: {}']), { file: FILE, env: {} }).policy, { default: 'allow', rules: [], showDenied: false });
    assert.equal(parseConfig(withPolicy(['policy: { showDenied: true }']), { file: FILE, env: {} }).policy?.showDenied, true);
  });

  it('mistakes are located errors with a fix', () => {
    assert.deepEqual(issues(withPolicy(['policy: deny'])), [
      [
        'tools.mcp.policy',
        3,
        'policy must be a mapping, got a string',
        'write policy: { default: allow, rules: [{ tools: ["fs_write_*"], action: confirm }] }',
      ],
    ]);
    const found = issues(
      withPolicy([
        'policy:',
        '  default: denied',
        '  show_denied: true',
        '  rules:',
        '    - tool: [x]',
        '      action: allow',
        '    - tools: fs_*',
        '      action: block',
        '    - annotations: { readonlyHint: true, destructiveHint: "yes" }',
        '    - annotations: true',
        '      action: deny',
        '    - just a string',
      ]),
    );
    assert.deepEqual(found, [
      ['tools.mcp.policy.default', 4, 'default must be allow, deny or confirm, got "denied"', 'did you mean "deny"?'],
      ['tools.mcp.policy.show_denied', 5, 'unknown key "show_denied" in tools.mcp.policy', 'did you mean "showDenied"?'],
      ['tools.mcp.policy.rules[0].tool', 7, 'unknown key "tool" in tools.mcp.policy.rules[0]', 'did you mean "tools"?'],
      ['tools.mcp.policy.rules[1].tools', 9, 'tools must be a list, got a string', 'write tools: [a, b] or one "- item" per line'],
      ['tools.mcp.policy.rules[1].action', 10, 'action must be allow, deny or confirm, got "block"', 'did you mean "deny"?'],
      ['tools.mcp.policy.rules[2]', 11, 'rules[2] has no action', 'add action: allow, deny or confirm'],
      [
        'tools.mcp.policy.rules[2].annotations.readonlyHint',
        11,
        'unknown key "readonlyHint" in annotations (the hints a rule can match)',
        'did you mean "readOnlyHint"?',
      ],
      [
        'tools.mcp.policy.rules[2].annotations.destructiveHint',
        11,
        'destructiveHint must be true or false, got a string',
        'write destructiveHint: true or destructiveHint: false',
      ],
      ['tools.mcp.policy.rules[3].annotations', 12, 'annotations must be a mapping, got a boolean', 'e.g. annotations: { readOnlyHint: true }'],
      ['tools.mcp.policy.rules[4]', 14, 'rules[4] must be a mapping, got a string', 'e.g. - { tools: ["fs_write_*"], action: confirm }'],
    ]);
  });
});
