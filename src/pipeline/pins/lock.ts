// The lock file (`mcp-bridge.lock`): per server, its serverInfo and per tool the hash of the pinned
// fields plus the fields themselves (so a change can be classified, not only detected). Written
// with every object's keys in canonical order, so the same tools always give the same bytes and a
// review diff shows only what changed. Only tool definitions go in, never anything of the server's
// config (command, args, env, headers, URL).
import { PinLockError } from '../../errors/pin-errors.js';
import { sortedJson } from '../../util/canonical-json.js';
import { pinHash, type PinnedFields } from './definition.js';

/** The format version this code writes and reads. */
export const LOCK_VERSION = 1;

/** One pinned tool: its hash and the fields it was computed from (the name is the key). */
export interface LockTool extends Omit<PinnedFields, 'name'> {
  /** `sha256:<hex>` of the RFC 8785 form of the pinned fields, name included. */
  hash: string;
}

/** One server's pins. */
export interface LockServer {
  /** What the server said it is when pinned (absent when pinned from a saved tool list). */
  serverInfo?: { name: string; version: string };
  tools: Record<string, LockTool>;
}

/** The whole lock file. */
export interface PinLock {
  lockfileVersion: typeof LOCK_VERSION;
  /** By configured server name. */
  servers: Record<string, LockServer>;
}

/** An empty lock. */
export function emptyLock(): PinLock {
  return { lockfileVersion: LOCK_VERSION, servers: {} };
}

/** The lock entry of one server from its current tools' pinned fields. */
export function lockServer(tools: readonly PinnedFields[], serverInfo?: { name: string; version: string }): LockServer {
  const entry: LockServer = { tools: {} };
  if (serverInfo) entry.serverInfo = { name: String(serverInfo.name), version: String(serverInfo.version) };
  for (const fields of tools) {
    const { name, ...rest } = fields;
    Object.defineProperty(entry.tools, name, { value: { hash: pinHash(fields), ...rest }, enumerable: true, writable: true, configurable: true });
  }
  return entry;
}

/** The lock file's text: sorted keys, two-space indent, a final newline. */
export function serializeLock(lock: PinLock): string {
  return `${sortedJson(lock)}\n`;
}

const REPIN = 'rewrite it with: mcp-bridge pin (then review the diff before committing it)';

/**
 * Reads a lock file's text. Strict: a lock that cannot be trusted whole is refused rather than
 * partly used, since a silently ignored entry would let its tool through unchecked.
 * @throws PinLockError (`MCPB_PIN_LOCK_INVALID`)
 */
export function parseLock(text: string, file: string): PinLock {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new PinLockError(file, `not JSON (${(error as Error).message})`, `a merge conflict? ${REPIN}`, { cause: error });
  }
  if (!isRecord(data)) throw new PinLockError(file, 'not a JSON object', REPIN);
  if (data.lockfileVersion !== LOCK_VERSION) {
    const newer = typeof data.lockfileVersion === 'number' && data.lockfileVersion > LOCK_VERSION;
    throw new PinLockError(
      file,
      `lockfileVersion is ${JSON.stringify(data.lockfileVersion)}, this mcp-bridge reads ${LOCK_VERSION}`,
      newer ? 'it was written by a newer mcp-bridge: upgrade this one' : REPIN,
    );
  }
  if (!isRecord(data.servers)) throw new PinLockError(file, '"servers" is not an object', REPIN);
  for (const [server, entry] of Object.entries(data.servers)) {
    if (!isRecord(entry) || !isRecord(entry.tools)) throw new PinLockError(file, `servers.${server} has no "tools" object`, REPIN);
    for (const [tool, pinned] of Object.entries(entry.tools)) {
      if (!isRecord(pinned) || typeof pinned.hash !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(pinned.hash) || !isRecord(pinned.inputSchema))
        throw new PinLockError(file, `servers.${server}.tools.${tool} lacks a sha256 "hash" or an "inputSchema"`, REPIN);
    }
  }
  return data as unknown as PinLock;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
