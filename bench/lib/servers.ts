// Starting the bench servers the same way for every client: stdio as a spec the client spawns itself,
// HTTP as a separate process (so its CPU and memory never count against the client) on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import type { ServerSpec } from '../clients/_types.js';
import { benchFile } from './paths.js';

/** The stdio echo server as a launch spec. */
export function stdioServer(): Extract<ServerSpec, { kind: 'stdio' }> {
  return { kind: 'stdio', command: process.execPath, args: [benchFile('servers/stdio-echo.js')] };
}

/** The stdio server offering `tools` realistic tools (W9) as a launch spec. */
export function manyToolsServer(tools: number): Extract<ServerSpec, { kind: 'stdio' }> {
  return { kind: 'stdio', command: process.execPath, args: [benchFile('servers/many-tools.js')], env: { MANY_TOOLS: String(tools) } };
}

/** A running HTTP echo server. */
export interface HttpServerHandle {
  spec: ServerSpec;
  stop(): Promise<void>;
}

/** Starts the HTTP echo server in its own process and waits for its port. */
export async function startHttpServer(timeoutMs = 10_000): Promise<HttpServerHandle> {
  const child: ChildProcess = spawn(process.execPath, [benchFile('servers/http-echo.js')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`http-echo did not report a port within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout!.on('data', (c: Buffer) => {
      buf += c.toString('utf8');
      const m = /LISTENING (\d+)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`http-echo exited early with code ${code}`));
    });
  });
  return {
    spec: { kind: 'http', url: `http://127.0.0.1:${port}/mcp` },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const t = setTimeout(() => child.kill('SIGKILL'), 2000);
        child.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
        child.stdin!.end();
      }),
  };
}
