// A raw initialize-era session over Streamable HTTP and an SSE reader written from the WHATWG
// event-stream rules (lines, `field: value`, a blank line dispatches, `:` comments ignored), so the
// tests see the wire itself: event ids, priming events, `retry:` fields. Unlike a browser, the reader
// keeps events whose data is empty: the priming event is one.
import assert from 'node:assert/strict';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export class SseReader {
  /** The last `retry:` value read. */
  retry?: number;
  private buffer = '';
  private readonly queue: SseEvent[] = [];
  private ended = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private pending: SseEvent = { event: 'message', data: '' };
  private hasField = false;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next event, or undefined once the stream ended. */
  async next(timeoutMs = 10_000): Promise<SseEvent | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length === 0 && !this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) assert.fail('no SSE event in time');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no SSE event in time')), left))),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) {
        this.ended = true;
        break;
      }
      this.feed(this.decoder.decode(chunk.value, { stream: true }));
    }
    return this.queue.shift();
  }

  /** Every event until the stream ends. */
  async rest(timeoutMs = 10_000): Promise<SseEvent[]> {
    const out: SseEvent[] = [];
    for (let e = await this.next(timeoutMs); e; e = await this.next(timeoutMs)) out.push(e);
    return out;
  }

  /** Drops the connection, as a client whose network failed. */
  async cut(): Promise<void> {
    await this.reader.cancel().catch(() => {});
  }

  private feed(text: string): void {
    this.buffer += text;
    for (let m = /\r\n|\n|\r/.exec(this.buffer); m; m = /\r\n|\n|\r/.exec(this.buffer)) {
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      if (this.hasField && (this.pending.data !== '' || this.pending.id !== undefined)) {
        this.queue.push({ ...this.pending, data: this.pending.data.replace(/\n$/, '') });
      }
      this.pending = { event: 'message', data: '' };
      this.hasField = false;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'retry') {
      if (/^\d+$/.test(value)) this.retry = Number(value);
      return;
    }
    this.hasField = true;
    if (field === 'data') this.pending.data += `${value}\n`;
    else if (field === 'event') this.pending.event = value;
    else if (field === 'id' && !value.includes('\0')) this.pending.id = value;
  }
}

/** The JSON-RPC message of an event with data. */
export function message(e: SseEvent): Record<string, any> {
  return JSON.parse(e.data) as Record<string, any>;
}

/** A session opened with a raw `initialize`. */
export interface RawSession {
  id: string;
  /** POSTs a message of the session. */
  post(body: unknown, signal?: AbortSignal): Promise<Response>;
  /** GET on the endpoint: a new GET stream, or a resumption with `Last-Event-ID`. */
  get(lastEventId?: string, signal?: AbortSignal): Promise<Response>;
  end(): Promise<Response>;
}

export async function openRawSession(url: string, version = '2025-11-25'): Promise<RawSession> {
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const init = await fetch(url, {
    method: 'POST',
    headers: base,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  assert.equal(init.status, 200);
  const id = init.headers.get('mcp-session-id')!;
  assert.equal(((await init.json()) as { result: { protocolVersion: string } }).result.protocolVersion, version);
  const headers = { ...base, 'mcp-session-id': id, 'mcp-protocol-version': version };
  const session: RawSession = {
    id,
    post: (body, signal) => fetch(url, { method: 'POST', headers, body: JSON.stringify(body), ...(signal ? { signal } : {}) }),
    get: (lastEventId, signal) =>
      fetch(url, {
        method: 'GET',
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': id,
          'mcp-protocol-version': version,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        ...(signal ? { signal } : {}),
      }),
    end: () => fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': id } }),
  };
  assert.equal((await session.post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status, 202);
  return session;
}

/** A tools/call request asking for progress. */
export function call(id: number, name: string, args: Record<string, unknown> = {}): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: { progressToken: `p${id}` } } };
}
