// Writes whole lines to a child's stdin (STDIO-3): in call order, never interleaved, never outrunning
// the pipe. Lines sent in the same tick are joined and leave in one write on the next tick, so 64
// requests in flight cost one syscall instead of 64; while the pipe is full, lines wait in a queue
// (abortable until written) and go out on 'drain'.
import type { Writable } from 'node:stream';

/** What the writer asks its owner at each write. */
export interface LineWriterHost {
  /** The stream to write to, while the transport is open; undefined once it is closing or closed. */
  writable(): Writable | undefined;
  /** The error for a write attempted when the transport is not open. */
  closedError(cause?: unknown): unknown;
  /** The error for a write that failed (EPIPE...). */
  writeError(cause: unknown): unknown;
}

interface Batch {
  stream: Writable;
  lines: string[];
  done: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

interface Waiting {
  line: string;
  resolve(): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** Queues lines so concurrent senders never interleave and never outrun the pipe. */
export class LineWriter {
  private readonly waiting: Waiting[] = [];
  /** Lines of the current tick, written together on the next one; all of them share one promise. */
  private batch?: Batch;
  private drainListener?: { stream: Writable; off(): void };

  constructor(private readonly host: LineWriterHost) {}

  /** Resolves once the line was handed to the OS; rejects with the host's errors or the signal's reason. */
  write(line: string, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const stream = this.host.writable();
    if (!stream || stream.destroyed) return Promise.reject(this.host.closedError());
    // Order is kept: once something waits for 'drain', later lines wait behind it.
    if (this.waiting.length === 0 && (!stream.writableNeedDrain || this.batch?.stream === stream)) return this.writeNow(stream, line);
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = { line, resolve, reject, signal };
      if (signal) {
        entry.onAbort = () => {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) {
            this.waiting.splice(at, 1);
            reject(signal.reason);
          }
        };
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.waiting.push(entry);
      this.awaitDrain(stream);
    });
  }

  // Lines of one tick share one promise: the hot path allocates no promise per message.
  private writeNow(stream: Writable, line: string): Promise<void> {
    if (this.batch?.stream === stream) {
      this.batch.lines.push(line);
      return this.batch.done;
    }
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const done = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const batch: Batch = { stream, lines: [line], done, resolve, reject };
    this.batch = batch;
    // A tick, not a microtask: every send made while promise callbacks run joins this write.
    process.nextTick(() => this.flushBatch(batch));
    return done;
  }

  private flushBatch(batch: Batch): void {
    if (this.batch === batch) this.batch = undefined;
    const { stream, lines } = batch;
    const done = (error?: unknown): void => {
      if (error) batch.reject(error);
      else batch.resolve();
    };
    if (stream.destroyed || this.host.writable() !== stream) {
      done(this.host.closedError());
      return;
    }
    try {
      stream.write(lines.length === 1 ? lines[0] : lines.join(''), (error) => done(error ? this.host.writeError(error) : undefined));
    } catch (error) {
      done(this.host.writable() ? this.host.writeError(error) : this.host.closedError(error));
    }
  }

  private awaitDrain(stream: Writable): void {
    if (this.drainListener?.stream === stream) return;
    const onDrain = (): void => {
      off();
      this.flushWaiting();
    };
    const onEnd = (): void => {
      off();
      this.failWaiting(this.host.closedError());
    };
    const off = (): void => {
      stream.off('drain', onDrain);
      stream.off('close', onEnd);
      stream.off('error', onEnd);
      if (this.drainListener?.stream === stream) this.drainListener = undefined;
    };
    stream.on('drain', onDrain);
    stream.on('close', onEnd);
    stream.on('error', onEnd);
    this.drainListener = { stream, off };
  }

  private flushWaiting(): void {
    const stream = this.host.writable();
    if (!stream || stream.destroyed) {
      this.failWaiting(this.host.closedError());
      return;
    }
    while (this.waiting.length > 0 && !stream.writableNeedDrain) {
      const entry = this.waiting.shift()!;
      if (entry.onAbort) entry.signal!.removeEventListener('abort', entry.onAbort);
      this.writeNow(stream, entry.line).then(entry.resolve, entry.reject);
    }
    if (this.waiting.length > 0) this.awaitDrain(stream);
  }

  private failWaiting(error: unknown): void {
    for (const entry of this.waiting.splice(0)) {
      if (entry.onAbort) entry.signal!.removeEventListener('abort', entry.onAbort);
      entry.reject(error);
    }
  }
}
