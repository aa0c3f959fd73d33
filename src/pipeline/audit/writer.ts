// Appends audit lines to a file without ever holding up a call: a line is encoded at once into an
// in-memory batch (a Buffer, its line ends noted) and the queue is written up to 25 ms later, one
// write per batch to a file kept open (an append per call cost a sequential caller more CPU than the
// call itself), or at once when it grows large; lines that come during a write wait for the next round. Encoding into the batch spares a string per
// batch, its UTF-8 copy and two byte counts per line. The file rotates by size (`file` → `file.1` …
// `file.<keep>`) between lines, never inside one. A write error is reported once per run of failures
// and drops that batch; the next batch tries again (a full disk may clear). Lines still queued when
// the process exits are written synchronously by an `exit` hook.
import { nodeFs as fs } from '../../util/node-fs.js';
import { dirname } from '../../util/node-path.js';

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
/** A batch this large is written without waiting out `batchMs`; also a batch buffer's first size. */
const EAGER_BATCH_BYTES = 64 * 1024;

/** Lines encoded back to back, and where each ends. */
interface Batch {
  bytes: Buffer;
  used: number;
  ends: number[];
}

const newBatch = (size: number): Batch => ({ bytes: Buffer.allocUnsafe(size), used: 0, ends: [] });

/** A queue of lines in front of one append-only, size-rotated file. */
export class AuditWriter {
  /** The batch lines go into; full ones wait in `queued`. */
  private batch: Batch | undefined;
  private queued: Batch[] = [];
  /** Bytes in `queued` and `batch`. */
  private queuedBytes = 0;
  /** Written batches' buffers, kept for the next ones: a few buffers take turns. */
  private spares: Buffer[] = [];
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
    // At most 3 bytes per UTF-16 unit (a pair of them is 4 bytes), plus the newline; counted exactly
    // only when that bound does not fit.
    let need = line.length * 3 + 1;
    const max = this.options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    let batch = this.batch;
    if (this.queuedBytes + need > max || batch === undefined || batch.used + need > batch.bytes.length) {
      need = Buffer.byteLength(line) + 1;
      if (this.queuedBytes + need > max) {
        this.dropped++;
        this.fail(new Error(`the audit queue is full (${this.queuedBytes} bytes waiting for ${this.options.path})`));
        return;
      }
      if (batch === undefined || batch.used + need > batch.bytes.length) batch = this.next(need);
    }
    const before = batch.used;
    batch.used += batch.bytes.write(line, before, 'utf8');
    batch.bytes[batch.used++] = 0x0a;
    batch.ends.push(batch.used);
    this.queuedBytes += batch.used - before;
    if (!this.exitHook) {
      this.exitHook = () => this.writeQueuedSync();
      process.on('exit', this.exitHook);
    }
    if (this.draining === undefined) this.schedule();
    else if (this.queuedBytes >= EAGER_BATCH_BYTES) this.wake?.();
  }

  /** Writes the queue `batchMs` from now, or at once when woken (a large batch, `flush`) or `now`. */
  private schedule(now = false): void {
    this.draining = new Promise<void>((resolve) => {
      // Unref'd: a pending batch never keeps a process alive; the exit hook writes it.
      const timer = setTimeout(resolve, now ? 0 : (this.options.batchMs ?? DEFAULT_BATCH_MS));
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => this.drain());
  }

  /** A new batch with room for `need` bytes; the current one, full, waits its turn. */
  private next(need: number): Batch {
    if (this.batch !== undefined && this.batch.used > 0) this.queued.push(this.batch);
    const spare = this.spares.pop();
    const batch: Batch = spare !== undefined && spare.length >= need ? { bytes: spare, used: 0, ends: [] } : newBatch(Math.max(EAGER_BATCH_BYTES, need));
    this.batch = batch;
    return batch;
  }

  /** Resolves when every line queued so far is written (or dropped). */
  async flush(): Promise<void> {
    while (this.draining) {
      this.wake?.();
      await this.draining;
    }
  }

  /** Writes what is queued, closes the file and stops watching for the process's exit; a later line opens it again. */
  async close(): Promise<void> {
    await this.flush();
    await this.closeFile();
    if (this.exitHook) process.off('exit', this.exitHook);
    this.exitHook = undefined;
  }

  private async drain(): Promise<void> {
    this.wake = undefined;
    // What is queued now. Lines that come while it is written wait for the next round: writing them
    // as soon as a write ended made one write (and two thread hand-offs) per line or two for
    // sequential callers, several microseconds of CPU per call.
    const batches: Batch[] = [];
    for (let batch = this.take(); batch !== undefined; batch = this.take()) batches.push(batch);
    try {
      for (const batch of batches) {
        try {
          await this.writeBatch(batch);
          this.failing = false;
        } catch (error) {
          this.dropped += batch.ends.length;
          this.size = undefined;
          await this.closeFile();
          this.fail(error);
        }
        if (this.spares.length < 2 && batch.bytes.length === EAGER_BATCH_BYTES) this.spares.push(batch.bytes);
      }
    } finally {
      this.draining = undefined;
      if (this.queuedBytes > 0) this.schedule(this.queuedBytes >= EAGER_BATCH_BYTES);
    }
  }

  /** The oldest batch of lines waiting, taken off the queue. */
  private take(): Batch | undefined {
    let batch = this.queued.shift();
    if (batch === undefined) {
      batch = this.batch;
      if (batch === undefined || batch.used === 0) return undefined;
      this.batch = undefined;
    }
    this.queuedBytes -= batch.used;
    return batch;
  }

  private async writeBatch(batch: Batch): Promise<void> {
    const { maxBytes } = this.options;
    let fd = this.fd ?? (await this.open());
    let size = this.size ?? 0;
    // Where the part not yet written starts, and where the last line that fits ends.
    let start = 0;
    let end = 0;
    let count = 0;
    for (const lineEnd of batch.ends) {
      if (size + (end - start) > 0 && size + (lineEnd - start) > maxBytes) {
        if (end > start) await this.writeChunk(fd, batch.bytes, start, end, count);
        await this.rotate();
        fd = await this.open();
        size = 0;
        start = end;
        count = 0;
      }
      end = lineEnd;
      count++;
    }
    if (end > start) await this.writeChunk(fd, batch.bytes, start, end, count);
  }

  /** Opens the file for appending (kept open: an open and a close per batch cost more than the write). */
  private async open(): Promise<number> {
    const { path } = this.options;
    const fsp = fs().promises;
    await fsp.mkdir(dirname(path), { recursive: true });
    // 0o600: the arguments of calls are nobody else's business.
    const fd = await new Promise<number>((resolve, reject) => fs().open(path, 'a', 0o600, (error, fd) => (error ? reject(error) : resolve(fd))));
    try {
      const stats = await new Promise<import('node:fs').Stats>((resolve, reject) => fs().fstat(fd, (error, s) => (error ? reject(error) : resolve(s))));
      if (!stats.isFile()) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'EISDIR' });
      this.size = stats.size;
    } catch (error) {
      fs().close(fd, () => {});
      throw error;
    }
    this.fd = fd;
    return fd;
  }

  private async writeChunk(fd: number, bytes: Buffer, start: number, end: number, count: number): Promise<void> {
    for (let at = start; at < end; ) {
      // A short write (a full disk, a signal) leaves the rest to write.
      at += await new Promise<number>((resolve, reject) => fs().write(fd, bytes, at, end - at, null, (error, n) => (error ? reject(error) : resolve(n))));
    }
    this.size = (this.size ?? 0) + (end - start);
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
    for (let batch = this.take(); batch !== undefined; batch = this.take()) {
      try {
        const bytes = batch.bytes.subarray(0, batch.used);
        if (this.fd !== undefined) fs().writeSync(this.fd, bytes);
        else fs().appendFileSync(this.options.path, bytes, { mode: 0o600 });
        this.written += batch.ends.length;
      } catch {
        this.dropped += batch.ends.length;
      }
    }
  }

  private fail(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.options.onError(error);
  }
}
