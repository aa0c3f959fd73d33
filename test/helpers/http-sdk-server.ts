// Real peers for the HTTP transport tests: the official SDK's server classes (Streamable HTTP in
// stateful, stateless, JSON-response and SSE-response modes; legacy SSEServerTransport) on 127.0.0.1, port 0.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export type SdkHttpMode = 'stateful' | 'stateless' | 'json' | 'legacy-sse';

/** One HTTP request the server saw (headers lower-cased, body parsed when JSON). */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}

export interface SdkHttpServer {
  /** The MCP URL: `/mcp` for Streamable HTTP, `/sse` for legacy. */
  url: string;
  seen: SeenRequest[];
  /** Sends `notifications/tools/list_changed` from every live session, outside any request (standalone GET stream). */
  broadcastToolListChanged(): Promise<void>;
  /** Forgets every session, so the next request with an old id gets 404. */
  dropSessions(): void;
  close(): Promise<void>;
}

const TOOLS = [
  { name: 'echo', description: 'Echoes its message', inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
  {
    name: 'add',
    description: 'Adds two numbers',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  },
  { name: 'progress', description: 'Reports progress in steps, then answers', inputSchema: { type: 'object', properties: { steps: { type: 'number' } } } },
  { name: 'slow', description: 'Answers after ms milliseconds', inputSchema: { type: 'object', properties: { ms: { type: 'number' } } } },
  { name: 'poll', description: 'Closes its SSE stream mid-call (SEP-1699 polling), then answers', inputSchema: { type: 'object', properties: {} } },
];

function buildServer(): Server {
  const server = new Server({ name: 'sdk-http-test', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    switch (request.params.name) {
      case 'echo':
        return { content: [{ type: 'text', text: String(args.message) }] };
      case 'add':
        return { content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }] };
      case 'progress': {
        const steps = Number(args.steps ?? 3);
        const token = request.params._meta?.progressToken;
        for (let i = 1; i <= steps; i++) {
          if (token !== undefined)
            await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: steps } });
        }
        return { content: [{ type: 'text', text: `done in ${steps} steps` }] };
      }
      case 'slow': {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Number(args.ms ?? 1000));
          extra.signal.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              resolve();
            },
            { once: true },
          );
        });
        return { content: [{ type: 'text', text: 'slow done' }] };
      }
      case 'poll': {
        extra.closeSSEStream?.();
        await new Promise((r) => setTimeout(r, 150));
        return { content: [{ type: 'text', text: 'polled' }] };
      }
      default:
        return { content: [{ type: 'text', text: `unknown tool ${request.params.name}` }], isError: true };
    }
  });
  return server;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Starts an SDK server in `mode` on 127.0.0.1 and a free port. */
export async function startSdkHttpServer(mode: SdkHttpMode): Promise<SdkHttpServer> {
  const seen: SeenRequest[] = [];
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport | SSEServerTransport; server: Server }>();

  async function streamable(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (mode === 'stateless' || mode === 'json') {
      const server = buildServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: mode === 'json' });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
      return;
    }
    const sid = req.headers['mcp-session-id'];
    if (typeof sid === 'string') {
      const found = sessions.get(sid);
      if (!found) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
        return;
      }
      await (found.transport as StreamableHTTPServerTransport).handleRequest(req, res, body);
      return;
    }
    const server = buildServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: new InMemoryEventStore(),
      retryInterval: 200,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server });
      },
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  async function legacy(req: IncomingMessage, res: ServerResponse, body: unknown, url: URL): Promise<void> {
    if (req.method === 'GET' && url.pathname === '/sse') {
      const server = buildServer();
      const transport = new SSEServerTransport('/messages', res);
      sessions.set(transport.sessionId, { transport, server });
      res.on('close', () => {
        sessions.delete(transport.sessionId);
        void server.close();
      });
      await server.connect(transport);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/messages') {
      const found = sessions.get(url.searchParams.get('sessionId') ?? '');
      if (!found) {
        res.writeHead(404).end('unknown session');
        return;
      }
      await (found.transport as SSEServerTransport).handlePostMessage(req, res, body);
      return;
    }
    res.writeHead(404).end('not found');
  }

  const http: HttpServer = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = req.method === 'POST' ? await readBody(req) : undefined;
      seen.push({ method: req.method ?? '', path: url.pathname, headers: { ...req.headers }, body });
      if (mode === 'legacy-sse') return legacy(req, res, body, url);
      if (url.pathname !== '/mcp') {
        res.writeHead(404).end('not found');
        return;
      }
      return streamable(req, res, body);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${mode === 'legacy-sse' ? '/sse' : '/mcp'}`,
    seen,
    async broadcastToolListChanged() {
      await Promise.all([...sessions.values()].map((s) => s.server.sendToolListChanged()));
    },
    dropSessions() {
      for (const s of sessions.values()) void s.server.close();
      sessions.clear();
    },
    async close() {
      for (const s of sessions.values()) await s.server.close().catch(() => undefined);
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
