// The only eventsource-parser import: an HTTP body → SSE events, with the last event id and the
// server's `retry:` tracked per stream (HTTP-6, HTTP-26, HTTP-27) and a bound on one event's size.
// The parser is loaded when the first stream is read: a server that answers POSTs with JSON and
// refuses the GET stream never needs it, and the first connect does not wait for it.
import type { createParser as CreateParser } from 'eventsource-parser';
import type { SseEvent } from '../../../protocol/framing/sse-event.js';

/** The resumption state of one logical stream; carried over when the stream is resumed with GET. */
export interface SseCursor {
  /** Last `id:` seen ('' when the server reset it). Sent back as `Last-Event-ID`. */
  lastEventId?: string;
  /** Last `retry:` seen, in milliseconds: how long to wait before reconnecting (HTTP-27). */
  retryMs?: number;
}

/** How a read ended. `eof`: the server closed the stream; `error`: it broke; `too-large`: one event exceeded the limit; `stopped`: the caller stopped. */
export type SseEnd =
  | { kind: 'eof'; events: number }
  | { kind: 'error'; events: number; error: unknown }
  | { kind: 'too-large'; events: number; limit: number }
  | { kind: 'stopped'; events: number };

export interface SseReadOptions {
  /** Largest event: its data in UTF-8 bytes, and what the parser may buffer, in characters. */
  maxEventChars: number;
  /** Each complete event, priming events (empty data) included. Return `false` to stop reading. */
  onEvent(event: SseEvent): boolean | void;
  /** Updated in place as `id:` and `retry:` fields arrive. */
  cursor: SseCursor;
}

/** Reads `body` to its end. Never throws: every ending is reported as an {@link SseEnd}. */
export async function readSse(body: AsyncIterable<Uint8Array>, options: SseReadOptions): Promise<SseEnd> {
  const { cursor } = options;
  let createParser: typeof CreateParser;
  try {
    createParser = await loadParser();
  } catch (error) {
    await body[Symbol.asyncIterator]().return?.();
    return { kind: 'error', events: 0, error };
  }
  let events = 0;
  let overflow = false;
  let stop = false;
  const parser = createParser({
    maxBufferSize: options.maxEventChars,
    onEvent(event) {
      // The parser only bounds what it buffers; an event that arrives whole in one chunk skips that check.
      if (overflow || tooLarge(event.data, options.maxEventChars)) {
        overflow = true;
        return;
      }
      events++;
      // WHATWG: the last event id persists across events until a new `id:` field changes it.
      if (event.id !== undefined) cursor.lastEventId = event.id;
      if (options.onEvent({ event: event.event, data: event.data, id: event.id }) === false) stop = true;
    },
    onRetry(ms) {
      cursor.retryMs = ms;
    },
    onError(error) {
      // Unknown fields and bad retry values are skipped, as browsers do; only overflow is fatal.
      if (error.type === 'max-buffer-size-exceeded') overflow = true;
    },
  });
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of body) {
      parser.feed(decoder.decode(chunk, { stream: true }));
      if (overflow) return { kind: 'too-large', events, limit: options.maxEventChars };
      if (stop) return { kind: 'stopped', events };
    }
    const rest = decoder.decode();
    if (rest) parser.feed(rest);
    if (overflow) return { kind: 'too-large', events, limit: options.maxEventChars };
    // An unterminated trailing event is discarded, as WHATWG says for a stream that ends mid-event.
    return { kind: 'eof', events };
  } catch (error) {
    if (overflow) return { kind: 'too-large', events, limit: options.maxEventChars };
    return { kind: 'error', events, error };
  }
}

function tooLarge(data: string, limit: number): boolean {
  // A UTF-8 character takes 1 to 3 bytes per UTF-16 unit, so only measure when the length is ambiguous.
  if (data.length > limit) return true;
  return data.length * 3 > limit && Buffer.byteLength(data, 'utf8') > limit;
}

let parserModule: Promise<typeof CreateParser> | undefined;

function loadParser(): Promise<typeof CreateParser> {
  parserModule ??= import('eventsource-parser').then((m) => m.createParser);
  return parserModule;
}
