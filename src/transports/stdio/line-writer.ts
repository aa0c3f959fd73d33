// Serialised writes of whole lines to a child's stdin (STDIO-3): one write at a time, in call order,
// waiting for 'drain' while the pipe is full, abortable until the write starts.
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

/** Queues lines so concurrent senders never interleave and never outrun the pipe. */
export class LineWriter {
  private turn: Promise<void> = Promise.resolve();

  constructor(private readonly host: LineWriterHost) {}

  /** Resolves once the line was handed to the OS; rejects with the host's errors or the signal's reason. */
  write(line: string, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const fail = (error: unknown): void => { if (!settled) { settled = true; reject(error); } };
      const onAbort = (): void => fail(signal!.reason);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const previous = this.turn;
      let release!: () => void;
      this.turn = new Promise((r) => { release = r; });
      void previous.then(async () => {
        try {
          if (settled) return;
          let stream = this.host.writable();
          if (!stream) return fail(this.host.closedError());
          if (stream.writableNeedDrain) await drained(stream, signal);
          if (settled) return;
          stream = this.host.writable();
          if (!stream || stream.destroyed) return fail(this.host.closedError());
          signal?.removeEventListener('abort', onAbort);
          settled = true;
          stream.write(line, (error) => { if (error) reject(this.host.writeError(error)); else resolve(); });
        } catch (error) {
          fail(this.host.writable() ? this.host.writeError(error) : this.host.closedError(error));
        } finally {
          release();
        }
      });
    });
  }
}

function drained(stream: Writable, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      stream.off('error', onError);
      signal?.removeEventListener('abort', onAbort);
    };
    const onDrain = (): void => { cleanup(); resolve(); };
    const onClose = (): void => { cleanup(); reject(new Error('the stream closed while waiting for drain')); };
    const onError = (error: Error): void => { cleanup(); reject(error); };
    const onAbort = (): void => { cleanup(); reject(signal!.reason); };
    stream.on('drain', onDrain);
    stream.on('close', onClose);
    stream.on('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
