// What one server's handle reports about itself: its state, the status snapshot `status()` and
// `doctor` show, and the way a failure is told there (its message, and the typed cause under it,
// e.g. the crash's exit code and stderr under MCPB_SERVER_UNAVAILABLE).
import { isMcpBridgeError, type Implementation } from '../../protocol/index.js';
import type { Client } from '../client/client.js';
import type { EraSource } from '../client/era-cache.js';

/** `idle`: not started yet, or (a lazy or idle-stopped server with its tools known) started by the next call. */
export type ServerState = 'idle' | 'starting' | 'ready' | 'restarting' | 'failed' | 'stopped';

/** A snapshot of one server for `status()` and `doctor`. */
export interface ServerStatus {
  name: string;
  state: ServerState;
  transport: string;
  pid?: number;
  protocolVersion?: string;
  /** `legacy` (initialize handshake) or `modern` (2026-07-28, stateless), once ready. */
  era?: 'legacy' | 'modern';
  /** Where the era came from, once ready: a probe of this start, a verdict an earlier run saved (and its age), or the configuration. */
  eraSource?: EraSource;
  serverInfo?: Implementation;
  toolCount: number;
  restarts: number;
  /** Message of the last failure, with the stderr tail when the process left one. */
  lastError?: string;
  lastErrorCode?: string;
  /**
   * What lies under the last error, when it has a typed cause of another kind: e.g. the
   * `MCPB_SERVER_EXITED` (exit code, signal, stderr) under `MCPB_SERVER_UNAVAILABLE` after a crash.
   */
  lastErrorCause?: { code: string; message: string; hint?: string };
  /** When the server became ready (ms since epoch). */
  readySince?: number;
  /** `lazy` when the server starts at the first call of one of its tools. */
  start?: 'lazy';
  /** Where the tools came from: `live` from the server, `saved` from the list saved by an earlier run (the server not started yet). */
  toolsFrom?: 'live' | 'saved';
  /** When the server sent that list (ms since epoch): for a saved list, its age. */
  toolsListedAt?: number;
}

/** What a handle knows at the moment `status()` is asked. */
export interface HandleFacts {
  name: string;
  state: ServerState;
  configuredTransport: string;
  client?: Client;
  toolCount: number;
  restarts: number;
  lastError?: unknown;
  readySince?: number;
  start?: 'lazy';
  toolsFrom?: 'live' | 'saved';
  toolsListedAt?: number;
}

/** The status snapshot of a handle; the live details (pid, version, era) only while ready. */
export function statusOf(facts: HandleFacts): ServerStatus {
  const { client, state, lastError } = facts;
  return {
    name: facts.name,
    state,
    transport: client?.transport.kind ?? facts.configuredTransport,
    pid: state === 'ready' ? client?.transport.pid : undefined,
    protocolVersion: state === 'ready' ? client?.protocolVersion : undefined,
    era: state === 'ready' ? client?.era : undefined,
    eraSource: state === 'ready' ? client?.eraSource : undefined,
    serverInfo: client?.serverInfo,
    toolCount: facts.toolCount,
    restarts: facts.restarts,
    lastError: describeError(lastError),
    lastErrorCode: isMcpBridgeError(lastError) ? lastError.code : undefined,
    lastErrorCause: typedCause(lastError),
    readySince: facts.readySince,
    ...(facts.start ? { start: facts.start } : {}),
    ...(facts.toolsFrom ? { toolsFrom: facts.toolsFrom, toolsListedAt: facts.toolsListedAt } : {}),
  };
}

/** The first typed error under `error` whose code differs from it, for status and doctor. */
function typedCause(error: unknown): ServerStatus['lastErrorCause'] {
  if (!isMcpBridgeError(error)) return undefined;
  for (let cause = error.cause, depth = 0; cause !== undefined && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    if (isMcpBridgeError(cause) && cause.code !== error.code)
      return { code: cause.code, message: cause.message, ...(cause.context.hint ? { hint: cause.context.hint } : {}) };
  }
  return undefined;
}

/** The message of a failure, whatever was thrown. */
export function describeError(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  return error instanceof Error ? error.message : String(error);
}
