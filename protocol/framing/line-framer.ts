// Push framer for newline-delimited streams (stdio): bytes in, complete lines out.
// Linear in message size: only each new chunk is scanned for '\n', fragments of a long line are kept
// in a list and joined once when the line ends. Splitting happens on bytes before decoding, which is
// safe because 0x0A never occurs inside a multi-byte UTF-8 sequence (STDIO-2, JSONRPC-6).
import { FramingError } from '../errors/protocol-errors.js';

/**
 * Default cap on one message, on every transport: 128 MiB. The cap counts the whole JSON envelope,
 * so a 64 MiB payload (a base64 image, a file) still arrives whole with the defaults.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 128 * 1024 * 1024;

const NEWLINE = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;
const EXCERPT_BYTES = 200;

export interface LineFramerOptions {
  /** Receives each complete, non-blank line, without its line ending. */
  onLine(line: string): void;
  /**
   * Receives lines that could not be read (invalid UTF-8, over the size cap). Framing continues. An
   * oversized line is reported the moment it crosses the cap (`bytes`: what had arrived by then),
   * not when it ends: a line that never ends must not wait for a newline to be reported.
   */
  onError(error: FramingError): void;
  /** Largest line accepted, in bytes; a longer one is discarded as it streams. */
  maxLineBytes?: number;
  /**
   * Whether the caller may overwrite a chunk after `feed()` returns, so held fragments must be
   * copied. Node streams hand out fresh buffers: pass false there to save a copy of big messages.
   * @defaultValue true
   */
  reusesBuffers?: boolean;
}

export interface LineFramer {
  /** Feeds the next chunk of the stream. */
  feed(chunk: Uint8Array): void;
  /** Signals the end of the stream: a final unterminated line is delivered too. */
  end(): void;
  /** Bytes currently held for an unfinished line (memory stays bounded by the cap). */
  readonly bufferedBytes: number;
}

/** Creates a framer. See {@link LineFramerOptions}. */
export function createLineFramer(options: LineFramerOptions): LineFramer {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const copyChunks = options.reusesBuffers ?? true;
  let fragments: Uint8Array[] = [];
  let pendingBytes = 0;
  // While discarding an oversized line (already reported) we keep nothing but the state itself.
  let discarding = false;

  // Decoding happens in its own frame, so that once it returns nothing holds the line's bytes and
  // they can be collected while the consumer parses the (equally large) string.
  function deliver(last: Uint8Array): void {
    const line = decodeLine(last);
    if (line !== undefined) options.onLine(line);
  }

  function decodeLine(last: Uint8Array): string | undefined {
    const bytes = joinPending(last);
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === CR) end--;
    if (end === 0) return undefined;
    const body = end === bytes.length ? bytes : bytes.subarray(0, end);
    let line: string;
    try {
      line = decoder.decode(body);
    } catch {
      options.onError(
        new FramingError('invalid-utf8', `a line of ${body.length} bytes is not valid UTF-8 and was skipped`, {
          bytes: body.length,
          excerpt: latin1Excerpt(body),
        }),
      );
      return undefined;
    }
    // Blank lines are skipped; a line opening with `{` (every message) skips the test.
    return line.charCodeAt(0) === 0x7b || /\S/.test(line) ? line : undefined;
  }

  // Reports the line now, with its head (which usually names the response's id), and drops what is held.
  function startDiscard(piece: Uint8Array): void {
    const seen = pendingBytes + piece.length;
    const head = headOf(piece);
    discarding = true;
    fragments = [];
    pendingBytes = 0;
    options.onError(
      new FramingError('too-large', `a message of at least ${seen} bytes exceeds the limit of ${maxLineBytes} bytes and is discarded`, {
        bytes: seen,
        limit: maxLineBytes,
        excerpt: latin1Excerpt(head),
      }),
    );
  }

  // The first EXCERPT_BYTES of the line: held fragments first, then the piece that crossed the cap.
  function headOf(piece: Uint8Array): Uint8Array {
    const out = new Uint8Array(Math.min(EXCERPT_BYTES, pendingBytes + piece.length));
    let offset = 0;
    for (const f of [...fragments, piece]) {
      if (offset >= out.length) break;
      const take = f.subarray(0, out.length - offset);
      out.set(take, offset);
      offset += take.length;
    }
    return out;
  }

  function joinPending(last: Uint8Array): Uint8Array {
    if (fragments.length === 0) return last;
    const out = new Uint8Array(pendingBytes + last.length);
    let offset = 0;
    for (const f of fragments) {
      out.set(f, offset);
      offset += f.length;
    }
    out.set(last, offset);
    fragments = [];
    pendingBytes = 0;
    return out;
  }

  function feed(chunk: Uint8Array): void {
    let start = 0;
    // Cleared for the rest of the chunk once a region failed to decode, so it is decoded once at most.
    let regions = true;
    while (start < chunk.length) {
      if (regions && fragments.length === 0 && !discarding) {
        const last = chunk.lastIndexOf(NEWLINE);
        // No line of the region can be over the cap when the region itself is not.
        if (last > start && last - start <= maxLineBytes) {
          if (deliverRegion(chunk.subarray(start, last))) {
            start = last + 1;
            continue;
          }
          regions = false;
        }
      }
      const nl = chunk.indexOf(NEWLINE, start);
      const stop = nl === -1 ? chunk.length : nl;
      const piece = chunk.subarray(start, stop);
      if (discarding) {
        if (nl === -1) return;
        discarding = false;
      } else if (pendingBytes + piece.length > maxLineBytes) {
        startDiscard(piece);
        if (nl === -1) return;
        discarding = false;
      } else if (nl === -1) {
        // Copy unless the caller promised fresh buffers (Node streams never reuse theirs).
        fragments.push(copyChunks ? piece.slice() : piece);
        pendingBytes += piece.length;
        return;
      } else {
        deliver(piece);
      }
      start = stop + 1;
    }
  }

  // The complete lines of a chunk (`region`: from a line's start to the chunk's last newline) decoded
  // in one call and split as text: one decode per chunk instead of a view and a decode per line. The
  // lines come out as the line-by-line path makes them: a CR before the newline dropped, a leading
  // byte order mark dropped (the decoder drops the region's first), blank lines skipped. False when
  // the region is not valid UTF-8: the line-by-line path then reports the lines that are not.
  function deliverRegion(region: Uint8Array): boolean {
    let text: string;
    try {
      text = decoder.decode(region);
    } catch {
      return false;
    }
    let from = 0;
    while (from <= text.length) {
      const nl = text.indexOf('\n', from);
      const stop = nl === -1 ? text.length : nl;
      let line = text.slice(from, text.charCodeAt(stop - 1) === CR && stop > from ? stop - 1 : stop);
      if (from > 0 && line.charCodeAt(0) === BOM) line = line.slice(1);
      if (line.charCodeAt(0) === 0x7b || /\S/.test(line)) options.onLine(line);
      if (nl === -1) break;
      from = nl + 1;
    }
    return true;
  }

  function end(): void {
    if (discarding) discarding = false;
    else if (pendingBytes > 0) deliver(new Uint8Array());
  }

  return {
    feed,
    end,
    get bufferedBytes() {
      return pendingBytes;
    },
  };
}

function latin1Excerpt(bytes: Uint8Array): string {
  const head = bytes.subarray(0, EXCERPT_BYTES);
  // Lenient decoding: an excerpt is for humans and must not throw on a cut character.
  return new TextDecoder('utf-8').decode(head).replace(/[\u0000-\u001f]/g, ' ');
}
