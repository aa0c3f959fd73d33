// Launch descriptions for the official MCP servers (installed as dev dependencies) and for our own
// fixture servers, so every test starts them the same way: `node <script>`, never npx.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths.js';
import type { JsonObject, JsonRpcMessage } from '../../protocol/index.js';

/** How to start one server: feed `command`, `args`, `env` (and `cwd`) to a stdio transport. */
export interface ServerLaunch {
  command: string;
  args: string[];
  /** Extra environment the server needs (merged over the transport's default allow-list). */
  env: Record<string, string>;
  cwd?: string;
  /** A scratch directory created for this launch (filesystem: the allowed dir; memory: holds the memory file). */
  dir?: string;
  /** Removes the scratch directory; safe to call twice. */
  cleanup(): void;
}

export type OfficialServerName = 'filesystem' | 'everything' | 'memory' | 'brave-search';

export interface OfficialServerOptions {
  /** filesystem: directories the server may access (default: one fresh temp dir, see `dir`). */
  allowedDirs?: string[];
  /** brave-search: the API key; without one the server exits with code 1 at startup (useful for tests). */
  braveApiKey?: string;
  /** Extra environment for the server. */
  env?: Record<string, string>;
}

/** The repository root, re-exported for the tests that import it from here. */
export { repoRoot };

/** Absolute path of an official server's entry script. */
export function officialServerScript(name: OfficialServerName): string {
  return join(repoRoot, 'node_modules', '@modelcontextprotocol', `server-${name}`, 'dist', 'index.js');
}

/**
 * Launch description for an official server:
 * - `filesystem`: allowed-directory args (a fresh temp dir by default, exposed as `dir`);
 * - `everything`: the `stdio` transport argument;
 * - `memory`: `MEMORY_FILE_PATH` pointing into a fresh temp dir;
 * - `brave-search`: `BRAVE_API_KEY` only when given (it exits 1 at startup without one).
 * Call `cleanup()` when done.
 */
export function officialServer(name: OfficialServerName, options: OfficialServerOptions = {}): ServerLaunch {
  const script = officialServerScript(name);
  const env: Record<string, string> = { ...options.env };
  const args = [script];
  let dir: string | undefined;
  switch (name) {
    case 'filesystem':
      if (options.allowedDirs && options.allowedDirs.length > 0) args.push(...options.allowedDirs);
      else {
        dir = scratchDir('fs');
        args.push(dir);
      }
      break;
    case 'everything':
      args.push('stdio');
      break;
    case 'memory':
      dir = scratchDir('memory');
      env.MEMORY_FILE_PATH = join(dir, 'memory.jsonl');
      break;
    case 'brave-search':
      if (options.braveApiKey !== undefined) env.BRAVE_API_KEY = options.braveApiKey;
      break;
  }
  return { command: process.execPath, args, env, dir, cleanup: cleanupOf(dir) };
}

/** Absolute path of a fixture server script under test/faults/servers/ (name without `.mjs`). */
export function fixtureServerScript(name: string): string {
  return join(repoRoot, 'test', 'faults', 'servers', `${name}.mjs`);
}

/** Launch description for one of our fixture servers (test/faults/servers/<name>.mjs). */
export function fixtureServer(name: string, options: { args?: string[]; env?: Record<string, string> } = {}): ServerLaunch {
  return { command: process.execPath, args: [fixtureServerScript(name), ...(options.args ?? [])], env: { ...options.env }, cleanup: () => {} };
}

/** A fresh temp directory for a test (removed by the returned cleanup). */
export function scratchDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `mcpb-${label}-`));
}

/** Writes a file into a scratch directory and returns its path. */
export function writeScratchFile(dir: string, name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function cleanupOf(dir: string | undefined): () => void {
  return () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

/** The part of a transport the raw RPC helper needs (any Transport fits). */
export interface RawTransport {
  events: { on(event: 'message', listener: (value: unknown) => void): () => void };
  send(message: JsonRpcMessage): Promise<void>;
}

/** A bare JSON-RPC client over a transport, for transport-level tests that must not depend on the session. */
export interface RawRpc {
  /** Sends a request and resolves with the whole response message (result or error), or rejects after `timeoutMs`. */
  request(method: string, params?: JsonObject, timeoutMs?: number): Promise<{ id: number; result?: any; error?: any }>;
  notify(method: string, params?: JsonObject): Promise<void>;
  /** Every message received, in order. */
  readonly received: unknown[];
  /** Stops listening. */
  dispose(): void;
}

/** Wraps a started transport in a {@link RawRpc}. */
export function rawRpc(transport: RawTransport): RawRpc {
  let nextId = 1;
  const received: unknown[] = [];
  const waiting = new Map<number, (message: { id: number }) => void>();
  const off = transport.events.on('message', (value) => {
    received.push(value);
    const id = (value as { id?: unknown } | null)?.id;
    if (typeof id === 'number' && waiting.has(id) && ('result' in (value as object) || 'error' in (value as object))) {
      waiting.get(id)!(value as { id: number });
      waiting.delete(id);
    }
  });
  return {
    received,
    dispose: off,
    request(method, params, timeoutMs = 15_000) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`rawRpc: no answer to ${method} (id ${id}) within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(id, (message) => {
          clearTimeout(timer);
          resolve(message);
        });
        transport.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }).catch((error: unknown) => {
          clearTimeout(timer);
          waiting.delete(id);
          reject(error);
        });
      });
    },
    notify(method, params) {
      return transport.send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
    },
  };
}

/** Raw MCP handshake: initialize (2025-06-18) then notifications/initialized; returns the initialize result. */
export async function rawInitialize(rpc: RawRpc, protocolVersion = '2025-06-18'): Promise<any> {
  const response = await rpc.request('initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'mcp-bridge-tests', version: '0.0.0' } });
  if (response.error) throw new Error(`initialize failed: ${JSON.stringify(response.error)}`);
  await rpc.notify('notifications/initialized');
  return response.result;
}
