// The options of the stdio transport and its shutdown bounds.
import type { TerminateTimeouts } from './terminate.js';
import type { SpawnFunction } from './spawn.js';

/** Options of {@link StdioTransport}. */
export interface StdioTransportOptions {
  /** Program to run (no shell). On Windows it is resolved through PATH + PATHEXT; .cmd/.bat run via cmd.exe. */
  command: string;
  args?: readonly string[];
  /** Variables set for the server over the default allow-list; `null` unsets one. */
  env?: Readonly<Record<string, string | null>>;
  cwd?: string;
  /** Pass the parent's entire environment instead of the safe allow-list. */
  inheritEnv?: boolean;
  /** What to do with the server's stderr (default `pipe`: kept as a tail and emitted line by line). */
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /** Receives each stderr line (with `stderr: 'pipe'`). Same as subscribing to the `stderr` event. */
  onStderrLine?: (line: string) => void;
  /** Largest message accepted from the server, in bytes (default 128 MiB, counting the JSON envelope); larger ones are skipped and reported. */
  maxMessageBytes?: number;
  /** Startup budget for the client (spawn → initialize answered); carried here, enforced by the client. */
  startupTimeoutMs?: number;
  /** Bounds of the shutdown stages of {@link StdioTransport.close}. */
  closeTimeouts?: Partial<TerminateTimeouts>;
  /** The server's configured name, used in errors. */
  serverName?: string;
  /**
   * Extra values to mask in every string the transport produces (errors, stderr lines and tail,
   * status). Secret-named env values, secret-looking arguments and these are masked; see {@link collectSecrets}.
   */
  secrets?: readonly string[];
  /** Replaces `child_process.spawn` (tests, sandboxes). */
  spawn?: SpawnFunction;
}

/** Default shutdown bounds: 2 s after closing stdin, 2 s after SIGTERM, 1 s after SIGKILL. */
export const DEFAULT_CLOSE_TIMEOUTS: Readonly<TerminateTimeouts> = { stdinGraceMs: 2000, termGraceMs: 2000, killGraceMs: 1000 };

/** The shutdown bounds: the defaults, with each stage the caller set (an `undefined` keeps the default). */
export function resolveCloseTimeouts(given: Partial<TerminateTimeouts> | undefined): TerminateTimeouts {
  return { ...DEFAULT_CLOSE_TIMEOUTS, ...definedOnly(given ?? {}) };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
