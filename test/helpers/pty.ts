// Driving the CLI on a pseudo-terminal (test/cli/fixtures/pty-drive.py), for the prompts that only
// appear on a TTY: ${input:...} values and the policy's confirmations.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './servers.js';

/** The built CLI's entry and the pty driver script. */
export const cliEntry = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
export const ptyDriver = join(repoRoot, 'test', 'cli', 'fixtures', 'pty-drive.py');

/** Runs the CLI on a pseudo-terminal, typing each reply once its prompt shows. */
export async function onTerminal(
  cwd: string,
  args: string[],
  answers: Array<{ prompt: string; reply: string }>,
): Promise<{ code: number; transcript: string }> {
  const child = spawn('python3', [ptyDriver, cwd, JSON.stringify(answers), process.execPath, cliEntry, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += String(c)));
  child.stderr.on('data', (c: Buffer) => (err += String(c)));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0, `pty driver failed: ${err}`);
  return JSON.parse(out) as { code: number; transcript: string };
}
