// VS Code `${input:id}` in the CLI (issue 15): on a terminal each unset input is asked for with its
// `description`, a `password: true` one without echo; without a terminal the error names the input,
// the file and line, and the variable to set. The terminal is a real pseudo-terminal (python3's pty).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { officialServerScript, scratchDir } from '../helpers/servers.js';
import { cliEntry, onTerminal, ptyDriver } from '../helpers/pty.js';

const cli = cliEntry;
const driver = ptyDriver;

function project(): { dir: string; shared: string; file: string } {
  const dir = scratchDir('vscode-inputs');
  const shared = scratchDir('shared');
  mkdirSync(join(dir, '.vscode'));
  const file = join(dir, '.vscode', 'mcp.json');
  writeFileSync(
    file,
    `{
  // as VS Code documents it
  "inputs": [
    { "type": "promptString", "id": "api-key", "description": "API key for the files server", "password": true },
    { "type": "promptString", "id": "root", "description": "Folder to share" },
  ],
  "servers": {
    "files": {
      "type": "stdio",
      "command": ${JSON.stringify(process.execPath)},
      "args": [${JSON.stringify(officialServerScript('filesystem'))}, "\${input:root}"],
      "env": { "FILES_API_KEY": "\${input:api-key}" }
    }
  }
}
`,
  );
  return { dir, shared, file };
}

test('on a terminal, each unset ${input:id} is asked for with its description; a password input is not echoed', async () => {
  const { dir, shared } = project();
  const r = await onTerminal(
    dir,
    ['--from', 'vscode', 'call', 'list_allowed_directories', '-q'],
    [
      // A typo fixed with Backspace, as a user would.
      { prompt: 'API key for the files server (api-key): ', reply: 'typed-secrxet\u007f\u007f\u007fet-4242\r' },
      { prompt: 'Folder to share (root): ', reply: `${shared}\r` },
    ],
  );
  assert.equal(r.code, 0, r.transcript);
  assert.match(r.transcript, /Folder to share \(root\): .*shared/);
  // The server was started with the folder typed at the prompt.
  assert.ok(
    r.transcript.split(/\r?\n/).some((line) => line.includes(shared) && !line.includes('Folder to share')),
    r.transcript,
  );
  for (const part of ['typed-secr', 'et-4242', 'secrxet']) assert.ok(!r.transcript.includes(part), `echoed: ${part}\n${r.transcript}`);
});

test('a value from MCP_BRIDGE_INPUT_<ID> is not asked for', async () => {
  const { dir, shared } = project();
  const child = spawnSync(
    'python3',
    [
      driver,
      dir,
      '[]',
      'env',
      `MCP_BRIDGE_INPUT_ROOT=${shared}`,
      'MCP_BRIDGE_INPUT_API_KEY=k',
      process.execPath,
      cli,
      '--from',
      'vscode',
      'call',
      'list_allowed_directories',
      '-q',
    ],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  const r = JSON.parse(child.stdout) as { code: number; transcript: string };
  assert.equal(r.code, 0, r.transcript);
  assert.ok(!/\(root\): |\(api-key\): /.test(r.transcript), r.transcript);
  assert.ok(r.transcript.includes(shared));
});

test('without a terminal an unset ${input:id} fails naming the input, the file and line, and the variable to set', () => {
  const { dir, file } = project();
  const r = spawnSync(process.execPath, [cli, '--from', 'vscode', 'tools'], { cwd: dir, encoding: 'utf8', timeout: 60_000, input: '' });
  assert.equal(r.status, 2, r.stderr);
  assert.ok(r.stderr.includes(`${file}:11:`), r.stderr);
  assert.match(r.stderr, /\$\{input:root\} is a VS Code prompt variable with no value here/);
  assert.ok(r.stderr.includes(`${file}:12:`), r.stderr);
  assert.match(r.stderr, /No terminal to ask for \$\{input:root\}, \$\{input:api-key\}: set MCP_BRIDGE_INPUT_ROOT, MCP_BRIDGE_INPUT_API_KEY/);
});
