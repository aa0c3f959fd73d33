// tools.mcp.profiles (the selections of `mcp-bridge serve`): read onto the BridgeConfig, every
// mistake reported at its line (an unknown key, a name no URL path can carry, a server the file
// does not define).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, parseConfig } from '../../src/config/index.js';

const FILE = '/p/mcp-bridge.yaml';

function config(profileLines: string[]): string {
  return [
    'tools:',
    '  mcp:',
    '    servers:',
    '      - name: fs',
    '        command: x',
    '      - name: mem',
    '        command: y',
    '    profiles:',
    ...profileLines.map((l) => `      ${l}`),
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
  return [];
}

describe('tools.mcp.profiles', () => {
  it('is read onto the config as written', () => {
    const c = parseConfig(config(['readonly:', '  servers: [fs]', '  tools: ["fs_read_*"]', 'all: {}']), { file: FILE, env: {} });
    assert.deepEqual(c.profiles, { readonly: { servers: ['fs'], tools: ['fs_read_*'] }, all: {} });
  });

  it('reports an unknown key with a did-you-mean, a bad name and an unknown server, each at its line', () => {
    const found = issues(config(['readonly:', '  server: [fs]', 'bad/name:', '  servers: [fs]', 'ghost:', '  servers: [fs, nope]']));
    const messages = found.map(([, , m]) => m);
    assert.ok(
      messages.some((m) => m === 'unknown key "server" in profile "readonly"'),
      messages.join('\n'),
    );
    assert.ok(messages.some((m) => /profile name "bad\/name" cannot be a URL path segment/.test(m)));
    assert.ok(messages.some((m) => m === 'profile "ghost" names server "nope", which the file does not define'));
    assert.ok(
      found.every(([, line]) => typeof line === 'number'),
      JSON.stringify(found),
    );
  });

  it('must be a mapping', () => {
    const found = issues(['tools:', '  mcp:', '    servers: []', '    profiles: [a, b]', ''].join('\n'));
    assert.match(found[0]![2], /profiles must be a mapping/);
  });
});
