// Appends audit lines to a file without ever holding up a call: a line joins an in-memory queue and
// the queue is written a few milliseconds later, one append per batch (an append per call cost a
// sequential caller more CPU than the call itself), or at once when a batch grows large. The file rotates by
// size (`file` → `file.1` … `file.<keep>`) between lines, never inside one. A write error is reported
// once per run of failures and drops that batch; the next batch tries again (a full disk may clear).
// Lines still queued when the process exits are written synchronously by an `exit` hook.
import { dirname } from 'node:path';
import { nodeFs as fs } from '../../util/node-fs.js';

/** Where and how a writer appends. */
export interface AuditWriterOptions {
  /** Absolute path of the file. */
  path: string;
  /** The file rotates before a line would take it past this size. */
  maxBytes: number;
  /** Rotated files kept (`file.1` newest … `file.<keep>` oldest). */
  keep: number;
  /** The first error of a run of failed writes. */
  onError(error: unknown): void;
  /** Lines past this many queued bytes are dropped (a disk that stopped answering). @defaultValue 64 MiB */
  maxQueuedBytes?: number;
  /** How long a line may wait for others to share its write. @defaultValue 10 ms */
  batchMs?: number;
}

const DEFAULT_MAX_QUEUED_BYTES = 64 * 1024 * 1024;
const DEFAULT_BATCH_MS = 10;
/** A batch this large is written without waiting out `batchMs`. */
const EAGER_BATCH_BYTES = 64 * 1024;

/** A queue of lines in front of one append-only, size-rotated file. */
export class AuditWriter {
  private queue: string[] = [];
  private queuedBytes = 0;
  private draining: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** The file's size as far as this writer knows; read from disk on the first write. */
  private size: number | undefined;
  private failing = false;
  private exitHook: (() => void) | undefined;
  /** Lines lost: a failed write or a full queue. */
  dropped = 0;
  /** Lines written. */
  written = 0;

  constructor(private readonly options: AuditWriterOptions) {}

  /** Queues one line (without its newline). Never throws, never waits. */
  append(line: string): void {
    const text = line + '\n';
    const bytes = Buffer.byteLength(text);
    if (this.queuedBytes + bytes > (this.options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES)) {
      this.dropped++;
      this.fail(new Error(`the audit queue is full (${this.queuedBytes} bytes waiting for ${this.options.path})`));
      return;
    }
    this.queue.push(text);
    this.queuedBytes += bytes;
    if (!this.exitHook) {
      this.exitHook = () => this.writeQueuedSync();
      process.on('exit', this.exitHook);
    }
    if (this.draining) {
      if (this.queuedBytes >= EAGER_BATCH_BYTES) this.wake?.();
      return;
    }
    this.draining = new Promise<void>((resolve) => {
      // Unref'd: a pending batch never keeps a process alive; the exit hook writes it.
      const timer = setTimeout(resolve, this.options.batchMs ?? DEFAULT_BATCH_MS);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => this.drain());
  }

  /** Resolves when every line queued so far is written (or dropped). */
  async flush(): Promise<void> {
    while (this.draining) {
      this.wake?.();
      await this.draining;
    }
  }

  /** Writes what is queued and stops watching for the process's exit. */
  async close(): Promise<void> {
    await this.flush();
    if (this.exitHook) process.off('exit', this.exitHook);
    this.exitHook = undefined;
  }

  private async drain(): Promise<void> {
    this.wake = undefined;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        this.queuedBytes = 0;
        try {
          await this.writeBatch(batch);
          this.failing = false;
        } catch (error) {
          this.dropped += batch.length;
          this.size = undefined;
          this.fail(error);
        }
      }
    } finally {
      this.draining = undefined;
    }
  }

  private async writeBatch(lines: string[]): Promise<void> {
    const { path, maxBytes } = this.options;
    const fsp = fs().promises;
    if (this.size === undefined) {
      await fsp.mkdir(dirname(path), { recursive: true });
      this.size = await fsp.stat(path).then(
        (s) => s.size,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return 0;
          throw error;
        },
      );
    }
    let chunk = '';
    let chunkBytes = 0;
    let count = 0;
    for (const line of lines) {
      const bytes = Buffer.byteLength(line);
      if (this.size + chunkBytes > 0 && this.size + chunkBytes + bytes > maxBytes) {
        if (chunk !== '') await this.appendChunk(chunk, chunkBytes, count);
        await this.rotate();
        chunk = '';
        chunkBytes = 0;
        count = 0;
      }
      chunk += line;
      chunkBytes += bytes;
      count++;
    }
    if (chunk !== '') await this.appendChunk(chunk, chunkBytes, count);
  }

  private async appendChunk(chunk: string, bytes: number, count: number): Promise<void> {
    // 0o600: the arguments of calls are nobody else's business.
    await fs().promises.appendFile(this.options.path, chunk, { mode: 0o600 });
    this.size = (this.size ?? 0) + bytes;
    this.written += count;
  }

  private async rotate(): Promise<void> {
    const { path, keep } = this.options;
    const fsp = fs().promises;
    const ignoreMissing = (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    };
    // Oldest first, so no rename overwrites a file still to be moved.
    for (let i = keep - 1; i >= 1; i--) await fsp.rename(`${path}.${i}`, `${path}.${i + 1}`).catch(ignoreMissing);
    await fsp.rename(path, `${path}.1`).catch(ignoreMissing);
    this.size = 0;
  }

  private writeQueuedSync(): void {
    if (this.queue.length === 0) return;
    try {
      fs().appendFileSync(this.options.path, this.queue.join(''), { mode: 0o600 });
      this.written += this.queue.length;
    } catch {
      this.dropped += this.queue.length;
    }
    this.queue = [];
    this.queuedBytes = 0;
  }

  private fail(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.options.onError(error);
  }
}
