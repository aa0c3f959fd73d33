// A purpose-built node:http server for HTTP faults the real servers cannot produce: cut streams,
// expiry 404s, 500s, slow answers, oversized bodies. Each test installs its own handler.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach } from 'node:test';

export interface FaultRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** Header names and values as sent (their case tells node:http, `Host`, from undici, `host`). */
  rawHeaders: string[];
  /** Parsed JSON body of a POST (undefined for GET/DELETE). */
  body?: Record<string, unknown>;
  at: number;
}

export type FaultHandler = (req: FaultRequest, res: ServerResponse) => void | Promise<void>;

export interface FaultServer {
  url: string;
  origin: string;
  seen: FaultRequest[];
  handle(handler: FaultHandler): void;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1, port 0. */
export async function startFaultServer(): Promise<FaultServer> {
  const seen: FaultRequest[] = [];
  let handler: FaultHandler = (_req, res) => {
    res.writeHead(500).end('no handler');
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | undefined;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      } catch {
        body = undefined;
      }
      const record: FaultRequest = { method: req.method ?? '', url: req.url ?? '/', headers: req.headers, rawHeaders: req.rawHeaders, body, at: Date.now() };
      seen.push(record);
      Promise.resolve(handler(record, res)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/mcp`,
    origin,
    seen,
    handle(h) {
      handler = h;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON answer. */
/**
 * One fault server for the enclosing describe block: started before its tests (handed to `use`),
 * closed after them, its request log cleared before each test.
 */
export function useFaultServer(use: (server: FaultServer) => void): void {
  let server: FaultServer | undefined;
  before(async () => {
    server = await startFaultServer();
    use(server);
  });
  after(async () => {
    await server?.close();
  });
  beforeEach(() => {
    if (server) server.seen.length = 0;
  });
}

export function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
}

/** Starts an SSE answer. */
export function sse(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
  res.flushHeaders();
}

/** Writes one SSE event. */
export function event(res: ServerResponse, fields: { id?: string; retry?: number; event?: string; data?: unknown }): void {
  let text = '';
  if (fields.id !== undefined) text += `id: ${fields.id}\n`;
  if (fields.retry !== undefined) text += `retry: ${fields.retry}\n`;
  if (fields.event !== undefined) text += `event: ${fields.event}\n`;
  text += `data: ${fields.data === undefined ? '' : typeof fields.data === 'string' ? fields.data : JSON.stringify(fields.data)}\n\n`;
  res.write(text);
}

/** The standard answer to initialize, with an optional session id header. */
export function answerInitialize(req: FaultRequest, res: ServerResponse, sessionId?: string, protocolVersion = '2025-11-25'): void {
  json(
    res,
    200,
    { jsonrpc: '2.0', id: req.body?.id, result: { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'fault', version: '1' } } },
    sessionId ? { 'mcp-session-id': sessionId } : {},
  );
}
