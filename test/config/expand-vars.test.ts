// ${VAR} expansion over an injected environment: defaults, unset variables (never a silent empty
// string), the $${ escape, ${env:X}, built-in folder variables and the unsupported forms.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sep } from 'node:path';
import fc from 'fast-check';
import { ConfigError, expandString, parseConfig } from '../../src/config/index.js';

const ctx = { env: { HOST: 'example.com', EMPTY: '', TOKEN: 's3cret', HOME: '/home/u' }, configDir: '/etc/mcp' };
const ok = (input: string) => {
  const r = expandString(input, ctx);
  assert.ok(r.ok, `expected ${input} to expand, got ${JSON.stringify(r)}`);
  return r.value;
};
const problems = (input: string) => {
  const r = expandString(input, ctx);
  assert.ok(!r.ok, `expected ${input} to fail`);
  return r.problems;
};

describe('expandString', () => {
  it('expands ${VAR} and ${env:VAR} alike', () => {
    assert.equal(ok('https://${HOST}/mcp'), 'https://example.com/mcp');
    assert.equal(ok('https://${env:HOST}/mcp'), 'https://example.com/mcp');
    assert.equal(ok('${HOST}${HOST}'), 'example.comexample.com');
  });

  it('uses the default when the variable is unset or empty, like the shell', () => {
    assert.equal(ok('${MISSING:-fallback}'), 'fallback');
    assert.equal(ok('${EMPTY:-fallback}'), 'fallback');
    assert.equal(ok('${HOST:-fallback}'), 'example.com');
    assert.equal(ok('${MISSING:-}'), '', 'an explicit empty default is allowed');
    assert.equal(ok('${env:MISSING:-x}'), 'x');
    assert.equal(ok('${MISSING:-${HOST}}'), 'example.com', 'defaults may contain references');
    assert.equal(ok('${MISSING:-a:b/c}'), 'a:b/c');
  });

  it('reports an unset variable by name, and never returns an empty string for it', () => {
    const [p, ...rest] = problems('Bearer ${API_TOKEN}');
    assert.deepEqual(rest, []);
    assert.equal(p.variable, 'API_TOKEN');
    assert.match(p.message, /API_TOKEN is not set/);
    assert.match(p.hint, /\$\{API_TOKEN:-value\}/);
    assert.equal(problems('${A} ${B}').length, 2, 'every unset variable is reported');
  });

  it('treats $${ as a literal ${ and leaves other dollars alone', () => {
    assert.equal(ok('$${HOST}'), '${HOST}');
    assert.equal(ok('cost: $5, $HOST, a$b'), 'cost: $5, $HOST, a$b');
    assert.equal(ok('pa$$word'), 'pa$$word', 'only $${ is special: $$ elsewhere stays as written');
    assert.equal(ok('$$${HOST}'), '$${HOST}', 'scanning left to right, the first $${ found is the escape');
    assert.equal(ok('${MISSING:-$${x}}'), '${x}');
  });

  it('knows ${workspaceFolder}, ${workspaceFolderBasename}, ${userHome} and ${/}', () => {
    assert.equal(ok('${workspaceFolder}/data'), '/etc/mcp/data');
    assert.equal(ok('${workspaceFolderBasename}'), 'mcp');
    assert.equal(ok('${userHome}/x'), '/home/u/x');
    assert.equal(ok('a${/}b${pathSeparator}c'), `a${sep}b${sep}c`);
    assert.match(expandString('${userHome}', { env: {}, configDir: '/' }).ok ? '' : 'HOME', /HOME/);
  });

  it('reports VS Code ${input:...}, other schemes, malformed and unclosed references', () => {
    assert.match(problems('${input:api-key}')[0].message, /\$\{input:api-key\} is a VS Code prompt variable/);
    assert.match(problems('${config:editor.x}')[0].message, /\$\{config:\.\.\.\} variables are not supported/);
    assert.match(problems('${1ABC}')[0].message, /malformed variable reference/);
    assert.match(problems('${}')[0].message, /malformed/);
    assert.match(problems('Bearer ${TOKEN')[0].message, /no closing/);
  });

  it('never echoes the text around a bad reference (it may be a secret)', () => {
    for (const input of ['sk-live-abc ${NOPE}', 'sk-live-abc ${bad ref}', 'sk-live-abc ${input:x}', 'sk-live-abc ${open']) {
      for (const p of problems(input)) assert.ok(!`${p.message} ${p.hint}`.includes('sk-live-abc'), input);
    }
  });
});

describe('expandString properties', () => {
  const text = fc.string({ unit: fc.constantFrom('$', '{', '}', 'a', ':', '-', ' '), maxLength: 30 });

  it('is the identity on text without "${"', () => {
    fc.assert(
      fc.property(
        text.filter((t) => !t.includes('${')),
        (t) => expandString(t, ctx).ok && ok(t) === t,
      ),
    );
  });

  it('gives back any text whose "${" were all escaped as "$${"', () => {
    fc.assert(fc.property(text, (t) => ok(t.replaceAll('${', () => '$${')) === t));
  });
});

describe('expansion inside a config', () => {
  const text = [
    'tools:',
    '  mcp:',
    '    servers:',
    '      - name: a',
    '        command: ${BIN:-node}',
    '        args: ["${workspaceFolder}/s.js", "$${LITERAL}", "${env:MODE}"]',
    '        cwd: ${DIR}',
    '        env: { KEY: "${TOKEN}", KEEP: "x" }',
    '      - name: b',
    '        url: https://${HOST}:${PORT:-8443}/mcp',
    '        headers: { Authorization: "Bearer ${TOKEN}" }',
    '        tools: ["${NOT_EXPANDED}"]',
    '        prefix: b_',
  ].join('\n');

  it('expands command, args, env, cwd, url and headers (not names, tools or prefix)', () => {
    const cfg = parseConfig(text, { file: '/srv/conf/mcp-bridge.yaml', env: { TOKEN: 't0k', HOST: 'h', MODE: 'fast', DIR: 'work' } });
    const [a, b] = cfg.servers;
    assert.equal(a.command, 'node');
    assert.deepEqual(a.args, ['/srv/conf/s.js', '${LITERAL}', 'fast']);
    assert.equal(a.cwd, '/srv/conf/work');
    assert.deepEqual(a.env, { KEY: 't0k', KEEP: 'x' });
    assert.equal(b.url, 'https://h:8443/mcp');
    assert.deepEqual(b.headers, { Authorization: 'Bearer t0k' });
    assert.deepEqual(b.tools, ['${NOT_EXPANDED}']);
  });

  it('refuses a NUL character coming from a variable, without showing the value', () => {
    assert.throws(
      () => parseConfig('tools:\n  mcp:\n    servers:\n      - {name: a, command: node, args: ["${X}"]}\n', { file: 'x.yaml', env: { X: 'sk-9\0z' } }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.deepEqual(
          err.issues.map((i) => [i.path, i.line]),
          [['tools.mcp.servers[0].args[0]', 4]],
        );
        assert.match(err.issues[0].message, /NUL/);
        assert.ok(!err.message.includes('sk-9'));
        return true;
      },
    );
  });

  it('uses process.env when no env is injected', () => {
    const name = `MCPB_TEST_${process.pid}`;
    process.env[name] = 'from-process';
    try {
      const cfg = parseConfig(`tools:\n  mcp:\n    servers:\n      - {name: a, command: "\${${name}}"}\n`, { file: 'x.yaml' });
      assert.equal(cfg.servers[0].command, 'from-process');
    } finally {
      delete process.env[name];
    }
  });

  it('reports each unset variable at the path and line where it is used', () => {
    assert.throws(
      () => parseConfig(text, { file: 'c.yaml', env: { HOST: 'h', MODE: 'm', DIR: 'd' } }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.deepEqual(
          err.issues.map((i) => [i.path, i.line]),
          [
            ['tools.mcp.servers[0].env.KEY', 8],
            ['tools.mcp.servers[1].headers.Authorization', 11],
          ],
        );
        for (const i of err.issues) assert.match(i.message, new RegExp(`TOKEN is not set \\(used in ${i.path.replace(/[[\].]/g, '\\$&')}\\)`));
        return true;
      },
    );
  });
});
