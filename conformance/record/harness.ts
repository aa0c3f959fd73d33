// Shared recording harness: starts an official server behind our recorder, driven by the official SDK
// client (the independent reference for the client side), in a deterministic scratch directory.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdirSync, rmSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, found from this compiled file's place (dist/conformance/record/). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Where traces live in the source tree. */
export const tracesDir = join(repoRoot, 'conformance', 'traces');

/** Entry file of a pinned official server package. */
export function serverEntry(pkg: string): string {
  return join(repoRoot, 'node_modules', '@modelcontextprotocol', pkg, 'dist', 'index.js');
}

/** A fresh, deterministic scratch directory for one recording (same path on every run here). */
export function scratchDir(name: string): string {
  const dir = join(tmpdir(), 'mcp-bridge-conformance', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return realpathSync(dir);
}

export interface RecordSession {
  /** Trace file name without folder, e.g. `filesystem.jsonl`. */
  trace: string;
  description: string;
  /** Server process: command and args (the server entry is masked as relative to the repo). */
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Literal strings masked in the trace as ${NAME} (scratch dirs). */
  masks?: Record<string, string>;
  capabilities?: Record<string, unknown>;
  /** Extra node flags for the server process, e.g. an --import preload. */
  nodeFlags?: string[];
}

export interface Recording {
  client: Client;
  transport: StdioClientTransport;
  /** Lines the server wrote on stderr so far (passed through the recorder). */
  stderr: string[];
  /** Resolves once a stderr line containing `text` has appeared. */
  waitForStderr(text: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts the server under the recorder and connects the SDK client (initialize + initialized). */
export async function startRecording(s: RecordSession, setup?: (client: Client) => void): Promise<Recording> {
  const recorder = join(repoRoot, 'dist', 'src', 'trace', 'recorder.js');
  const maskArgs = Object.entries(s.masks ?? {}).flatMap(([name, value]) => ['--mask', `${value}=${name}`]);
  // The repo path is masked too, so traces do not carry the recording machine's checkout path.
  maskArgs.push('--mask', `${repoRoot}=REPO`);
  const args = [recorder, '--out', join(tracesDir, s.trace), '--description', s.description, ...maskArgs, '--', s.command, ...(s.nodeFlags ?? []), ...s.args];
  const transport = new StdioClientTransport({
    command: 'node',
    args,
    env: { ...getDefaultEnvironment(), ...(s.env ?? {}) },
    cwd: s.cwd ?? repoRoot,
    stderr: 'pipe',
  });
  const stderr: string[] = [];
  const waiters: Array<{ text: string; done: () => void }> = [];
  let buf = '';
  transport.stderr?.on('data', (c: Buffer) => {
    buf += c.toString();
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      stderr.push(line);
      for (const w of waiters.filter((x) => line.includes(x.text))) w.done();
    }
  });
  const client = new Client({ name: 'mcp-bridge-recorder-driver', version: '1.0.0' }, { capabilities: s.capabilities ?? {} });
  setup?.(client);
  await client.connect(transport);
  return {
    client,
    transport,
    stderr,
    waitForStderr(text, timeoutMs = 10_000) {
      if (stderr.some((l) => l.includes(text))) return Promise.resolve();
      return new Promise((res, rej) => {
        const timer = setTimeout(() => rej(new Error(`timed out waiting for server stderr "${text}"`)), timeoutMs);
        waiters.push({
          text,
          done: () => {
            clearTimeout(timer);
            res();
          },
        });
      });
    },
    async close() {
      await client.close();
    },
  };
}

/** Sleeps; used only to let a server finish asynchronous work so the trace order is stable. */
export const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls a tool and never throws: error results and JSON-RPC errors are both part of a recording. */
export async function call(
  rec: Recording,
  name: string,
  args: Record<string, unknown> | undefined,
  opts: { onprogress?: (p: unknown) => void } = {},
): Promise<unknown> {
  try {
    return await rec.client.callTool({ name, arguments: args }, undefined, { onprogress: opts.onprogress, timeout: 60_000 });
  } catch (e) {
    return { thrown: (e as Error).message };
  }
}
