// The read side of a stdio server: stdout framed into messages, stderr drained into the tail and
// split into lines, and the child's exit. Each end is reported once; nothing is reported once the
// transport moved on to another child (`mine`), so a late event of an old child cannot leak in.
import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { createMessageFramer, FramingError } from '../../../protocol/index.js';
import { LineSplitter, type StderrTail } from './stderr-tail.js';

/** Where {@link readChild} delivers what the server wrote and when its streams end. */
export interface ChildReaderSink {
  /** False once the transport no longer owns this child: every later event is dropped. */
  mine(): boolean;
  maxMessageBytes: number | undefined;
  /** Receives every stderr chunk (the tail kept for errors and close info). */
  tail: StderrTail;
  /** `textLength`: of the line the value was parsed from. */
  onMessage(value: unknown, textLength: number): void;
  onFramingError(error: FramingError): void;
  onStderrLine(line: string): void;
  onStdoutEnd(): void;
  /** Only for a piped stderr; an unpiped one counts as ended from the start. */
  onStderrEnd(): void;
  onExit(code: number | null, signal: NodeJS.Signals | null): void;
}

/** Subscribes to the child's stdout, stdin errors, stderr and exit. */
export function readChild(child: ChildProcess, sink: ChildReaderSink): void {
  const { mine } = sink;
  let stdoutEnded = false;
  const framer = createMessageFramer({
    maxMessageBytes: sink.maxMessageBytes,
    // Readable streams never reuse a chunk they emitted, so the framer may keep them as they are.
    reusesBuffers: false,
    onValue: (value, textLength) => {
      if (mine()) sink.onMessage(value, textLength);
    },
    onError: (error) => {
      if (mine()) sink.onFramingError(error);
    },
  });
  const stdout = child.stdout as Readable;
  stdout.on('data', (chunk: Buffer) => {
    if (mine() && !stdoutEnded) framer.feed(chunk);
  });
  const onStdoutDone = (): void => {
    if (!mine() || stdoutEnded) return;
    stdoutEnded = true;
    framer.end();
    sink.onStdoutEnd();
  };
  stdout.on('end', onStdoutDone);
  stdout.on('close', onStdoutDone);
  stdout.on('error', onStdoutDone);
  // EPIPE after the server exits is expected; sends see it through their write callbacks.
  (child.stdin as Writable).on('error', () => {});
  const stderr = child.stderr;
  if (stderr) {
    let stderrEnded = false;
    // Always drained: a server blocked on a full stderr pipe stops answering.
    const splitter = new LineSplitter((line) => {
      if (mine()) sink.onStderrLine(line);
    });
    stderr.on('data', (chunk: Buffer) => {
      if (!mine()) return;
      sink.tail.push(chunk);
      splitter.push(chunk);
    });
    const onStderrDone = (): void => {
      if (!mine() || stderrEnded) return;
      stderrEnded = true;
      splitter.end();
      sink.onStderrEnd();
    };
    stderr.on('end', onStderrDone);
    stderr.on('close', onStderrDone);
    stderr.on('error', onStderrDone);
  }
  let exited = false;
  child.on('exit', (code, signal) => {
    if (!mine() || exited) return;
    exited = true;
    sink.onExit(code, signal);
  });
  // Spawn failures are reported through `ready`; later 'error' events (failed kill) need no action.
  child.on('error', () => {});
}

/** The framing error with the server's configured name in its message and context. */
export function withServerName(error: FramingError, server: string | undefined): FramingError {
  if (!server) return error;
  const context = error.context as { reason: 'not-json' | 'invalid-utf8' | 'too-large'; bytes?: number; limit?: number; excerpt?: string };
  return new FramingError(context.reason, `server "${server}": ${error.message}`, { ...context, server });
}
