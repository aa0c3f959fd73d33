// Pure parts of the stdio transport: the child environment (peers bug 5) and the stderr tail and
// line splitter (STDIO-5).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildChildEnv, POSIX_ENV_ALLOWLIST, WINDOWS_ENV_ALLOWLIST } from '../../../src/transports/stdio/child-env.js';
import { LineSplitter, StderrTail } from '../../../src/transports/stdio/stderr-tail.js';

describe('buildChildEnv', () => {
  const parent = {
    HOME: '/home/u',
    PATH: '/usr/bin',
    USER: 'u',
    LANG: 'C.UTF-8',
    AWS_SECRET_ACCESS_KEY: 'secret',
    TERM: '() { :; }; echo pwned',
    TMPDIR: '/tmp',
  };

  it('POSIX: keeps only the allow-list, drops exported shell functions', () => {
    assert.deepEqual(buildChildEnv({ parentEnv: parent, platform: 'linux' }), {
      HOME: '/home/u',
      PATH: '/usr/bin',
      USER: 'u',
      LANG: 'C.UTF-8',
      TMPDIR: '/tmp',
    });
    assert.ok(POSIX_ENV_ALLOWLIST.includes('LC_ALL'));
  });

  it('configured values always win, null unsets, even for allow-listed names', () => {
    const env = buildChildEnv({ parentEnv: parent, platform: 'linux', env: { PATH: '/opt/bin', HOME: null, API_KEY: 'k' } });
    assert.deepEqual(env, { PATH: '/opt/bin', USER: 'u', LANG: 'C.UTF-8', TMPDIR: '/tmp', API_KEY: 'k' });
  });

  it('inheritEnv passes everything (configured still wins)', () => {
    const env = buildChildEnv({
      parentEnv: { ...parent, EMPTY: undefined },
      platform: 'linux',
      inheritEnv: true,
      env: { USER: 'other', AWS_SECRET_ACCESS_KEY: null },
    });
    assert.equal(env.USER, 'other');
    assert.equal(env.AWS_SECRET_ACCESS_KEY, undefined);
    assert.equal(env.TERM, parent.TERM);
    assert.ok(!('EMPTY' in env));
  });

  it('POSIX names are case-sensitive', () => {
    const env = buildChildEnv({ parentEnv: { Path: '/x', PATH: '/usr/bin' }, platform: 'linux', env: { path: '/y' } });
    assert.deepEqual(env, { PATH: '/usr/bin', path: '/y' });
  });

  it('Windows: the fuller essentials list, matched case-insensitively; a configured `Path` replaces `PATH`', () => {
    const winParent = {
      Path: 'C:\\Windows',
      PATHEXT: '.COM;.EXE;.CMD',
      ComSpec: 'C:\\Windows\\system32\\cmd.exe',
      windir: 'C:\\Windows',
      SystemRoot: 'C:\\Windows',
      USERPROFILE: 'C:\\Users\\u',
      GITHUB_TOKEN: 't',
    };
    const env = buildChildEnv({ parentEnv: winParent, platform: 'win32', env: { PATH: 'D:\\bin', userprofile: null } });
    assert.deepEqual(env, {
      PATH: 'D:\\bin',
      PATHEXT: '.COM;.EXE;.CMD',
      ComSpec: 'C:\\Windows\\system32\\cmd.exe',
      windir: 'C:\\Windows',
      SystemRoot: 'C:\\Windows',
    });
    for (const name of ['PATHEXT', 'COMSPEC', 'WINDIR', 'APPDATA', 'LOCALAPPDATA', 'TEMP', 'PROGRAMFILES'])
      assert.ok(WINDOWS_ENV_ALLOWLIST.includes(name), name);
  });
});

describe('StderrTail', () => {
  it('keeps everything while under the cap', () => {
    const tail = new StderrTail(100);
    tail.push(Buffer.from('one\n'));
    tail.push(Buffer.from('two\n'));
    assert.equal(tail.text(), 'one\ntwo\n');
  });

  it('keeps only the last bytes and drops the cut first line', () => {
    const tail = new StderrTail(20);
    for (let i = 0; i < 10; i++) tail.push(Buffer.from(`line ${i}\n`));
    assert.ok(tail.size <= 20);
    assert.equal(tail.text(), 'line 8\nline 9\n');
  });

  it('a single chunk larger than the cap keeps its end; a cut multi-byte character is dropped', () => {
    const tail = new StderrTail(7);
    tail.push(Buffer.from('ééééé')); // 10 bytes: the kept 7 start mid-character
    assert.equal(tail.text(), 'ééé');
  });
});

describe('LineSplitter', () => {
  it('splits across chunks, tolerates CRLF, reassembles split UTF-8, flushes the last line on end', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((l) => lines.push(l));
    const bytes = Buffer.from('first\r\nsec✓nd\nthi');
    for (let i = 0; i < bytes.length; i++) splitter.push(bytes.subarray(i, i + 1));
    splitter.push(Buffer.from('rd'));
    assert.deepEqual(lines, ['first', 'sec✓nd']);
    splitter.end();
    assert.deepEqual(lines, ['first', 'sec✓nd', 'third']);
  });

  it('cuts an endless line into bounded pieces', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((l) => lines.push(l), 10);
    splitter.push(Buffer.from('x'.repeat(25) + '\n'));
    assert.deepEqual(lines, ['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});
