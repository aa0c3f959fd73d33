// The HTTP side of one exchange: small writers of plain and JSON-RPC error answers, the body reader,
// and one POST's response as a Channel: a single JSON body when the answer is the only message, or an
// SSE stream once anything comes first (progress, a listen acknowledgement), ended with the answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JsonObject, JsonRpcMessage, JsonRpcRequest, RequestId } from '../../protocol/index.js';
import type { Channel } from './connection.js';

export class ResponseChannel implements Channel {
  private streaming = false;
  private finished = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly requestId: RequestId,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** Whether the answer went out. */
  get done(): boolean {
    return this.finished;
  }

  send(message: JsonRpcMessage): void {
    if (this.finished || this.res.writableEnded || this.res.destroyed) return;
    const final = ('result' in message || 'error' in message) && message.id === this.requestId;
    const body = JSON.stringify(message);
    if (!this.streaming && final) {
      this.finished = true;
      this.res.writeHead(200, { ...this.headers, 'content-type': 'application/json' });
      this.res.end(body);
      return;
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

/** The GET stream of a legacy session: where its notifications that belong to no request go. */
export class StreamChannel implements Channel {
  constructor(private readonly res: ServerResponse) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
  }

  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  send(message: JsonRpcMessage): void {
    if (this.open) this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  end(): void {
    if (this.open) this.res.end();
  }
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function plain(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end(`${message}\n`);
}

export function methodNotAllowed(res: ServerResponse): void {
  res
    .writeHead(405, { allow: 'POST', 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed.' } }));
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
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export function readBody(req: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        reject(Object.assign(new Error('too big'), { tooBig: true }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
