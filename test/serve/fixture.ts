// The gateway under test: a config with one backend of each era, each with its own prefix, so every
// test reaches a legacy, a dual-era and a modern-only server through one `mcp-bridge serve`.
//   ev_*      server-everything (SDK 1.x, initialize era only)
//   dual_*    the v2 fixture server, dual-era (tag "dual")
//   modern_*  the v2 fixture server with legacy: 'reject' (tag "modern")
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { writeConfigFile, stdioEntry } from '../helpers/config.js';
import { officialServer, repoRoot } from '../helpers/servers.js';
import { v2Stdio } from '../helpers/v2-server.js';

/** The compiled CLI. */
export const cliPath = join(repoRoot, 'dist', 'src', 'cli', 'main.js');

export type BackendKind = 'legacy' | 'dual' | 'modern';

/** Tool prefix of each backend. */
export const PREFIX: Record<BackendKind, string> = { legacy: 'ev_', dual: 'dual_', modern: 'modern_' };

/** A config file with the three backends (or the ones named) and optional extra `tools.mcp` keys. */
export function gatewayConfig(kinds: readonly BackendKind[] = ['legacy', 'dual', 'modern'], extra: Record<string, unknown> = {}): string {
  const servers: Record<string, unknown>[] = [];
  for (const kind of kinds) {
    if (kind === 'legacy') servers.push(stdioEntry('ev', officialServer('everything'), { prefix: PREFIX.legacy }));
    if (kind === 'dual') servers.push(stdioEntry('dual', v2Stdio({ tag: 'dual' }), { prefix: PREFIX.dual }));
    if (kind === 'modern') servers.push(stdioEntry('modern', v2Stdio({ tag: 'modern', reject: true }), { prefix: PREFIX.modern }));
  }
  return writeConfigFile(JSON.stringify({ tools: { mcp: { servers, ...extra } } }, null, 2));
}

/**
 * The environment to add for a gateway a host starts over stdio. The SDKs' stdio transports pass
 * only a safe subset of variables, so without this the gateway would keep its era verdicts in the
 * user's own state file instead of the test run's: one probe timed out on a loaded machine would
 * then make a dual-era fixture "legacy" for every later run from this checkout.
 */
export function gatewayEnv(): Record<string, string> {
  const dir = process.env.MCP_BRIDGE_STATE_DIR;
  return dir ? { MCP_BRIDGE_STATE_DIR: dir } : {};
}

/** The arguments that start the gateway on stdio. */
export function serveArgs(config: string, ...more: string[]): string[] {
  return [cliPath, 'serve', '--config', config, '-q', ...more];
}

/** A gateway started with `serve --http 127.0.0.1:0`. */
export interface HttpGateway {
  url: string;
  child: ChildProcess;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `serve --http` on a free loopback port and resolves with its URL once it listens. */
export async function startHttpGateway(config: string, more: string[] = [], env: Record<string, string> = {}): Promise<HttpGateway> {
  const child = spawn(process.execPath, [cliPath, 'serve', '--config', config, '--http', '127.0.0.1:0', ...more], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (d) => {
      err += String(d);
      const m = /serving Streamable HTTP on (\S+)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve --http exited with ${code}: ${err}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
