// `mcp-bridge call` under a policy, against the real filesystem server: a tool to confirm is asked
// about on a terminal (a real pseudo-terminal, python3's pty) and runs only on y/yes; without a
// terminal it is refused unless --yes; a denied tool is refused even with --yes. Every refusal
// exits 5, says why on stderr, and sends nothing: the file the call would write is not there.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { confirmQuestion, isYes } from '../../src/cli/confirm-prompt.js';
import { officialServer } from '../helpers/servers.js';
import { writeConfigFile } from '../helpers/config.js';
import { cliEntry, onTerminal } from '../helpers/pty.js';

const cli = cliEntry;

function project(): { config: string; dir: string; cleanup: () => void } {
  const fs = officialServer('filesystem');
  const config = writeConfigFile(
    JSON.stringify({
      tools: {
        mcp: {
          policy: {
            default: 'deny',
            rules: [
              { annotations: { readOnlyHint: true }, action: 'allow' },
              { tools: ['fs_write_file'], action: 'confirm', reason: 'writes need a human' },
            ],
          },
          servers: [{ name: 'fs', prefix: 'fs_', command: fs.command, args: fs.args }],
        },
      },
    }),
  );
  return { config, dir: fs.dir!, cleanup: fs.cleanup };
}

function callWithoutTerminal(config: string, args: string[]) {
  // stdin is a pipe (input ''), so there is no terminal to ask on.
  return spawnSync(process.execPath, [cli, '-c', config, 'call', ...args, '-q'], { encoding: 'utf8', input: '', timeout: 60_000, cwd: dirname(config) });
}

test('without a terminal a tool to confirm is refused (exit 5, nothing sent), saying to pass --yes; --yes runs it', () => {
  const { config, dir, cleanup } = project();
  try {
    const target = join(dir, 'note.txt');
    const refused = callWithoutTerminal(config, ['fs_write_file', `path=${target}`, 'content=hello']);
    assert.equal(refused.status, 5, refused.stderr);
    assert.match(
      refused.stderr,
      /Tool "write_file" of server "fs" \(exposed as "fs_write_file"\) needs confirmation \(rules\[1\] of tools\.mcp\.policy in .*mcp-bridge\.yaml \("writes need a human"\)\)/,
    );
    assert.match(refused.stderr, /there is no terminal to ask on .*; pass --yes to confirm it without asking/);
    assert.match(refused.stderr, /nothing was sent/);
    assert.equal(refused.stdout, '');
    assert.equal(existsSync(target), false, 'the server never got the call');

    const json = callWithoutTerminal(config, ['fs_write_file', `path=${target}`, 'content=hello', '--json']);
    assert.equal(json.status, 5);
    assert.equal(JSON.parse(json.stdout).error.code, 'MCPB_NOT_CONFIRMED');
    assert.equal(existsSync(target), false);

    const yes = callWithoutTerminal(config, ['fs_write_file', `path=${target}`, 'content=hello', '--yes']);
    assert.equal(yes.status, 0, yes.stderr);
    assert.equal(readFileSync(target, 'utf8'), 'hello');
  } finally {
    cleanup();
  }
});

test('a denied tool is refused even with --yes (exit 5, MCPB_POLICY_DENIED naming the default and the fix); an allowed one runs', () => {
  const { config, dir, cleanup } = project();
  try {
    const from = join(dir, 'from.txt');
    const write = callWithoutTerminal(config, ['fs_write_file', `path=${from}`, 'content=x', '--yes']);
    assert.equal(write.status, 0, write.stderr);
    const moved = callWithoutTerminal(config, ['fs_move_file', `source=${from}`, `destination=${join(dir, 'to.txt')}`, '--yes']);
    assert.equal(moved.status, 5, moved.stderr);
    assert.match(
      moved.stderr,
      /Tool "move_file" of server "fs" \(exposed as "fs_move_file"\) is denied by the default \(default: deny\) of tools\.mcp\.policy/,
    );
    assert.match(moved.stderr, /add a rule with action allow \(or confirm\) that matches it/);
    assert.equal(existsSync(from), true);
    assert.equal(existsSync(join(dir, 'to.txt')), false);
    const read = callWithoutTerminal(config, ['fs_read_text_file', `path=${from}`]);
    assert.equal(read.status, 0, read.stderr);
    assert.equal(read.stdout.trim(), 'x');
    // The denied tool is not offered: `tools` leaves it out.
    const tools = spawnSync(process.execPath, [cli, '-c', config, 'tools', '--json', '-q'], { encoding: 'utf8', timeout: 60_000 });
    const names = (JSON.parse(tools.stdout) as Array<{ name: string }>).map((t) => t.name);
    assert.ok(names.includes('fs_write_file') && names.includes('fs_read_text_file'), names.join());
    assert.ok(!names.includes('fs_move_file') && !names.includes('fs_edit_file'), names.join());
  } finally {
    cleanup();
  }
});

test('on a terminal the call is asked about with the tool, server, arguments and reason; y runs it, n or Enter refuses (exit 5)', async () => {
  const { config, dir, cleanup } = project();
  try {
    const target = join(dir, 'asked.txt');
    const question = `Run fs_write_file on fs with {"path":${JSON.stringify(target)},"content":"hi"}? (writes need a human) [y/N] `;
    for (const reply of ['n\r', '\r']) {
      const no = await onTerminal(dir, ['-c', config, 'call', 'fs_write_file', `path=${target}`, 'content=hi', '-q'], [{ prompt: '[y/N] ', reply }]);
      assert.ok(no.transcript.includes(question), no.transcript);
      assert.equal(no.code, 5, no.transcript);
      assert.match(no.transcript, /the confirmation was refused; nothing was sent/);
      assert.equal(existsSync(target), false);
    }
    const yes = await onTerminal(dir, ['-c', config, 'call', 'fs_write_file', `path=${target}`, 'content=hi', '-q'], [{ prompt: '[y/N] ', reply: 'y\r' }]);
    assert.equal(yes.code, 0, yes.transcript);
    assert.equal(readFileSync(target, 'utf8'), 'hi');
    // A read-only tool is allowed: no question.
    const read = await onTerminal(dir, ['-c', config, 'call', 'fs_read_text_file', `path=${target}`, '-q'], []);
    assert.equal(read.code, 0, read.transcript);
    assert.ok(!read.transcript.includes('[y/N]'), read.transcript);
  } finally {
    cleanup();
  }
});

test('the question escapes what could steer the terminal and keeps long arguments short; only y or yes confirms', () => {
  const q = confirmQuestion({ name: 'fs_write_file', server: 'fs', arguments: { path: 'a\u001b[2J\r\nb', content: 'x'.repeat(500) } }, 'line\none');
  assert.ok(!/[\u0000-\u001f]/.test(q.replace(/ $/, '')), JSON.stringify(q));
  assert.match(q, /^Run fs_write_file on fs with \{"path":"a\\u001b\[2J\\r\\nb","content":"x+… \(\d+ characters\)\? \(line\\none\) \[y\/N\] $/);
  assert.ok(q.length < 280);
  for (const yes of ['y', 'Y', 'yes', ' YES ']) assert.equal(isYes(yes), true, yes);
  for (const no of ['', 'n', 'no', 'yep', 'y es', 'sure']) assert.equal(isYes(no), false, no);
});
