// The era verdict per server configuration (VER-7): remembered in memory, and optionally in a
// per-user state file so a spawn-per-run CLI (`mcp-bridge call`) pays the probe once, not per run.
// Only what the server answered is a verdict for a day; an unanswered probe is a guess for an hour.
import type { Era } from '../../protocol/index.js';
import type { EraFinding, EraOption } from './era-detect.js';
import type { ServerSnapshot } from './handshake.js';
import { nodeFs as fs } from '../util/node-fs.js';
import { sha256Hex } from '../util/sha256.js';
// Its own call, not util/node-path.ts: that module would then load with mcp-bridge/client too.
const { dirname, join } = process.getBuiltinModule('node:path');

/** What detection found for one server configuration. */
export interface EraVerdict {
  era: Era;
  protocolVersion: string;
  /** When the probe that found it ran (ms since the epoch); using the verdict does not renew it. */
  at: number;
  /**
   * `answer`: the server answered or refused the probe, trusted for a day. `silence` (or absent, as
   * in files written before this field): the probe went unanswered and initialize worked, a guess
   * trusted for an hour.
   */
  basis?: 'answer' | 'silence';
  /** The server's `name@version` when it was found: another one behind a cached legacy verdict makes it stale. */
  server?: string;
}

/**
 * Where a connected client's era came from (`Client.eraSource`, shown by `doctor`): this
 * connection's probe, a verdict an earlier connection saved, or the configuration.
 */
export interface EraSource {
  /**
   * `probe`: this connection asked the server (`server/discover`, then `initialize` as needed).
   * `saved`: a legacy verdict saved by an earlier connection was used, and nothing probed.
   * `configured`: the `era` option chose. `transport`: a transport that is never probed (HTTP+SSE,
   * an in-memory pair) speaks the `initialize` handshake.
   */
  from: 'probe' | 'saved' | 'configured' | 'transport';
  /**
   * With `probe` and `saved`, what the probe found: `answer` (the server answered or refused it,
   * trusted for a day) or `silence` (no answer while `initialize` worked: a guess, trusted for an hour).
   */
  basis?: 'answer' | 'silence';
  /**
   * When the saved verdict's probe ran (ms since the epoch): with `saved`, the verdict used; with
   * `probe`, a saved modern verdict, which let the probe wait longer for the server's answer.
   */
  savedAt?: number;
}

/** Where the era of a connection came from, given the `era` option, what detection found and the saved verdict it had. */
export function eraSourceOf(era: EraOption, finding: EraFinding, saved: EraVerdict | undefined): EraSource {
  if (finding.kind === 'cached') return { from: 'saved', basis: saved?.basis ?? 'silence', ...(saved ? { savedAt: saved.at } : {}) };
  if (finding.kind === 'none') return { from: era === 'auto' ? 'transport' : 'configured' };
  return { from: 'probe', basis: finding.kind, ...(saved?.era === 'modern' ? { savedAt: saved.at } : {}) };
}

/** Where verdicts are kept. A failure to read or write is never fatal: the probe just runs again. */
export interface EraCache {
  get(key: string): EraVerdict | undefined;
  set(key: string, verdict: EraVerdict): void;
  delete(key: string): void;
}

/** An in-memory cache (the default of `connect()`: one probe per configuration per process). */
export function memoryEraCache(): EraCache {
  const map = new Map<string, EraVerdict>();
  return {
    get: (k) => map.get(k),
    set: (k, v) => {
      map.set(k, v);
    },
    delete: (k) => {
      map.delete(k);
    },
  };
}

/** The process-wide default. */
export const defaultEraCache: EraCache = memoryEraCache();

/**
 * A cache persisted as one small JSON file (written atomically through a rename). Verdicts older
 * than `maxAgeMs` are ignored; a connect trusts them for a day at most anyway (an hour for a guess),
 * so a server upgraded to the modern era is noticed even when nothing fails. Deleting the file
 * makes every server be probed again.
 */
export function fileEraCache(path: string = defaultEraCachePath(), maxAgeMs = 7 * 24 * 3600_000): EraCache {
  const read = (): Record<string, EraVerdict> => {
    try {
      const value = JSON.parse(fs().readFileSync(path, 'utf8')) as unknown;
      return typeof value === 'object' && value !== null ? (value as Record<string, EraVerdict>) : {};
    } catch {
      return {};
    }
  };
  const write = (all: Record<string, EraVerdict>) => {
    try {
      fs().mkdirSync(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      fs().writeFileSync(tmp, JSON.stringify(all, null, 1) + '\n', { mode: 0o600 });
      fs().renameSync(tmp, path);
    } catch {
      // A read-only home or a full disk costs a probe next run, nothing more.
    }
  };
  return {
    get(key) {
      const v = read()[key];
      if (!v || (v.era !== 'legacy' && v.era !== 'modern') || typeof v.protocolVersion !== 'string') return undefined;
      return Date.now() - v.at > maxAgeMs ? undefined : v;
    },
    set(key, verdict) {
      write({ ...read(), [key]: verdict });
    },
    delete(key) {
      const all = read();
      delete all[key];
      write(all);
    },
  };
}

/** How long a verdict the server answered is trusted, counted from its probe. */
const ANSWER_MAX_AGE_MS = 24 * 3600_000;
/** How long a guess (probe unanswered, initialize worked) is trusted: a silent server pays the probe wait about once an hour. */
const GUESS_MAX_AGE_MS = 3600_000;

/** The verdict if it is still to be trusted: younger than a day (an answer) or an hour (a guess). */
export function freshVerdict(verdict: EraVerdict | undefined): EraVerdict | undefined {
  const age = verdict ? Date.now() - verdict.at : -1;
  return age >= 0 && age <= (verdict?.basis === 'answer' ? ANSWER_MAX_AGE_MS : GUESS_MAX_AGE_MS) ? verdict : undefined;
}

/**
 * Keeps what a connection learned (VER-7). An answer replaces the verdict; a silence leaves a guess
 * (a server known to answer was waited for longer, so its silence means it changed); using a cached
 * legacy verdict renews nothing, and drops it when another server version answered initialize.
 */
export function rememberEra(
  cache: EraCache,
  key: string,
  finding: EraFinding,
  snapshot: Pick<ServerSnapshot, 'serverInfo'>,
  used: EraVerdict | undefined,
): void {
  const server = `${snapshot.serverInfo.name}@${snapshot.serverInfo.version}`;
  if ('era' in finding) cache.set(key, { era: finding.era, protocolVersion: finding.protocolVersion, at: Date.now(), basis: finding.kind, server });
  else if (finding.kind === 'cached' && used?.server !== undefined && used.server !== server) cache.delete(key);
}

/** `$MCP_BRIDGE_STATE_DIR`, else `$XDG_STATE_HOME/mcp-bridge`, else `~/.local/state/mcp-bridge` (Windows: `%LOCALAPPDATA%`). */
export function defaultEraCachePath(env: NodeJS.ProcessEnv = process.env): string {
  const dir =
    env.MCP_BRIDGE_STATE_DIR ??
    (env.XDG_STATE_HOME ? join(env.XDG_STATE_HOME, 'mcp-bridge') : undefined) ??
    (process.platform === 'win32' && env.LOCALAPPDATA
      ? join(env.LOCALAPPDATA, 'mcp-bridge')
      : join(process.getBuiltinModule('node:os').homedir(), '.local', 'state', 'mcp-bridge'));
  return join(dir, 'era-cache.json');
}

/**
 * The key of one server configuration: what decides which program answers (command, args, cwd,
 * the names of the env variables; URL without its query) hashed, so no secret value is stored.
 */
export function eraCacheKey(params: { command?: string; args?: string[]; cwd?: string; env?: Record<string, unknown>; url?: string | URL }): string {
  const shape =
    params.url !== undefined
      ? ['http', originAndPath(String(params.url))]
      : ['stdio', params.command ?? '', params.args ?? [], params.cwd ?? '', Object.keys(params.env ?? {}).sort()];
  // Our own SHA-256: node:crypto (and the streams it pulls in) would cost every first connect 3.5-4 ms.
  return sha256Hex(JSON.stringify(shape)).slice(0, 32);
}

function originAndPath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url;
  }
}
