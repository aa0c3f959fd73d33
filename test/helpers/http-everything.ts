// Runs @modelcontextprotocol/server-everything in its streamableHttp or sse mode on a free port
// (it reads PORT; it listens on every interface, and tests connect to 127.0.0.1 only).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { officialServerScript } from './servers.js';

export interface EverythingHttp {
  /** `http://127.0.0.1:<port>/mcp` (streamableHttp) or `/sse` (sse). */
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Starts the server and resolves once it says it listens (or rejects after 15 s with its output). */
export async function startEverythingHttp(mode: 'streamableHttp' | 'sse'): Promise<EverythingHttp> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [officialServerScript('everything'), mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start: ${output}`)), 15_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (/listening on port|Server is running on port/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything ${mode} exited with ${code}: ${output}`));
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url: `http://127.0.0.1:${port}${mode === 'sse' ? '/sse' : '/mcp'}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
