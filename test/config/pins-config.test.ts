// tools.mcp.pins: read onto the BridgeConfig with the documented defaults, the lock file resolved
// against the config's folder, `false` kept as "off", and every mistake a located error with a fix.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, parseConfig } from '../../src/config/index.js';
import { pinsSettings } from '../../src/manager/pins-step.js';

const FILE = '/p/conf/mcp-bridge.yaml';

function withPins(lines: string[]): string {
  return ['tools:', '  mcp:', ...lines.map((l) => `    ${l}`), '    servers:', '      - name: a', '        command: x', ''].join('\n');
}

function issues(text: string): Array<[string, number | undefined, string]> {
  try {
    parseConfig(text, { file: FILE, env: {} });
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.issues.map((i) => [i.path, i.line, `${i.message}${i.hint ? ` (${i.hint})` : ''}`]);
  }
  assert.fail('expected a ConfigError');
}

describe('tools.mcp.pins', () => {
  it('defaults: mcp-bridge.lock beside the config, block, allow, not required; a relative file is resolved against the config folder', () => {
    assert.deepEqual(parseConfig(withPins(['pins: {}']), { file: FILE, env: {} }).pins, {
      file: '/p/conf/mcp-bridge.lock',
      onChange: 'block',
      newTools: 'allow',
      required: false,
    });
    const config = parseConfig(withPins(['pins:', '  file: ../locks/${LOCK}', '  onChange: warn', '  newTools: block', '  required: true']), {
      file: FILE,
      env: { LOCK: 'team.lock' },
    });
    assert.deepEqual(config.pins, { file: '/p/locks/team.lock', onChange: 'warn', newTools: 'block', required: true });
    assert.equal(pinsSettings(config), config.pins);
  });

  it('absent: no pins key (a lock file beside the config would still turn them on); false: off even then', () => {
    assert.ok(!('pins' in parseConfig(withPins([]), { file: FILE, env: {} })));
    const off = parseConfig(withPins(['pins: false']), { file: FILE, env: {} });
    assert.equal(off.pins, false);
    assert.equal(pinsSettings(off), undefined);
  });

  it('mistakes are located errors with a fix: not a mapping, a wrong value, a misspelt key', () => {
    assert.deepEqual(issues(withPins(['pins: true'])), [
      [
        'tools.mcp.pins',
        3,
        'pins must be a mapping or false, got a boolean (write pins: { file: mcp-bridge.lock, onChange: block }, or pins: false to turn them off)',
      ],
    ]);
    const found = issues(withPins(['pins:', '  onChange: allow', '  newTools: deny', '  require: true']));
    assert.deepEqual(
      found.map(([path, line]) => [path, line]),
      [
        ['tools.mcp.pins.require', 6],
        ['tools.mcp.pins.onChange', 4],
        ['tools.mcp.pins.newTools', 5],
      ].sort((a, b) => (a[1] as number) - (b[1] as number)),
    );
    const message = (path: string) => found.find(([p]) => p === path)![2];
    assert.match(message('tools.mcp.pins.onChange'), /onChange must be block or warn, got "allow"/);
    assert.match(message('tools.mcp.pins.newTools'), /newTools must be allow or block, got "deny"/);
    assert.match(message('tools.mcp.pins.require'), /unknown key "require" in tools.mcp.pins \(did you mean "required"\?\)/);
  });
});
