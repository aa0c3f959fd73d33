// Transport failures as typed errors: a server that could not be started, a server process that
// exited, and sends that could not be delivered. Messages are built from the fields they carry.
import { McpBridgeError } from '../../protocol/errors/base.js';
import { formatCommand, redactArgs } from '../../protocol/redact.js';

export { formatCommand } from '../../protocol/redact.js';

/** The server process could not be started (command not found, not executable, bad cwd, ...). */
export const SPAWN_FAILED = 'MCPB_SPAWN_FAILED';
/** The server process exited (on its own or killed by a signal). */
export const SERVER_EXITED = 'MCPB_SERVER_EXITED';
/** The transport is closed (or was never started); nothing more can be sent. */
export const TRANSPORT_CLOSED = 'MCPB_TRANSPORT_CLOSED';
/** A message could not be written to the transport (for stdio: the server's stdin). */
export const SEND_FAILED = 'MCPB_SEND_FAILED';

/** What {@link SpawnError} knows about the failed start. */
export interface SpawnErrorInit {
  command: string;
  args?: readonly string[];
  cwd?: string;
  server?: string;
  /** The OS error code, e.g. `ENOENT`, `EACCES`. */
  causeCode?: string;
  /** Overrides the derived hint. */
  hint?: string;
  /** Overrides the derived description of what went wrong. */
  detail?: string;
}

/** Starting the server process failed. `context.causeCode` holds the OS error code. */
export class SpawnError extends McpBridgeError {
  constructor(init: SpawnErrorInit, options?: { cause?: unknown }) {
    const what = init.detail ?? describeSpawnFailure(init);
    super(
      SPAWN_FAILED,
      `${serverPrefix(init.server)}could not start ${JSON.stringify(init.command)}: ${what}`,
      {
        server: init.server,
        command: init.command,
        args: init.args ? redactArgs(init.args) : undefined,
        cwd: init.cwd,
        causeCode: init.causeCode,
        hint: init.hint ?? spawnHint(init),
      },
      options,
    );
  }
}

function describeSpawnFailure(init: SpawnErrorInit): string {
  switch (init.causeCode) {
    case 'ENOENT':
      return `command not found (ENOENT)${init.cwd ? ` from working directory ${init.cwd}` : ''}`;
    case 'EACCES':
      return 'permission denied: the file is not executable (EACCES)';
    case 'ENOTDIR':
      return `the working directory ${init.cwd ?? '(unset)'} is not a directory (ENOTDIR)`;
    case 'E2BIG':
      return 'the argument list or environment is too large (E2BIG)';
    case 'EMFILE':
    case 'ENFILE':
      return `too many open files (${init.causeCode})`;
    case 'EAGAIN':
      return 'the system cannot create more processes right now (EAGAIN)';
    default:
      return init.causeCode ? `spawn failed (${init.causeCode})` : 'spawn failed';
  }
}

function spawnHint(init: SpawnErrorInit): string | undefined {
  const name = init.command;
  switch (init.causeCode) {
    case 'ENOENT':
      return `is ${name} installed and on PATH? Use an absolute path, or set env.PATH for this server`;
    case 'EACCES':
      return `make ${name} executable (chmod +x) or run it through its interpreter, e.g. command: node, args: [script]`;
    case 'ENOTDIR':
      return 'set cwd to an existing directory';
    case 'E2BIG':
      return 'shorten the arguments or the environment passed to the server';
    case 'EMFILE':
    case 'ENFILE':
    case 'EAGAIN':
      return 'close other servers or processes and try again';
    default:
      return undefined;
  }
}

/** What {@link ServerExitedError} knows about the ended process. */
export interface ServerExitedInit {
  command: string;
  args?: readonly string[];
  server?: string;
  pid?: number;
  exitCode: number | null;
  signal: string | null;
  /** The last stderr output (up to 64 KiB). */
  stderrTail?: string;
}

/** The server process ended. `context` has `exitCode`, `signal`, `stderrTail`, `command`, `pid`. */
export class ServerExitedError extends McpBridgeError {
  constructor(init: ServerExitedInit, options?: { cause?: unknown }) {
    const tail = lastLines(init.stderrTail ?? '', 5, 1000);
    super(
      SERVER_EXITED,
      `${summarizeServerExit(init)}${tail ? `; last stderr: ${tail}` : '; it wrote nothing to stderr'}`,
      {
        server: init.server,
        command: init.command,
        args: init.args ? redactArgs(init.args) : undefined,
        pid: init.pid,
        exitCode: init.exitCode,
        signal: init.signal,
        stderrTail: init.stderrTail ?? '',
        hint: "run the command by hand to see why it stops, or read the server's stderr above",
      },
      options,
    );
  }
}

/** One line without stderr, e.g. `server "fs": server process node server.js (pid 42) exited with code 3`. */
export function summarizeServerExit(init: Omit<ServerExitedInit, 'stderrTail'>): string {
  return `${serverPrefix(init.server)}server process ${formatCommand(init.command, init.args)}${init.pid ? ` (pid ${init.pid})` : ''} ${describeExit(init.exitCode, init.signal)}`;
}

/** `exited with code 3`, `was killed by SIGKILL`, or `exited` when neither is known. */
export function describeExit(exitCode: number | null | undefined, signal: string | null | undefined): string {
  if (signal) return `was killed by ${signal}`;
  if (exitCode !== null && exitCode !== undefined) return `exited with code ${exitCode}`;
  return 'exited';
}

/** Sending on a closed (or never started) transport. */
export class TransportClosedError extends McpBridgeError {
  constructor(init: { transport: string; server?: string; reason?: string }, options?: { cause?: unknown }) {
    super(
      TRANSPORT_CLOSED,
      `${serverPrefix(init.server)}cannot send: the ${init.transport} transport is ${init.reason ?? 'closed'}`,
      {
        server: init.server,
        transport: init.transport,
        hint: 'connect again (or restart the server) before sending',
      },
      options,
    );
  }
}

/** A write to the transport failed (for stdio: the server stopped reading its stdin). */
export class SendFailedError extends McpBridgeError {
  constructor(init: { transport: string; server?: string; causeCode?: string }, options?: { cause?: unknown }) {
    super(
      SEND_FAILED,
      `${serverPrefix(init.server)}could not write a message to the ${init.transport} transport${init.causeCode ? ` (${init.causeCode})` : ''}`,
      {
        server: init.server,
        transport: init.transport,
        causeCode: init.causeCode,
        hint: 'the server probably exited; see its exit code and stderr',
      },
      options,
    );
  }
}

function serverPrefix(server: string | undefined): string {
  return server ? `server "${server}": ` : '';
}

/** The last `maxLines` non-blank lines of `text`, joined with ` | `, capped at `maxChars` (for one-line messages). */
export function lastLines(text: string, maxLines: number, maxChars: number): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  const joined = lines.slice(-maxLines).join(' | ');
  return joined.length > maxChars ? '…' + joined.slice(joined.length - maxChars) : joined;
}
