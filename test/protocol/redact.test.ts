// The one secret rule (issue 10) and the redactor (issue 11): names, URLs, command lines, values
// echoed in any text, and errors masked in place.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { redactUrl as rootRedactUrl, redactServerConfig } from '../../src/index.js';
import { collectSecrets, createRedactor, formatCommand, isSecretEnv, isSecretName, MASK, redactArgs, redactError, redactUrl } from '../../protocol/index.js';
import { HttpError, ServerExitedError } from '../../src/index.js';
import { createConsoleLogger, redactingLogger } from '../../src/log.js';

const PARAMS = ['jwt', 'bearer', 'token', 'key', 'secret', 'password', 'sig', 'api_key', 'X-Amz-Signature', 'access_token', 'sessionId', 'code'];

describe('one secret-name rule', () => {
  it('every credential-like query parameter is masked by the root export and the protocol one alike', () => {
    const url = `https://u:pw@h.example/mcp?${PARAMS.map((p, i) => `${p}=v${i}`).join('&')}&page=2&mode=fast&design=x&encode=y`;
    for (const redact of [rootRedactUrl, redactUrl]) {
      const safe = redact(url);
      for (let i = 0; i < PARAMS.length; i++) assert.ok(!safe.includes(`=v${i}`), `${PARAMS[i]} is masked in ${safe}`);
      assert.match(safe, /page=2&mode=fast&design=x&encode=y$/, 'ordinary parameters stay readable');
      assert.ok(safe.startsWith('https://***@h.example/'));
    }
    assert.equal(rootRedactUrl, redactUrl, 'one function, one home');
  });

  it('names: sig and code only as words', () => {
    for (const n of ['API_KEY', 'GITHUB_TOKEN', 'DB_PASSWORD', 'x-auth', 'jwt', 'bearer', 'sig', 'url_sig', 'auth_code']) assert.ok(isSecretName(n), n);
    for (const n of ['page', 'design', 'encode', 'PORT', 'LOG_LEVEL', 'signal']) assert.ok(!isSecretName(n), n);
  });

  it('env: secret by name or credential shape, never by length; paths, modes, hosts and names stay', () => {
    const secret: [string, string][] = [
      ['API_KEY', 'k-123456'],
      ['OPENAI_APIKEY', 'abc12345'],
      ['GITHUB_TOKEN', 'abcd1234'],
      ['DB_PASSWORD', 'hunter22'],
      ['PGPASSWORD', 'hunter22'],
      ['SMTP_PASSWD', 'x1y2z3w4'],
      ['CLIENT_SECRET', 'shhh-it'],
      ['BASIC_AUTH', 'user:pw'],
      ['AWS_CREDENTIALS', 'whatever'],
      ['PRIVATE_KEY', '-----BEGIN'],
      ['sessionCookie', 'c00kie'],
      ['ANYTHING', 'sk-proj-abcdefgh12345'],
      ['GH', 'ghp_0123456789abcdefABCD'],
    ];
    for (const [name, value] of secret) assert.ok(isSecretEnv(name, value), `${name}=${value} is a secret`);
    const plain: [string, string][] = [
      ['MODE', 'production'],
      ['GIT_BASE_DIR', '/srv/work'],
      ['HOME', '/home/someone'],
      ['DB_HOST', 'db.internal.example'],
      ['GIT_AUTHOR_NAME', 'Ada Lovelace'],
      ['GIT_AUTHOR_EMAIL', 'ada@example.com'],
      ['AUTH_MODE', 'oauth2-pkce'],
      ['TOKEN_URL', 'https://as.example/token'],
      ['API_KEY_FILE', '/run/secrets/key'],
      ['SSH_AUTH_SOCK', '/tmp/ssh-x/agent.1'],
      ['GOOGLE_APPLICATION_CREDENTIALS', '/etc/gcp/sa.json'],
      ['KEYBOARD_LAYOUT', 'dvorak-international'],
      ['COMMIT', '0123456789abcdef0123456789abcdef01234567'],
      ['LONG_PLAIN_SETTING', 'a-very-long-ordinary-value'],
    ];
    for (const [name, value] of plain) assert.ok(!isSecretEnv(name, value), `${name}=${value} is not a secret`);
    assert.deepEqual(collectSecrets({ env: { DATABASE_URL: 'postgres://app:pg-pw-77@db/app', MODE: 'production' } }), ['pg-pw-77']);
  });

  it('command lines: secret flags, NAME=value, key-shaped and URL arguments are masked', () => {
    assert.deepEqual(
      redactArgs([
        's.js',
        '--api-key',
        'k1',
        '--token=k2',
        'sk-ant-api03-abcdefgh',
        'API_KEY=k3',
        '--port',
        '80',
        'https://h/x?jwt=j',
        '/usr/lib/node',
        'ghp_0123456789abcdefABCD',
      ]),
      ['s.js', '--api-key', MASK, `--token=${MASK}`, MASK, `API_KEY=${MASK}`, '--port', '80', `https://h/x?jwt=${MASK}`, '/usr/lib/node', MASK],
    );
    assert.equal(formatCommand('node', ['s.js', '--secret', 'hush hush']), 'node s.js --secret ***');
  });
});

describe('the redactor', () => {
  const redact = createRedactor(
    collectSecrets({
      env: { API_KEY: 'sk-env-123', PORT: '8080', HOME: '/home/someone' },
      headers: { Authorization: 'Bearer tok-abcdef' },
      args: ['--api-key', 'argsecret'],
      secrets: ['marked-value', 'ab'],
    }),
  );

  it('masks every configured value, also JSON-escaped and percent-encoded, and URL credentials in text', () => {
    assert.equal(redact('key sk-env-123, token tok-abcdef, arg argsecret, marked-value'), 'key ***, token ***, arg ***, ***');
    assert.equal(redact('port 8080 stays; ab stays (too short to mask)'), 'port 8080 stays; ab stays (too short to mask)');
    assert.equal(redact('home /home/someone/x'), 'home /home/someone/x', 'an ordinary env value is no secret, however long');
    assert.equal(redact(JSON.stringify({ v: 'q"sk-env-123' })), '{"v":"q\\"***"}');
    const odd = createRedactor(['a b"c/d']);
    assert.equal(odd(`${JSON.stringify('a b"c/d')} ${encodeURIComponent('a b"c/d')}`), '"***" ***');
    assert.equal(redact('see http://x/y?token=abc&page=1'), 'see http://x/y?token=***&page=1');
  });

  it('masks an error in place: message, stack, context, body, cause chain; class and code survive', () => {
    const cause = new ServerExitedError({ command: 'node', args: ['s.js'], exitCode: 1, signal: null, stderrTail: 'boom sk-env-123\n' });
    const error = new HttpError({ httpMethod: 'POST', url: 'http://h/mcp', status: 401, body: 'bad token tok-abcdef', hasSessionId: false });
    Object.defineProperty(error, 'cause', { value: cause });
    assert.equal(redactError(error, redact), error);
    assert.ok(error instanceof HttpError);
    assert.equal(error.code, 'MCPB_HTTP_STATUS');
    const all = JSON.stringify([error.message, error.stack, error.body, error.context, cause.message, cause.stack, cause.context]);
    assert.ok(!all.includes('tok-abcdef') && !all.includes('sk-env-123'), all);
  });

  it('a redacting logger masks message and fields', () => {
    const lines: string[] = [];
    const logger = redactingLogger(
      createConsoleLogger('debug', (l) => lines.push(l)),
      redact,
    );
    logger.warn('got sk-env-123', { detail: { header: 'Bearer tok-abcdef' } });
    assert.equal(lines.join(''), '[mcp-bridge] warn: got *** {"detail":{"header":"***"}}\n');
  });

  it('redactServerConfig masks the secrets list too', () => {
    const safe = redactServerConfig({
      name: 'a',
      transport: 'stdio',
      enabled: true,
      command: 'node',
      args: [],
      env: {},
      inheritEnv: false,
      headers: {},
      tools: [],
      prefix: '',
      timeoutMs: 1,
      startupTimeoutMs: 1,
      maxResultChars: 1,
      pingIntervalMs: 0,
      secrets: ['zzz-secret'],
      source: { file: 'f', path: 'p' },
    });
    assert.deepEqual(safe.secrets, [MASK]);
  });
});

describe('pure helpers that left the session for protocol/', () => {
  it("withProgressToken adds _meta.progressToken without touching the caller's params", async () => {
    const { withProgressToken } = await import('../../protocol/mcp/meta.js');
    const params = { a: 1, _meta: { trace: 'x' } };
    assert.deepEqual(withProgressToken(params, 7), { a: 1, _meta: { trace: 'x', progressToken: 7 } });
    assert.deepEqual(params, { a: 1, _meta: { trace: 'x' } });
    assert.deepEqual(withProgressToken(undefined, 'p'), { _meta: { progressToken: 'p' } });
  });
  it('excerptOf prints JSON cut at 200 characters', async () => {
    const { excerptOf } = await import('../../protocol/jsonrpc/excerpt.js');
    assert.equal(excerptOf({ a: 1 }), '{"a":1}');
    assert.equal(excerptOf('x'.repeat(300)).length, 201);
  });
});
