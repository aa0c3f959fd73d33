// Tokens on disk: one JSON file per key under the user's state dir, mode 0600 in a 0700 directory,
// written to a temp file and renamed (atomic); a lock file serialises refreshes across processes.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { sameJson, type TokenStore } from './store.js';

/** `$XDG_STATE_HOME/mcp-bridge/oauth`, `~/.local/state/...`, or `%LOCALAPPDATA%\mcp-bridge\oauth`. */
export function defaultStateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MCP_BRIDGE_STATE_DIR) return join(env.MCP_BRIDGE_STATE_DIR, 'oauth');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'mcp-bridge', 'oauth');
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'mcp-bridge', 'oauth');
}

/** A lock older than this is taken to belong to a crashed process. */
const STALE_LOCK_MS = 30_000;

/** A TokenStore of files; safe to share between processes. */
export class FileTokenStore implements TokenStore {
  constructor(readonly dir: string = defaultStateDir()) {}

  private file(key: string): string {
    return join(this.dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`);
  }

  async get(key: string): Promise<unknown | undefined> {
    try {
      const value = JSON.parse(await readFile(this.file(key), 'utf8')) as { key?: string; value?: unknown };
      return value.key === key ? value.value : undefined;
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: unknown, expected?: unknown): Promise<boolean> {
    return this.withLock(`${key} (write)`, async () => {
      if (expected !== undefined && !matches(await this.get(key), expected)) return false;
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const target = this.file(key);
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, JSON.stringify({ key, value }), { mode: 0o600 });
      await rename(temp, target);
      return true;
    });
  }

  async delete(key: string, expected?: unknown): Promise<boolean> {
    return this.withLock(`${key} (write)`, async () => {
      if (expected !== undefined && !matches(await this.get(key), expected)) return false;
      await rm(this.file(key), { force: true });
      return true;
    });
  }

  /** Runs `work` holding `<key>.lock` (created with O_EXCL); waits while another process holds it. */
  async withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const lock = `${this.file(key)}.lock`;
    for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
      try {
        const handle = await open(lock, 'wx', 0o600);
        await handle.close();
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const age = await stat(lock).then(
          (s) => Date.now() - s.mtimeMs,
          () => 0,
        );
        if (age > STALE_LOCK_MS) {
          await unlink(lock).catch(() => undefined);
          continue;
        }
        await new Promise((r) => setTimeout(r, delay));
      }
    }
    try {
      return await work();
    } finally {
      await unlink(lock).catch(() => undefined);
    }
  }
}

function matches(current: unknown, expected: unknown): boolean {
  if (expected === null) return current === undefined;
  return sameJson(current, expected);
}
