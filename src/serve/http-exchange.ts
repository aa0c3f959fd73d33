// The HTTP side of one exchange: small writers of plain and JSON-RPC error answers, the body reader,
// and one POST's response as a Channel: a single JSON body when the answer is the only message, or an
// SSE stream once anything comes first (progress, a listen acknowledgement), ended with the answer.
// In a session that stream is resumable (http-streams.ts); a stateless 2026 exchange's is not.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JsonObject, JsonRpcMessage, JsonRpcRequest, RequestId } from '../../protocol/index.js';
import type { Channel } from './connection.js';
import type { SessionStreams, SseStream } from './http-streams.js';

/** Where a session's POST stream goes, and what to do when its client never comes back for it. */
export interface ResumableStreams {
  streams: SessionStreams;
  onAbandon: () => void;
}

/** No extra headers: the common case, which `sendJson` writes without copying. */
export const NONE: Record<string, string> = Object.freeze({}) as Record<string, string>;

export class ResponseChannel implements Channel {
  private streaming = false;
  private finished = false;
  private stream: SseStream | undefined;

  constructor(
    private readonly res: ServerResponse,
    private readonly requestId: RequestId,
    private readonly headers: Record<string, string> = NONE,
    private readonly resumable?: ResumableStreams,
    /** The HTTP status of an error answered as JSON (2026: a code may have its own, HTTP-15); 200 otherwise. */
    private readonly errorStatus?: (code: number) => number,
  ) {}

  /** Whether the answer went out. */
  get done(): boolean {
    return this.finished;
  }

  /** Whether the answer goes on a resumable stream: a dropped connection is then no reason to cancel (HTTP-25). */
  get resuming(): boolean {
    return this.stream !== undefined;
  }

  /** Ends an exchange that has no answer (a cancelled request): its stream is closed empty. */
  end(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.stream) return this.stream.finish();
    if (this.res.writableEnded) return;
    if (!this.res.headersSent) this.res.writeHead(202, NO_BODY);
    this.res.end();
  }

  send(message: JsonRpcMessage): void {
    if (this.finished) return;
    const final = ('result' in message || 'error' in message) && message.id === this.requestId;
    if (this.stream) {
      if (final) this.finished = true;
      return final ? this.stream.finish(message) : this.stream.send(message);
    }
    if (this.res.writableEnded || this.res.destroyed) return;
    const body = JSON.stringify(message);
    if (!this.streaming && final) {
      this.finished = true;
      const status = 'error' in message && this.errorStatus ? this.errorStatus(message.error.code) : 200;
      sendJson(this.res, status, body, this.headers);
      return;
    }
    if (!this.streaming && this.resumable) {
      this.stream = this.resumable.streams.open(this.res, this.headers, this.resumable.onAbandon);
      return this.send(message);
    }
    if (!this.streaming) {
      this.streaming = true;
      this.res.writeHead(200, { ...this.headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      this.res.flushHeaders();
    }
    this.res.write(`event: message\ndata: ${body}\n\n`);
    if (final) {
      this.finished = true;
      this.res.end();
    }
  }
}

/** The headers of an answer without a body: a length, so node:http sends no chunked terminator. */
export const NO_BODY: Readonly<Record<string, string>> = Object.freeze({ 'content-length': '0' });

/**
 * A whole JSON answer in one write. With its length known before the headers are stored, node:http
 * sends the header and the body as one string in one `write`; a `writeHead` without it makes the
 * body chunked, five pieces and a terminator gathered into a `writev`.
 */
export function sendJson(res: ServerResponse, status: number, body: string, headers?: Record<string, string>): void {
  const length = String(Buffer.byteLength(body));
  res.writeHead(
    status,
    headers === undefined || headers === NONE
      ? { 'content-type': 'application/json', 'content-length': length }
      : { ...headers, 'content-type': 'application/json', 'content-length': length },
  );
  res.end(body);
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function plain(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const text = `${message}\n`;
  res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(text)) }).end(text);
}

export function methodNotAllowed(res: ServerResponse): void {
  sendJson(res, 405, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed.' } }), { allow: 'POST' });
}

export function rpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  id?: JsonRpcRequest['id'],
  error?: { code: number; message: string; data?: unknown },
): void {
  const body: JsonObject = { jsonrpc: '2.0', id: id ?? null, error: error ?? { code, message } };
  sendJson(res, status, JSON.stringify(body));
}

export function readBody(req: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // A call's body is one chunk: decoded as it is, not copied into a concatenation first.
    let first: Buffer | undefined;
    let more: Buffer[] | undefined;
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        reject(Object.assign(new Error('too big'), { tooBig: true }));
        req.destroy();
        return;
      }
      if (first === undefined) first = chunk;
      else (more ??= [first]).push(chunk);
    });
    req.on('end', () => resolve(more ? Buffer.concat(more).toString('utf8') : (first?.toString('utf8') ?? '')));
    req.on('error', reject);
  });
}

/** The path and the query string (without its `?`) of a request URL. */
export function splitUrl(url: string): [string, string] {
  const q = url.indexOf('?');
  return q < 0 ? [url, ''] : [url.slice(0, q), url.slice(q + 1)];
}
