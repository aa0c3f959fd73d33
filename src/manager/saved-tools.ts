// Tool lists saved on disk per server configuration, so a lazy server's tools can be registered
// without spawning it. One small JSON file per configuration, named by a hash of what decides which
// program answers and how (never a secret value in clear), written atomically like the era cache.
// Validity is our own: the config's maxAge, shortened (never extended) by a server's SEP-2549 ttlMs
// above 0. Servers send ttlMs 0 by default, so 0 or absent cannot mean "stale at once" here.
import type { Prompt, Tool } from '../../protocol/index.js';
import { defaultEraCachePath } from '../client/era-cache.js';
import type { ServerConfig } from '../config/types.js';
import { nodeFs as fs } from '../util/node-fs.js';
import { sha256Hex } from '../util/sha256.js';
import { dirname, join } from '../util/node-path.js';

/** One server's saved tool list. */
export interface SavedToolList {
  /** The configuration hash it was saved under ({@link toolListKey}). */
  key: string;
  /** The server's name when it was saved (for people reading the folder). */
  server: string;
  /** When the list was received (ms since the epoch). */
  savedAt: number;
  /** Trusted until then (ms since the epoch). */
  expiresAt: number;
  tools: Tool[];
  /** Whether resources were held (config `resources: true` and declared), for the synthetic tools. */
  resources?: boolean;
  /** The held prompts (config `prompts: true` and declared), for `get_prompt`'s enum. */
  prompts?: Prompt[];
}

/** Where saved tool lists are kept. Failures to read or write are never fatal: the server just starts. */
export interface ToolListStore {
  get(key: string): SavedToolList | undefined;
  set(list: SavedToolList): void;
  delete(key: string): void;
}

/** Lists kept for the life of the process (tests, or an agent that wants no file). */
export function memoryToolListStore(): ToolListStore {
  const map = new Map<string, SavedToolList>();
  return {
    get: (key) => {
      const list = map.get(key);
      return list && list.expiresAt > Date.now() ? list : undefined;
    },
    set: (list) => {
      map.set(list.key, list);
    },
    delete: (key) => {
      map.delete(key);
    },
  };
}

/** Files older than this are swept when another list is saved (configurations that no longer exist). */
const SWEEP_AFTER_MS = 30 * 24 * 3_600_000;

/** One JSON file per configuration under `dir` (default: `tool-lists/` in the per-user state folder of the era cache). */
export function fileToolListStore(dir: string = defaultToolListDir()): ToolListStore {
  const file = (key: string) => join(dir, `${key}.json`);
  return {
    get(key) {
      if (!/^[0-9a-f]{32}$/.test(key)) return undefined;
      try {
        const value = JSON.parse(fs().readFileSync(file(key), 'utf8')) as SavedToolList;
        if (value?.key !== key || !Array.isArray(value.tools) || typeof value.expiresAt !== 'number' || typeof value.savedAt !== 'number') return undefined;
        // A clock set back makes savedAt lie in the future: distrust it.
        return value.expiresAt > Date.now() && value.savedAt <= Date.now() ? value : undefined;
      } catch {
        return undefined;
      }
    },
    set(list) {
      try {
        fs().mkdirSync(dir, { recursive: true, mode: 0o700 });
        const tmp = `${file(list.key)}.${process.pid}.tmp`;
        fs().writeFileSync(tmp, JSON.stringify(list) + '\n', { mode: 0o600 });
        fs().renameSync(tmp, file(list.key));
        sweep(dir);
      } catch {
        // A read-only home or a full disk costs a spawn next run, nothing more.
      }
    },
    delete(key) {
      try {
        fs().rmSync(file(key), { force: true });
      } catch {
        // Stale anyway: it expires.
      }
    },
  };
}

function sweep(dir: string): void {
  const now = Date.now();
  for (const name of fs().readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    const path = join(dir, name);
    const stat = fs().statSync(path, { throwIfNoEntry: false });
    if (stat && now - stat.mtimeMs > SWEEP_AFTER_MS) fs().rmSync(path, { force: true });
  }
}

/** `tool-lists/` next to the era cache: `$MCP_BRIDGE_STATE_DIR`, else `$XDG_STATE_HOME/mcp-bridge`, else `~/.local/state/mcp-bridge`. */
export function defaultToolListDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(dirname(defaultEraCachePath(env)), 'tool-lists');
}

/**
 * The key of one server configuration: everything that decides which program answers and what it
 * may offer (transport, command, args, cwd, env names and values, inheritEnv, URL, header names,
 * auth mode and client, era), hashed. Values are only ever hashed, never stored; header values are
 * left out so a rotated token does not discard the list.
 */
export function toolListKey(config: ServerConfig): string {
  const headers = typeof config.headers === 'function' ? 'provider' : Object.keys(config.headers).sort();
  const env = Object.entries(config.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const shape = {
    transport: config.transport,
    command: config.command ?? null,
    args: config.args,
    cwd: config.cwd ?? null,
    env,
    inheritEnv: config.inheritEnv,
    url: config.url ?? null,
    headers,
    auth: config.auth ? { mode: config.auth.mode, clientId: config.auth.clientId ?? null, scopes: config.auth.scopes } : null,
    era: config.era ?? 'auto',
    resources: config.resources === true,
    prompts: config.prompts === true,
  };
  return sha256Hex(JSON.stringify(shape)).slice(0, 32);
}

/** Until when a list received at `savedAt` is trusted: `maxAgeMs`, or the server's `ttlMs` when that is above 0 and shorter. */
export function trustedUntil(savedAt: number, maxAgeMs: number, ttlMs: number | undefined): number {
  const age = ttlMs !== undefined && ttlMs > 0 ? Math.min(maxAgeMs, ttlMs) : maxAgeMs;
  return savedAt + age;
}
