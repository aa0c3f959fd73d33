// The server's stderr: a ring buffer of the last bytes (for exit errors) and a line splitter (for
// log forwarding). Both are bounded so a chatty server cannot grow our memory.

/** Default size of the kept tail: 64 KiB. */
export const DEFAULT_STDERR_TAIL_BYTES = 64 * 1024;
/** A stderr line longer than this is delivered in pieces of this size. */
export const MAX_STDERR_LINE_CHARS = 16 * 1024;

/** Keeps the last `maxBytes` of a byte stream. */
export class StderrTail {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private truncated = false;

  constructor(private readonly maxBytes: number = DEFAULT_STDERR_TAIL_BYTES) {}

  push(chunk: Buffer): void {
    if (chunk.length >= this.maxBytes) {
      this.truncated ||= this.bytes > 0 || chunk.length > this.maxBytes;
      this.chunks = [chunk.subarray(chunk.length - this.maxBytes)];
      this.bytes = this.maxBytes;
      return;
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.bytes > this.maxBytes) {
      const first = this.chunks[0]!;
      const excess = this.bytes - this.maxBytes;
      this.truncated = true;
      if (first.length <= excess) {
        this.chunks.shift();
        this.bytes -= first.length;
      } else {
        this.chunks[0] = first.subarray(excess);
        this.bytes -= excess;
      }
    }
  }

  /** The kept text. When older output was dropped, a partial first line (or cut character) is dropped too. */
  text(): string {
    let text = new TextDecoder('utf-8').decode(Buffer.concat(this.chunks));
    if (this.truncated) {
      const nl = text.indexOf('\n');
      text = nl >= 0 && nl < text.length - 1 ? text.slice(nl + 1) : text.replace(/^\uFFFD+/, '');
    }
    return text;
  }

  get size(): number {
    return this.bytes;
  }
}

/** Splits a byte stream into lines (streaming UTF-8 decode; `\r\n` tolerated; over-long lines cut). */
export class LineSplitter {
  private readonly decoder = new TextDecoder('utf-8');
  private partial = '';

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxChars: number = MAX_STDERR_LINE_CHARS,
  ) {}

  push(chunk: Buffer): void {
    this.take(this.decoder.decode(chunk, { stream: true }));
  }

  /** Flushes the last, unterminated line. */
  end(): void {
    this.take(this.decoder.decode());
    if (this.partial !== '') {
      const line = this.partial;
      this.partial = '';
      this.emit(line);
    }
  }

  private take(text: string): void {
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl < 0) break;
      const line = this.partial + text.slice(start, nl);
      this.partial = '';
      this.emit(line.endsWith('\r') ? line.slice(0, -1) : line);
      start = nl + 1;
    }
    this.partial += text.slice(start);
    if (this.partial.length > this.maxChars) {
      // Keep a non-empty remainder so a newline right after a cut does not yield an empty line.
      const whole = this.partial.length - (this.partial.length % this.maxChars || this.maxChars);
      this.emit(this.partial.slice(0, whole));
      this.partial = this.partial.slice(whole);
    }
  }

  private emit(line: string): void {
    for (let i = 0; i < line.length; i += this.maxChars) this.onLine(line.slice(i, i + this.maxChars));
    if (line.length === 0) this.onLine(line);
  }
}
