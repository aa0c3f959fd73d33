// loadConfig/parseConfig end to end: missing and unreadable files, the pretty message (position,
// path, message, caret excerpt, hint), many problems in one error, syntax errors, JSON comments.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig, parseConfig } from '../../src/config/index.js';
import { isMcpBridgeError } from '../../protocol/errors/base.js';
import { fixture } from './fixtures.js';

async function rejection(p: Promise<unknown>): Promise<ConfigError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(err instanceof ConfigError, `expected a ConfigError, got ${String(err)}`);
  return err;
}

describe('loadConfig', () => {
  it('reports a missing file with MCPB_CONFIG_NOT_FOUND, the path and a --config hint', async () => {
    const err = await rejection(loadConfig('no/such/mcp-bridge.yaml'));
    assert.equal(err.code, 'MCPB_CONFIG_NOT_FOUND');
    assert.ok(isMcpBridgeError(err));
    assert.ok(err.message.includes(resolve('no/such/mcp-bridge.yaml')));
    assert.match(err.message, /--config/);
    assert.equal(err.context.hint, 'pass --config <file>, or create mcp-bridge.yaml');
    assert.deepEqual(err.issues, []);
  });

  it('reports a directory as MCPB_CONFIG_UNREADABLE', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpb-config-'));
    try {
      const err = await rejection(loadConfig(dir));
      assert.equal(err.code, 'MCPB_CONFIG_UNREADABLE');
      assert.match(err.message, /EISDIR/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports an envFile that does not exist at the envFile key', () => {
    const text = 'tools:\n  mcp:\n    servers:\n      - name: a\n        command: node\n        envFile: missing.env\n';
    assert.throws(
      () => parseConfig(text, { file: '/nowhere/c.yaml', env: {} }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.deepEqual(
          err.issues.map((i) => [i.path, i.line, i.column]),
          [['tools.mcp.servers[0].envFile', 6, 18]],
        );
        assert.match(err.issues[0].message, /env file not found: \/nowhere\/missing\.env/);
        return true;
      },
    );
  });

  it('reports env file lines it cannot read by number only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpb-config-'));
    try {
      writeFileSync(join(dir, 'x.env'), 'GOOD=1\nthis is sk-secret-text\nQ="unterminated\n');
      const text = 'tools:\n  mcp:\n    servers:\n      - name: a\n        command: node\n        envFile: x.env\n';
      const err = (() => {
        try {
          parseConfig(text, { file: join(dir, 'c.yaml'), env: {} });
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      assert.ok(err instanceof ConfigError);
      assert.deepEqual(
        err.issues.map((i) => i.message.replace(dir, '<dir>')),
        ['env file <dir>/x.env: line 2 is not KEY=value', 'env file <dir>/x.env: line 3 is not KEY=value'],
      );
      assert.ok(!err.message.includes('sk-secret-text') && !err.message.includes('unterminated'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the ConfigError message', () => {
  it('shows file:line:col, path, message, a caret excerpt and the hint for each issue', () => {
    const text = 'tools:\n  mcp:\n    servers:\n      - name: fs\n        command: node\n        transport: studio\n';
    assert.throws(
      () => parseConfig(text, { file: 'conf/mcp-bridge.yaml', env: {} }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.equal(
          err.message,
          [
            'Invalid config conf/mcp-bridge.yaml: 1 problem',
            '',
            'conf/mcp-bridge.yaml:6:20 tools.mcp.servers[0].transport',
            '  transport "studio" is not one of stdio, sse, streamable-http, auto',
            '     6 |         transport: studio',
            '       |                    ^',
            '  hint: did you mean "stdio"? valid: stdio, sse, streamable-http, auto',
          ].join('\n'),
        );
        return true;
      },
    );
  });

  it('shows a window of a long line (minified JSON) with the caret under the problem', () => {
    const filler = Array.from({ length: 12 }, (_, i) => `"s${i}": {"command": "node"}`).join(', ');
    const text = `{"mcpServers": {${filler}, "bad": {"command": "node", "tpye": "stdio"}}}`;
    assert.throws(
      () => parseConfig(text, { file: 'min.json', env: {} }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        const [issue] = err.issues;
        assert.deepEqual([issue.path, issue.line, issue.column, issue.hint], ['mcpServers.bad.tpye', 1, text.indexOf('"tpye"') + 1, 'did you mean "type"?']);
        const lines = err.message.split('\n');
        const excerpt = lines.findIndex((l) => l.startsWith('     1 | '));
        assert.ok(excerpt > 0 && lines[excerpt].length < 120, 'the long line is cut to a window');
        assert.ok(lines[excerpt].includes('...'));
        const caret = lines[excerpt + 1].indexOf('^');
        assert.equal(lines[excerpt].slice(caret, caret + 6), '"tpye"', 'the caret sits under the key');
        return true;
      },
    );
  });

  it('reports every problem of every server at once, in source order', async () => {
    const err = await rejection(loadConfig(fixture('broken/types.yaml'), { env: {} }));
    assert.equal(err.issues.length, 11);
    const lines = err.issues.map((i) => i.line ?? 0);
    assert.deepEqual(
      lines,
      [...lines].sort((a, b) => a - b),
    );
    assert.match(err.message, /^Invalid config .*types\.yaml: 11 problems\n/);
    assert.equal(new Set(err.issues.map((i) => i.path)).size, 11);
  });

  it('gives a YAML syntax error its position', async () => {
    const err = await rejection(loadConfig(fixture('broken/syntax.yaml'), { env: {} }));
    assert.equal(err.code, 'MCPB_CONFIG_INVALID');
    assert.deepEqual(
      err.issues.map((i) => [i.path, i.line, i.column]),
      [['', 8, 9]],
    );
    assert.match(err.message, /^Config .*syntax\.yaml does not parse\n\n.*syntax\.yaml:8:9\n {2}syntax error: /);
  });

  it('gives a JSON syntax error its position too', async () => {
    const err = await rejection(loadConfig(fixture('broken/syntax.json'), { env: {} }));
    assert.deepEqual(
      err.issues.map((i) => [i.line, i.column]),
      [[5, 7]],
    );
    assert.match(err.issues[0].hint ?? '', /comma/);
  });
});

describe('file shapes', () => {
  it('allows // and /* */ comments in .json files without moving positions', () => {
    const text = '// comment\n{ /* a */ "mcpServers": { "a": { "command": "x", "url": "http://127.0.0.1/" } } }\n';
    assert.throws(
      () => parseConfig(text, { file: 'c.json', env: {} }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.deepEqual(
          err.issues.map((i) => [i.path, i.line, i.column]),
          [['mcpServers.a.url', 2, 50]],
        );
        return true;
      },
    );
  });

  it('keeps // inside JSON strings', () => {
    const cfg = parseConfig('{"mcpServers": {"a": {"url": "https://example.com/mcp"}}} // end', { file: 'c.jsonc', env: {} });
    assert.equal(cfg.servers[0].url, 'https://example.com/mcp');
  });

  it('explains an empty file, a non-mapping root and an unknown layout', () => {
    const first = (text: string) => {
      try {
        parseConfig(text, { file: 'c.yaml', env: {} });
      } catch (e) {
        assert.ok(e instanceof ConfigError);
        return e.issues[0];
      }
      assert.fail('expected an error');
    };
    assert.match(first('').message, /empty/);
    assert.match(first('# only a comment\n').message, /empty/);
    assert.match(first('- a\n- b\n').message, /holds a list, not a mapping/);
    const layout = first('llm:\n  model: x\n');
    assert.match(layout.message, /no MCP servers section/);
    assert.match(layout.hint ?? '', /tools\.mcp\.servers.*mcpServers.*servers/);
    const unnested = first('mcp:\n  servers:\n    - name: a\n      command: x\n');
    assert.deepEqual([unnested.path, unnested.line, unnested.hint], ['mcp', 1, 'nest it under tools: (tools: mcp: servers:)']);
    const list = first('servers:\n  - name: a\n    command: x\n');
    assert.deepEqual([list.path, list.line], ['servers', 1]);
    assert.match(list.hint ?? '', /tools: mcp: servers:/);
  });

  it('ignores unrelated top-level sections of a larger config, but flags near-misses', () => {
    const cfg = parseConfig('llm:\n  model: x\ntools:\n  mcp:\n    servers: []\n', { file: 'c.yaml', env: {} });
    assert.deepEqual(cfg.servers, []);
    assert.throws(
      () => parseConfig('tools:\n  mpc:\n    servers: []\n', { file: 'c.yaml', env: {} }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.deepEqual(
          err.issues.map((i) => [i.path, i.line, i.hint]),
          [['tools.mpc', 2, 'did you mean "mcp"?']],
        );
        return true;
      },
    );
  });

  it('converts numbers in args and env to strings as written', () => {
    const cfg = parseConfig(
      'tools:\n  mcp:\n    servers:\n      - name: a\n        command: node\n        args: [--ratio, 1.50, 0x1F, true]\n        env: { PORT: 08080, ON: yes }\n',
      { file: 'c.yaml', env: {} },
    );
    assert.deepEqual(cfg.servers[0].args, ['--ratio', '1.50', '0x1F', 'true']);
    assert.deepEqual(cfg.servers[0].env, { PORT: '08080', ON: 'yes' });
  });

  it('keeps env and header names such as __proto__ as plain entries', () => {
    const cfg = parseConfig(
      '{"mcpServers": {"a": {"command": "x", "env": {"__proto__": "z", "A": "1"}}, "b": {"url": "http://127.0.0.1/", "headers": {"__proto__": "h"}}}}',
      { file: 'c.json', env: {} },
    );
    assert.deepEqual(Object.entries(cfg.servers[0].env), [
      ['__proto__', 'z'],
      ['A', '1'],
    ]);
    assert.deepEqual(Object.entries(cfg.servers[1].headers), [['__proto__', 'h']]);
    assert.equal(Object.getPrototypeOf(cfg.servers[0].env), Object.prototype);
  });

  it('explains a name or transport key written inside a host-format entry', () => {
    assert.throws(
      () => parseConfig('{"mcpServers": {"a": {"name": "a", "transport": "stdio", "command": "x"}}}', { file: 'c.json', env: {} }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.deepEqual(
          err.issues.map((i) => [i.path, i.hint]),
          [
            ['mcpServers.a.name', "in this format a server's name is its key in the map"],
            ['mcpServers.a.transport', 'in this format the key is type (stdio, sse or http)'],
          ],
        );
        return true;
      },
    );
  });
});
