// The HTTP+SSE transport of 2024-11-05, for hosts that predate Streamable HTTP (SERVE-10): GET on
// `/sse` (or `/sse/NAME` for a profile) opens the stream, whose first event `endpoint` gives the URL
// to POST to, the same path with `?sessionId=ID`. A POST is accepted with 202 and everything the
// server says, answers included, goes on the stream. The stream is the session: when it closes, the
// session ends and its requests in flight are aborted, which cancels their backend calls. There is
// no resumption in this transport. The guards (Origin, Host, token) ran before any of this.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCodes, type JsonRpcMessage } from '../../protocol/index.js';
import { nullLogger, type Logger } from '../log.js';
import type { Channel } from './connection.js';
import { ServeConnection } from './connection.js';
import type { Gateway } from './gateway.js';
import { plain, readBody, rpcError } from './http-exchange.js';

interface SseSession {
  id: string;
  path: string;
  connection: ServeConnection;
  res: ServerResponse;
}

class EventStreamChannel implements Channel {
  constructor(private readonly res: ServerResponse) {}

  send(message: JsonRpcMessage): void {
    if (!this.res.writableEnded && !this.res.destroyed) this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }
}

/** The HTTP+SSE sessions of one gateway server. */
export class LegacySseEndpoint {
  private readonly sessions = new Map<string, SseSession>();
  private readonly logger: Logger;

  constructor(private readonly options: { maxBodyBytes: number; logger?: Logger }) {
    this.logger = options.logger ?? nullLogger;
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  /** GET: a new session whose stream is `res`. */
  open(res: ServerResponse, path: string, gateway: Gateway): void {
    const id = randomUUID();
    const channel = new EventStreamChannel(res);
    const connection = new ServeConnection({ gateway, background: () => channel, logger: this.logger });
    const session: SseSession = { id, path, connection, res };
    this.sessions.set(id, session);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    // SSE-2: the first event names where to POST; relative, so it holds behind any proxy prefix.
    res.write(`event: endpoint\ndata: ${path}?sessionId=${id}\n\n`);
    res.on('close', () => this.end(session, 'the host closed its SSE stream'));
  }

  /** POST `path?sessionId=ID`: one message of the session, answered on its stream. */
  async post(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const id = query.get('sessionId');
    const session = id === null ? undefined : this.sessions.get(id);
    if (!session || session.path !== path) {
      plain(
        res,
        id === null ? 400 : 404,
        id === null ? `POST ${path} needs ?sessionId=ID from the endpoint event of GET ${path}` : 'Session not found: open the SSE stream again',
      );
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req, this.options.maxBodyBytes));
    } catch (error) {
      const tooBig = (error as { tooBig?: boolean }).tooBig === true;
      rpcError(
        res,
        tooBig ? 413 : 400,
        ErrorCodes.ParseError,
        tooBig ? `the body is over ${this.options.maxBodyBytes} bytes` : 'Parse error: the body is not JSON',
      );
      return;
    }
    res.writeHead(202, { 'content-type': 'text/plain; charset=utf-8' }).end('Accepted');
    // The answer goes on the stream; the POST is not held open for it.
    session.connection.receive(body, new EventStreamChannel(session.res)).catch((error: unknown) => {
      this.logger.error(`the HTTP+SSE gateway failed on a message: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** Shutdown: listen streams end first, then every stream closes. */
  async close(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.connection.shutdown()));
    for (const s of [...this.sessions.values()]) this.end(s, 'the gateway is shutting down');
  }

  private end(session: SseSession, reason: string): void {
    if (this.sessions.get(session.id) !== session) return;
    this.sessions.delete(session.id);
    session.connection.close(reason);
    if (!session.res.writableEnded) session.res.end();
  }
}
