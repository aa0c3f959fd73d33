// The stdio transport (STDIO-1..8): spawns the server, writes lines to stdin with backpressure and
// ends with one `close` carrying exit info. The read side (stdout framing, stderr tail) is in
// child-reader.ts, the early close at end of file in eof-report.ts, the options in stdio-options.ts.
import type { ChildProcess } from 'node:child_process';
import { encodeLine, Emitter, MAX_SHALLOW_TEXT_LENGTH, type JsonRpcMessage } from '../../../protocol/index.js';
import { collectSecrets, createRedactor, formatCommand, redactError, type Redact } from '../../../protocol/redact.js';
import { SendFailedError, TransportClosedError } from '../../errors/transport-errors.js';
import type { SendOptions, Transport, TransportCloseInfo, TransportEvents } from '../transport.js';
import { readChild, withServerName } from './child-reader.js';
import { closedByClientInfo, endedCloseInfo, reportAtEof } from './eof-report.js';
import { trackChild } from './exit-hook.js';
import { LineWriter } from './line-writer.js';
import { launchServer } from './spawn.js';
import { resolveCloseTimeouts, type StdioTransportOptions } from './stdio-options.js';
import { StderrTail } from './stderr-tail.js';
import { terminateTree, type TerminateOutcome, type TerminateTarget, type TerminateTimeouts } from './terminate.js';

export { DEFAULT_CLOSE_TIMEOUTS, type StdioTransportOptions } from './stdio-options.js';

type State = 'idle' | 'starting' | 'open' | 'finishing' | 'closed';

/**
 * A {@link Transport} to a server run as a child process, speaking newline-delimited JSON-RPC.
 * `close` is emitted exactly once: `closed` after {@link StdioTransport.close}; `exited` when the server
 * ended on its own (after its stdout was read to the end, with exit code, signal and stderr tail, and a
 * ServerExitedError as `error`); `error` when the spawn failed (start() rejects with the same SpawnError).
 */
export class StdioTransport implements Transport {
  readonly kind = 'stdio';
  readonly events = new Emitter<TransportEvents>();
  /** The startup budget from the options, for the client to enforce. */
  readonly startupTimeoutMs: number | undefined;
  /** See {@link Transport.deliveringShallow}: set around each `message` emit from the line's length. */
  deliveringShallow = false;
  /** Masks this server's configured secrets (secret-named env values, secret arguments, `secrets`). */
  readonly redact: Redact;

  private readonly options: StdioTransportOptions;
  private readonly timeouts: TerminateTimeouts;
  private readonly tail = new StderrTail();
  private state: State = 'idle';
  private child: ChildProcess | undefined;
  private leadsGroup = false;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private stdoutEnded = false;
  /** Stderr counts as ended when not piped; when piped it is read to its end so the tail is complete. */
  private stderrEnded = false;
  private closedByUs = false;
  /** A write failed (EPIPE...): the server closed its stdin, so it is exiting (or will never read again). */
  private writeBroke = false;
  private startPromise: Promise<void> | undefined;
  private closePromise: Promise<void> | undefined;
  private finishPromise: Promise<void> | undefined;
  private readonly writer = new LineWriter({
    writable: () => (this.state === 'open' ? (this.child?.stdin ?? undefined) : undefined),
    closedError: (cause) => this.closedError(cause),
    writeError: (cause) => this.writeError(cause),
    undelivered: (error, messages) => this.events.emit('undelivered', { error, messages }),
  });
  private readonly progress = new Set<() => void>();
  private untrack: (() => void) | undefined;
  private closeEmitted = false;

  constructor(options: StdioTransportOptions) {
    this.options = { ...options };
    this.redact = createRedactor(collectSecrets({ args: options.args, env: options.env, secrets: options.secrets }));
    this.startupTimeoutMs = options.startupTimeoutMs;
    this.timeouts = resolveCloseTimeouts(options.closeTimeouts);
    if (options.onStderrLine) this.events.on('stderr', options.onStderrLine);
  }

  /** Process id of the server, once spawned. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The command line, for status output (arguments quoted when they contain spaces). */
  get target(): string {
    return this.redact(formatCommand(this.options.command, this.options.args));
  }

  /** The server ended its side on its own and the `close` carrying its exit code and stderr is yet to come. */
  get ending(): boolean {
    if (this.closedByUs || this.closeEmitted) return false;
    return this.writeBroke || this.state === 'finishing';
  }

  /** The last 64 KiB the server wrote to stderr (with `stderr: 'pipe'`). */
  get stderrTail(): string {
    return this.redact(this.tail.text());
  }

  /** Spawns the server; resolves once the OS started it, rejects with SpawnError. Calling it again returns the same promise. */
  start(): Promise<void> {
    if (this.startPromise) return this.startPromise;
    if (this.state !== 'idle') return Promise.reject(this.closedError());
    this.state = 'starting';
    this.startPromise = this.doStart();
    return this.startPromise;
  }

  private async doStart(): Promise<void> {
    const o = this.options;
    let launched;
    try {
      launched = launchServer({
        command: o.command,
        args: o.args,
        env: o.env,
        cwd: o.cwd,
        inheritEnv: o.inheritEnv,
        stderr: o.stderr,
        serverName: o.serverName,
        spawn: o.spawn,
      });
    } catch (error) {
      this.failStart(error);
      throw redactError(error, this.redact);
    }
    const child = launched.child;
    this.child = child;
    this.leadsGroup = launched.leadsGroup;
    this.attach(child);
    if (child.pid !== undefined) this.untrack = trackChild(child.pid, this.leadsGroup);
    try {
      await launched.ready;
    } catch (error) {
      this.failStart(error);
      throw redactError(error, this.redact);
    }
    if (this.state === 'starting') this.state = 'open';
  }

  private failStart(error: unknown): void {
    this.state = 'closed';
    this.untrack?.();
    this.untrack = undefined;
    this.releaseChild();
    this.emitClose({
      reason: 'error',
      message: error instanceof Error ? error.message : String(error),
      error,
      exitCode: null,
      signal: null,
      stderrTail: this.tail.text(),
    });
  }

  private attach(child: ChildProcess): void {
    // An unpiped stderr counts as ended; a piped one is read to its end so the tail is complete.
    if (!child.stderr) this.stderrEnded = true;
    readChild(child, {
      mine: () => child === this.child,
      maxMessageBytes: this.options.maxMessageBytes,
      tail: this.tail,
      onMessage: this.deliver,
      onFramingError: (error) => this.events.emit('error', redactError(withServerName(error, this.options.serverName), this.redact)),
      onStderrLine: (line) => this.events.emit('stderr', this.redact(line)),
      onStdoutEnd: () => {
        this.stdoutEnded = true;
        this.onEnded();
      },
      onStderrEnd: () => {
        this.stderrEnded = true;
        this.onEnded();
      },
      onExit: (code, signal) => {
        this.exit = { code, signal };
        this.onEnded();
      },
    });
  }

  // Listeners run inside emit (a throwing one is reported by the emitter), so the flag describes
  // this value alone and is down again before the next line is read. A field, so the reader calls it
  // with no arrow in between.
  private readonly deliver = (value: unknown, textLength: number): void => {
    this.deliveringShallow = textLength <= MAX_SHALLOW_TEXT_LENGTH;
    this.events.emit('message', value);
    this.deliveringShallow = false;
  };

  /** Stdout ended or the process exited: wake the teardown, or start one if nobody asked for it. */
  private onEnded(): void {
    for (const listener of [...this.progress]) listener();
    // stderr alone ending means nothing: servers may close it and keep serving.
    if (!this.finishPromise && (this.exit || this.stdoutEnded) && (this.state === 'open' || this.state === 'starting')) {
      this.finishPromise = this.finish();
    }
  }

  /** Delivers one message as one line, in call order, waiting for `drain` when the pipe is full (STDIO-2, STDIO-3). */
  send(message: JsonRpcMessage, options: SendOptions = {}): Promise<void> {
    if (this.state !== 'open') return Promise.reject(this.closedError());
    return this.writer.write(encodeLine(message), options.signal);
  }

  /**
   * {@link StdioTransport.send} without a promise: a failed write is reported as an `undelivered`
   * event. A request sent `alone` is written at once rather than with the others of this event-loop turn;
   * one whose `signal` aborts while it waits for the pipe to drain is withdrawn.
   */
  fire(message: JsonRpcMessage, alone = false, signal?: AbortSignal): void {
    if (this.state !== 'open') throw this.closedError();
    this.writer.fire(encodeLine(message), message, alone, signal);
  }

  /**
   * Shuts the server down (STDIO-7): ends stdin, waits `stdinGraceMs`; SIGTERMs the process tree, waits
   * `termGraceMs`; SIGKILLs it, waits `killGraceMs`. Concurrent and repeated calls share one promise.
   */
  close(): Promise<void> {
    this.closePromise ??= this.doClose();
    return this.closePromise;
  }

  private async doClose(): Promise<void> {
    if (this.state === 'idle') {
      this.state = 'closed';
      this.emitClose({ reason: 'closed', message: 'the stdio transport was closed before it started', exitCode: null, signal: null, stderrTail: '' });
      return;
    }
    if (this.state === 'starting') await this.startPromise?.catch(() => {});
    if (!this.finishPromise && this.state === 'open') {
      this.closedByUs = true;
      this.finishPromise = this.finish();
    }
    await this.finishPromise;
  }

  private async finish(): Promise<void> {
    this.state = 'finishing';
    if (!this.closedByUs) {
      reportAtEof({
        progress: this.progress,
        stdoutEnded: () => this.stdoutEnded,
        stderrEnded: () => this.stderrEnded,
        exited: () => this.exit !== undefined,
        closeEmitted: () => this.closeEmitted,
        report: () => this.emitClose(this.endedInfo()),
      });
    }
    let outcome: TerminateOutcome = 'did-not-exit';
    try {
      outcome = await terminateTree(this.terminateTarget(), this.timeouts, { keepAlive: true });
    } finally {
      this.finalize(outcome);
    }
  }

  private terminateTarget(): TerminateTarget {
    const child = this.child;
    return {
      pid: child?.pid,
      leadsGroup: this.leadsGroup,
      endStdin: () => {
        child?.stdin?.end();
      },
      isDone: () => this.exit !== undefined && this.stdoutEnded && this.stderrEnded,
      hasExited: () => this.exit !== undefined,
      onProgress: (listener) => {
        this.progress.add(listener);
        return () => {
          this.progress.delete(listener);
        };
      },
    };
  }

  private finalize(outcome: TerminateOutcome): void {
    this.state = 'closed';
    // A tree that survived SIGKILL stays registered so the exit hook tries once more.
    if (outcome !== 'did-not-exit') {
      this.untrack?.();
      this.untrack = undefined;
    }
    this.releaseChild();
    this.emitClose(this.closedByUs ? closedByClientInfo(this.exit, this.tail.text()) : this.endedInfo());
  }

  private endedInfo(): TransportCloseInfo {
    const o = this.options;
    return endedCloseInfo({ command: o.command, args: o.args, server: o.serverName, pid: this.child?.pid }, this.exit, this.tail.text());
  }

  /** Destroys our ends of the pipes and unrefs the child: nothing of ours keeps the event loop alive. */
  private releaseChild(): void {
    const child = this.child;
    if (!child) return;
    child.stdin?.destroy();
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.unref();
  }

  private emitClose(info: TransportCloseInfo): void {
    if (this.closeEmitted) return;
    this.closeEmitted = true;
    // The one exit of every close: the server's stderr and our command line leave masked.
    const stderrTail = info.stderrTail === undefined ? undefined : this.redact(info.stderrTail);
    this.events.emit('close', { ...info, message: this.redact(info.message), stderrTail, error: redactError(info.error, this.redact) });
  }

  private closedError(cause?: unknown): TransportClosedError {
    const reason =
      this.state === 'idle'
        ? 'not started'
        : this.state === 'starting'
          ? 'still starting'
          : this.closedByUs
            ? 'closed'
            : 'closed because the server process ended';
    return new TransportClosedError({ transport: 'stdio', server: this.options.serverName, reason }, cause === undefined ? undefined : { cause });
  }

  private writeError(error: unknown): SendFailedError | TransportClosedError {
    this.writeBroke = true;
    if (this.state !== 'open') return this.closedError(error);
    return new SendFailedError({ transport: 'stdio', server: this.options.serverName, causeCode: (error as NodeJS.ErrnoException).code }, { cause: error });
  }
}
