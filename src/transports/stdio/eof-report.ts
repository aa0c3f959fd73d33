// When a server ends its side on its own, `close` should not wait for the whole staged teardown:
// pending requests fail at end of file, with the exit code and stderr tail when they come soon.
import { describeExit, ServerExitedError, summarizeServerExit } from '../../errors/transport-errors.js';
import type { TransportCloseInfo } from '../transport.js';

/**
 * After the server closed its stdout, how long we wait for its exit (and stderr's end) so the close
 * info carries the exit code and the whole stderr tail; then pending requests fail, teardown or not.
 * When stderr has ended too, the process is exiting (a loaded machine may deliver the exit late), so
 * we wait up to {@link EXIT_WAIT_MS} more for its exit code.
 */
export const EXIT_SETTLE_MS = 250;
/** See {@link EXIT_SETTLE_MS}. */
export const EXIT_WAIT_MS = 2000;

/** What {@link reportAtEof} watches: the transport's view of the child and its progress listeners. */
export interface EofWatch {
  /** Listeners woken whenever stdout, stderr or the process ends. */
  progress: Set<() => void>;
  stdoutEnded(): boolean;
  stderrEnded(): boolean;
  exited(): boolean;
  closeEmitted(): boolean;
  /** Emits the `close` of a server that ended on its own. */
  report(): void;
}

/**
 * The server ended its side: once stdout reached end of file (every message it wrote has been
 * delivered), `close` is emitted as soon as the process exited and stderr ended, or after
 * {@link EXIT_SETTLE_MS}, so pending requests fail at EOF instead of after the teardown's grace
 * periods (a server that closed stdout but lives on). The teardown carries on behind it.
 */
export function reportAtEof(watch: EofWatch): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitedForExit = false;
  const stop = (): void => {
    watch.progress.delete(check);
    clearTimeout(timer);
  };
  const report = (): void => {
    stop();
    watch.report();
  };
  const settled = (): void => {
    if (watch.closeEmitted()) {
      stop();
      return;
    }
    // Both pipes closed but no exit yet: the process is on its way out, its exit code is worth waiting for.
    if (!watch.exited() && watch.stderrEnded() && !waitedForExit) {
      waitedForExit = true;
      timer = setTimeout(settled, EXIT_WAIT_MS);
      return;
    }
    report();
  };
  const check = (): void => {
    if (watch.closeEmitted()) {
      stop();
      return;
    }
    if (!watch.stdoutEnded()) return;
    if (watch.exited() && watch.stderrEnded()) {
      report();
      return;
    }
    timer ??= setTimeout(settled, EXIT_SETTLE_MS);
  };
  watch.progress.add(check);
  check();
}

/** Who the server was, for the close info of {@link endedCloseInfo}. */
export interface EndedServer {
  command: string;
  args: readonly string[] | undefined;
  server: string | undefined;
  pid: number | undefined;
}

/** Close info for a server that ended on its own: exited, or (still alive) closed its stdout. */
export function endedCloseInfo(
  who: EndedServer,
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined,
  stderrTail: string,
): TransportCloseInfo {
  const exitCode = exit?.code ?? null;
  const signal = exit?.signal ?? null;
  const init = { ...who, exitCode, signal };
  const error = new ServerExitedError({ ...init, stderrTail });
  // The summary leaves stderr out: whoever renders the close info appends the tail itself.
  const message = exit ? summarizeServerExit(init) : `${summarizeServerExit(init).replace(/ exited$/, '')} closed its stdout`;
  return { reason: 'exited', message, exitCode, signal, stderrTail, error };
}

/** The close info of a server we closed: how its process ended (or that it did not). */
export function closedByClientInfo(exit: { code: number | null; signal: NodeJS.Signals | null } | undefined, stderrTail: string): TransportCloseInfo {
  const exitCode = exit?.code ?? null;
  const signal = exit?.signal ?? null;
  return {
    reason: 'closed',
    message: `closed by the client; the server process ${exit ? describeExit(exitCode, signal) : 'did not exit'}`,
    exitCode,
    signal,
    stderrTail,
  };
}
