// The stdio transport (STDIO-1..8): spawns the server, frames stdout into messages, writes lines
// to stdin with backpressure, drains stderr into a tail, and ends with one `close` carrying exit info.
import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { createMessageFramer, encodeLine, Emitter, FramingError, type JsonRpcMessage } from '../../../protocol/index.js';
import { collectSecrets, createRedactor, formatCommand, redactError, type Redact } from '../../../protocol/redact.js';
import { describeExit, SendFailedError, ServerExitedError, summarizeServerExit, TransportClosedError } from '../../errors/transport-errors.js';
import type { SendOptions, Transport, TransportCloseInfo, TransportEvents } from '../transport.js';
import { trackChild } from './exit-hook.js';
import { LineWriter } from './line-writer.js';
import { launchServer, type SpawnFunction } from './spawn.js';
import { LineSplitter, StderrTail } from './stderr-tail.js';
import { terminateTree, type TerminateOutcome, type TerminateTarget, type TerminateTimeouts } from './terminate.js';

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
   * status). Env values, secret-looking arguments and these are masked; see {@link collectSecrets}.
   */
  secrets?: readonly string[];
  /** Replaces `child_process.spawn` (tests, sandboxes). */
  spawn?: SpawnFunction;
}

/** Default shutdown bounds: 2 s after closing stdin, 2 s after SIGTERM, 1 s after SIGKILL. */
export const DEFAULT_CLOSE_TIMEOUTS: Readonly<TerminateTimeouts> = { stdinGraceMs: 2000, termGraceMs: 2000, killGraceMs: 1000 };

/**
 * After the server closed its stdout, how long we wait for its exit (and stderr's end) so the close
 * info carries the exit code and the whole stderr tail; then pending requests fail, teardown or not.
 * When stderr has ended too, the process is exiting (a loaded machine may deliver the exit late), so
 * we wait up to {@link EXIT_WAIT_MS} more for its exit code.
 */
export const EXIT_SETTLE_MS = 250;
/** See {@link EXIT_SETTLE_MS}. */
export const EXIT_WAIT_MS = 2000;

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
  /** Masks this server's configured secrets (env values, secret arguments, `secrets`). */
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
  private startPromise: Promise<void> | undefined;
  private closePromise: Promise<void> | undefined;
  private finishPromise: Promise<void> | undefined;
  private readonly writer = new LineWriter({
    writable: () => (this.state === 'open' ? (this.child?.stdin ?? undefined) : undefined),
    closedError: (cause) => this.closedError(cause),
    writeError: (cause) => this.writeError(cause),
  });
  private readonly progress = new Set<() => void>();
  private untrack: (() => void) | undefined;
  private closeEmitted = false;

  constructor(options: StdioTransportOptions) {
    this.options = { ...options };
    this.redact = createRedactor(collectSecrets({ args: options.args, env: options.env, secrets: options.secrets }));
    this.startupTimeoutMs = options.startupTimeoutMs;
    this.timeouts = { ...DEFAULT_CLOSE_TIMEOUTS, ...definedOnly(options.closeTimeouts ?? {}) };
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
    const mine = (): boolean => child === this.child;
    const framer = createMessageFramer({
      maxMessageBytes: this.options.maxMessageBytes,
      // Readable streams never reuse a chunk they emitted, so the framer may keep them as they are.
      reusesBuffers: false,
      onValue: (value) => {
        if (mine()) this.events.emit('message', value);
      },
      onError: (error) => {
        if (mine()) this.events.emit('error', redactError(this.withServer(error), this.redact));
      },
    });
    const stdout = child.stdout as Readable;
    stdout.on('data', (chunk: Buffer) => {
      if (mine() && !this.stdoutEnded) framer.feed(chunk);
    });
    const onStdoutDone = (): void => {
      if (!mine() || this.stdoutEnded) return;
      this.stdoutEnded = true;
      framer.end();
      this.onEnded();
    };
    stdout.on('end', onStdoutDone);
    stdout.on('close', onStdoutDone);
    stdout.on('error', onStdoutDone);
    // EPIPE after the server exits is expected; sends see it through their write callbacks.
    (child.stdin as Writable).on('error', () => {});
    if (child.stderr) {
      // Always drained: a server blocked on a full stderr pipe stops answering.
      const splitter = new LineSplitter((line) => {
        if (mine()) this.events.emit('stderr', this.redact(line));
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (!mine()) return;
        this.tail.push(chunk);
        splitter.push(chunk);
      });
      const onStderrDone = (): void => {
        if (!mine() || this.stderrEnded) return;
        this.stderrEnded = true;
        splitter.end();
        this.onEnded();
      };
      child.stderr.on('end', onStderrDone);
      child.stderr.on('close', onStderrDone);
      child.stderr.on('error', onStderrDone);
    } else {
      this.stderrEnded = true;
    }
    child.on('exit', (code, signal) => {
      if (!mine() || this.exit) return;
      this.exit = { code, signal };
      this.onEnded();
    });
    // Spawn failures are reported through `ready`; later 'error' events (failed kill) need no action.
    child.on('error', () => {});
  }

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
    if (!this.closedByUs) this.reportAtEof();
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

  /**
   * The server ended its side: once stdout reached end of file (every message it wrote has been
   * delivered), `close` is emitted as soon as the process exited and stderr ended, or after
   * {@link EXIT_SETTLE_MS}, so pending requests fail at EOF instead of after the teardown's grace
   * periods (a server that closed stdout but lives on). The teardown carries on behind it.
   */
  private reportAtEof(): void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waitedForExit = false;
    const stop = (): void => {
      this.progress.delete(check);
      clearTimeout(timer);
    };
    const report = (): void => {
      stop();
      this.emitClose(this.endedInfo());
    };
    const settled = (): void => {
      if (this.closeEmitted) {
        stop();
        return;
      }
      // Both pipes closed but no exit yet: the process is on its way out, its exit code is worth waiting for.
      if (!this.exit && this.stderrEnded && !waitedForExit) {
        waitedForExit = true;
        timer = setTimeout(settled, EXIT_WAIT_MS);
        return;
      }
      report();
    };
    const check = (): void => {
      if (this.closeEmitted) {
        stop();
        return;
      }
      if (!this.stdoutEnded) return;
      if (this.exit && this.stderrEnded) {
        report();
        return;
      }
      timer ??= setTimeout(settled, EXIT_SETTLE_MS);
    };
    this.progress.add(check);
    check();
  }

  private finalize(outcome: TerminateOutcome): void {
    this.state = 'closed';
    // A tree that survived SIGKILL stays registered so the exit hook tries once more.
    if (outcome !== 'did-not-exit') {
      this.untrack?.();
      this.untrack = undefined;
    }
    this.releaseChild();
    if (this.closedByUs) {
      const exitCode = this.exit?.code ?? null;
      const signal = this.exit?.signal ?? null;
      this.emitClose({
        reason: 'closed',
        message: `closed by the client; the server process ${this.exit ? describeExit(exitCode, signal) : 'did not exit'}`,
        exitCode,
        signal,
        stderrTail: this.tail.text(),
      });
      return;
    }
    this.emitClose(this.endedInfo());
  }

  /** Close info for a server that ended on its own: exited, or (still alive) closed its stdout. */
  private endedInfo(): TransportCloseInfo {
    const exitCode = this.exit?.code ?? null;
    const signal = this.exit?.signal ?? null;
    const stderrTail = this.tail.text();
    const init = { command: this.options.command, args: this.options.args, server: this.options.serverName, pid: this.child?.pid, exitCode, signal };
    const error = new ServerExitedError({ ...init, stderrTail });
    // The summary leaves stderr out: whoever renders the close info appends the tail itself.
    const message = this.exit ? summarizeServerExit(init) : `${summarizeServerExit(init).replace(/ exited$/, '')} closed its stdout`;
    return { reason: 'exited', message, exitCode, signal, stderrTail, error };
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

  private withServer(error: FramingError): FramingError {
    const server = this.options.serverName;
    if (!server) return error;
    const context = error.context as { reason: 'not-json' | 'invalid-utf8' | 'too-large'; bytes?: number; limit?: number; excerpt?: string };
    return new FramingError(context.reason, `server "${server}": ${error.message}`, { ...context, server });
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
    if (this.state !== 'open') return this.closedError(error);
    return new SendFailedError({ transport: 'stdio', server: this.options.serverName, causeCode: (error as NodeJS.ErrnoException).code }, { cause: error });
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
