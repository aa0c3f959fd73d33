// The modern peer: test/faults/servers/v2-server.mjs on `@modelcontextprotocol/server` 2.x,
// dual-era or modern-only (`legacy: 'reject'`), over stdio or HTTP (127.0.0.1, port 0).
import { spawn } from 'node:child_process';
import { fixtureServer, type ServerLaunch } from './servers.js';

export interface V2Options {
  /** Modern-only (`legacy: 'reject'`). */
  reject?: boolean;
  /** tools/list cache hint in ms. */
  ttlMs?: number;
  /** A subscribable `memo://note` and a `touch` tool that announces it changed. */
  resources?: boolean;
  /** The gateway tests' extras: resource `memo://TAG/note`, prompt `greet`, tools `progress`, `slow`, `cancelled`. */
  tag?: string;
}

function flags(o: V2Options): string[] {
  return [
    ...(o.reject ? ['--reject'] : []),
    ...(o.ttlMs === undefined ? [] : ['--ttl', String(o.ttlMs)]),
    ...(o.resources ? ['--resources'] : []),
    ...(o.tag === undefined ? [] : ['--tag', o.tag]),
  ];
}

/** Launch description of the stdio server. */
export function v2Stdio(options: V2Options = {}): ServerLaunch {
  return fixtureServer('v2-server', { args: ['stdio', ...flags(options)] });
}

export interface V2Http {
  url: string;
  close(): Promise<void>;
}

/** Starts the HTTP server and resolves once it listens. */
export async function startV2Http(options: V2Options = {}): Promise<V2Http> {
  const launch = fixtureServer('v2-server', { args: ['http', ...flags(options)] });
  const child = spawn(launch.command, launch.args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`v2 HTTP server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
