// Appends audit lines to a file without ever holding up a call: a line joins an in-memory queue and
// the queue is written up to 25 ms later, one write per batch to a file kept open (an append per call cost a
// sequential caller more CPU than the call itself), or at once when a batch grows large. The file rotates by
// size (`file` → `file.1` … `file.<keep>`) between lines, never inside one. A write error is reported
// once per run of failures and drops that batch; the next batch tries again (a full disk may clear).
// Lines still queued when the process exits are written synchronously by an `exit` hook.
import { nodeFs as fs } from '../../util/node-fs.js';
const { dirname } = process.getBuiltinModule('node:path');

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
  /** How long a line may wait for others to share its write. @defaultValue 25 ms */
  batchMs?: number;
}

const DEFAULT_MAX_QUEUED_BYTES = 64 * 1024 * 1024;
const DEFAULT_BATCH_MS = 25;
/** A batch this large is written without waiting out `batchMs`. */
const EAGER_BATCH_BYTES = 64 * 1024;

/** A queue of lines in front of one append-only, size-rotated file. */
export class AuditWriter {
  private queue: string[] = [];
  private queuedBytes = 0;
  private draining: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** The file's size as far as this writer knows; read from disk when the file is opened. */
  private size: number | undefined;
  private fd: number | undefined;
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
    await this.closeFile();
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
          await this.closeFile();
          this.fail(error);
        }
      }
    } finally {
      this.draining = undefined;
    }
  }

  private async writeBatch(lines: string[]): Promise<void> {
    const { maxBytes } = this.options;
    let fd = this.fd ?? (await this.open());
    let size = this.size ?? 0;
    let chunk = '';
    let chunkBytes = 0;
    let count = 0;
    for (const line of lines) {
      const bytes = Buffer.byteLength(line);
      if (size + chunkBytes > 0 && size + chunkBytes + bytes > maxBytes) {
        if (chunk !== '') await this.writeChunk(fd, chunk, chunkBytes, count);
        await this.rotate();
        fd = await this.open();
        size = 0;
        chunk = '';
        chunkBytes = 0;
        count = 0;
      }
      chunk += line;
      chunkBytes += bytes;
      count++;
    }
    if (chunk !== '') await this.writeChunk(fd, chunk, chunkBytes, count);
  }

  /** Opens the file for appending (kept open: an open and a close per batch cost more than the write). */
  private async open(): Promise<number> {
    const { path } = this.options;
    const fsp = fs().promises;
    await fsp.mkdir(dirname(path), { recursive: true });
    // 0o600: the arguments of calls are nobody else's business.
    const fd = await new Promise<number>((resolve, reject) => fs().open(path, 'a', 0o600, (error, fd) => (error ? reject(error) : resolve(fd))));
    try {
      this.size = await new Promise<number>((resolve, reject) => fs().fstat(fd, (error, stats) => (error ? reject(error) : resolve(stats.size))));
      if (!(await this.isFile(fd))) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'EISDIR' });
    } catch (error) {
      fs().close(fd, () => {});
      throw error;
    }
    this.fd = fd;
    return fd;
  }

  private isFile(fd: number): Promise<boolean> {
    return new Promise((resolve, reject) => fs().fstat(fd, (error, stats) => (error ? reject(error) : resolve(stats.isFile()))));
  }

  private async writeChunk(fd: number, chunk: string, bytes: number, count: number): Promise<void> {
    await new Promise<void>((resolve, reject) => fs().writeFile(fd, chunk, (error) => (error ? reject(error) : resolve())));
    this.size = (this.size ?? 0) + bytes;
    this.written += count;
  }

  /** Closes the file; the next batch opens it again. */
  private async closeFile(): Promise<void> {
    const fd = this.fd;
    this.fd = undefined;
    if (fd !== undefined) await new Promise<void>((resolve) => fs().close(fd, () => resolve()));
  }

  private async rotate(): Promise<void> {
    await this.closeFile();
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
      const text = this.queue.join('');
      if (this.fd !== undefined) fs().writeSync(this.fd, text);
      else fs().appendFileSync(this.options.path, text, { mode: 0o600 });
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
