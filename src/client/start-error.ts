// Why a server failed to start, told as one ServerStartError: the exit or the silence, the stderr
// tail, and the first stdout lines that were not JSON-RPC (a banner, "Error: set API_KEY"), which
// usually name the cause better than anything else. Loaded with connect.ts, by the first connect.
import { AuthTimeoutError } from '../errors/auth-timeout.js';
import { ServerStartError } from '../errors/client-errors.js';
import { describeExit } from '../errors/transport-errors.js';
import { ConnectionClosedError, RequestTimeoutError } from '../errors/session-errors.js';
import type { Transport } from '../transports/transport.js';
import type { SkippedLines } from './skipped-lines.js';

/** What a start error says about the server besides the cause. */
export interface StartErrorContext {
  server?: string;
  transport: Transport;
  startupTimeoutMs: number;
  skipped: SkippedLines;
}

/** The error `connect` rejects with: an exit or a timeout becomes a ServerStartError; typed failures pass through. */
export function startError(error: unknown, { server, transport, startupTimeoutMs, skipped }: StartErrorContext): unknown {
  const skippedLines = skipped.lines.length > 0 ? [...skipped.lines] : undefined;
  const base = { server, target: transport.target, transport: transport.kind, startupTimeoutMs, skippedLines };
  const stdoutHint = skippedLines
    ? 'it wrote lines on stdout that are not JSON-RPC (quoted above): they usually name the cause; a server must keep stdout for protocol messages and log to stderr'
    : undefined;
  if (error instanceof ConnectionClosedError) {
    const info = error.closeInfo;
    const exit = describeStartExit(info.exitCode, info.signal);
    const pid = (info.error as { context?: { pid?: unknown } } | undefined)?.context?.pid;
    return new ServerStartError(
      { ...base, stderrTail: info.stderrTail, exitCode: info.exitCode, signal: info.signal },
      exit
        ? `it ended before answering initialize: the process${typeof pid === 'number' ? ` (pid ${pid})` : ''} ${exit}`
        : `it ended before answering initialize: ${info.message}`,
      stdoutHint ?? 'run the command by hand to see why it exits, and check its arguments and environment',
      error,
    );
  }
  if (error instanceof RequestTimeoutError) {
    // The server answered 401 and the time went on our OAuth requests: name the URL that hung.
    const stall = transport.authStall?.();
    if (stall) return new AuthTimeoutError({ server, step: stall.step, url: stall.url, timeoutMs: startupTimeoutMs }, error);
    const stderrTail = transport.stderrTail || undefined;
    return new ServerStartError(
      { ...base, stderrTail },
      `it did not answer initialize within ${startupTimeoutMs} ms`,
      stdoutHint ?? 'check that it is an MCP server speaking on stdout; a first `npx` run may need a larger startupTimeout',
      error,
    );
  }
  // Spawn failures, HTTP errors and version mismatches are already typed and specific.
  return error;
}

/** `exited with code 1`, `was killed by SIGKILL`; undefined when the process has not exited (it closed its stdout). */
function describeStartExit(exitCode: number | null | undefined, signal: string | null | undefined): string | undefined {
  if ((exitCode === null || exitCode === undefined) && !signal) return undefined;
  return describeExit(exitCode, signal);
}
