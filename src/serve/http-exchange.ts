// One POST's response as a Channel: a single JSON body when the answer is the only message, or an
// SSE stream once anything comes first (progress, a listen acknowledgement), ended with the answer.
import type { ServerResponse } from 'node:http';
import type { JsonRpcMessage, RequestId } from '../../protocol/index.js';
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
