// tools.mcp.toolSearch and tools.mcp.maxResultTokens: read onto the BridgeConfig, every mistake
// reported at its line like a server key's, and the result budget handed to servers that set none.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, parseConfig } from '../../src/config/index.js';

const FILE = '/p/mcp-bridge.yaml';

function withShared(lines: string[]): string {
  return [
    'tools:',
    '  mcp:',
    ...lines.map((l) => `    ${l}`),
    '    servers:',
    '      - name: a',
    '        command: x',
    '      - name: b',
    '        command: y',
    '        maxResultChars: 777',
    '',
  ].join('\n');
}

function issues(text: string): Array<[string, number | undefined, string]> {
  try {
    parseConfig(text, { file: FILE, env: {} });
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.issues.map((i) => [i.path, i.line, i.message]);
  }
  assert.fail('expected a ConfigError');
}

describe('tools.mcp.toolSearch and maxResultTokens', () => {
  it('are read onto the config: enabled, alwaysLoaded globs, limit; maxResultTokens sets the budget of servers without their own', () => {
    const config = parseConfig(
      withShared(['toolSearch:', '  enabled: true', '  alwaysLoaded: ["fs_*", memory_read_graph]', '  limit: 8', 'maxResultTokens: 2000']),
      {
        file: FILE,
        env: {},
      },
    );
    assert.deepEqual(config.toolSearch, { enabled: true, alwaysLoaded: ['fs_*', 'memory_read_graph'], limit: 8 });
    assert.equal(config.maxResultTokens, 2000);
    assert.equal(config.servers[0]!.maxResultChars, 8000, 'about 4 characters a token');
    assert.equal(config.servers[1]!.maxResultChars, 777, "a server's own maxResultChars wins");
  });

  it('absent: no toolSearch, no maxResultTokens, servers keep the default budget', () => {
    const config = parseConfig(withShared([]), { file: FILE, env: {} });
    assert.ok(!('toolSearch' in config) && !('maxResultTokens' in config));
    assert.equal(config.servers[0]!.maxResultChars, 100_000);
    assert.deepEqual(parseConfig(withShared(['toolSearch: {}']), { file: FILE, env: {} }).toolSearch, { enabled: false, alwaysLoaded: [] });
  });

  it('mistakes are located errors with a fix: wrong types, a limit past 20, an unknown or misspelt key', () => {
    assert.deepEqual(issues(withShared(['toolSearch: true'])), [['tools.mcp.toolSearch', 3, 'toolSearch must be a mapping, got a boolean']]);
    const found = issues(
      withShared(['toolSearch:', '  enabled: yes please', '  alwaysLoaded: fs_*', '  limit: 50', '  alwaysLoad: []', 'maxResultTokens: -3', 'toolsearch: {}']),
    );
    assert.deepEqual(
      found.map(([path, line]) => [path, line]),
      [
        ['tools.mcp.toolSearch.enabled', 4],
        ['tools.mcp.toolSearch.alwaysLoaded', 5],
        ['tools.mcp.toolSearch.limit', 6],
        ['tools.mcp.toolSearch.alwaysLoad', 7],
        ['tools.mcp.maxResultTokens', 8],
        ['tools.mcp.toolsearch', 9],
      ],
    );
    const message = (path: string) => found.find(([p]) => p === path)![2];
    assert.match(message('tools.mcp.toolSearch.limit'), /at most 20, got 50/);
    assert.match(message('tools.mcp.maxResultTokens'), /whole number above zero, got -3/);
    assert.match(message('tools.mcp.toolSearch.alwaysLoaded'), /must be a list/);
    const text = withShared(['toolsearch: {}']);
    try {
      parseConfig(text, { file: FILE, env: {} });
    } catch (err) {
      assert.match((err as Error).message, /did you mean "toolSearch"\?/);
    }
  });
});
