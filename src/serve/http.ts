// The gateway on Streamable HTTP (node:http). One endpoint per profile: `/mcp` and `/mcp/NAME`.
// - initialize-era clients: `initialize` opens a session (an unguessable `Mcp-Session-Id`, SERVE-4),
//   later POSTs carry it, GET opens the session's notification stream, DELETE ends it (HTTP-20);
//   their SSE streams are resumable with GET and `Last-Event-ID` (http-streams.ts, HTTP-26);
// - 2026-07-28 clients: every POST stands alone (no session, GET or DELETE, HTTP-14/16); the
//   `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` headers must agree with the
//   body (-32020, http-modern.ts), and an unknown or removed method is HTTP 404 (SERVE-15).
// A request's answer is JSON, or SSE when something precedes it (progress). A client that drops a
// POST before anything resumable reached it cancels the backend call: nobody could receive the
// result. The same server speaks the 2024-11-05 HTTP+SSE transport on `/sse` (http-sse.ts).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { McpHeaders } from '../../protocol/http/headers.js';
import { classifyMessage, ErrorCodes, isSupportedInEra, type JsonRpcRequest } from '../../protocol/index.js';
import { nullLogger } from '../log.js';
import { ServeConnection } from './connection.js';
import { requestFacts } from './envelope.js';
import type { Gateway } from './gateway.js';
import { checkBind, requestGuard } from './http-guard.js';
import { checkModernPost, isModernPost } from './http-modern.js';
import { header, methodNotAllowed, NO_BODY, NONE, plain, readBody, ResponseChannel, rpcError, splitUrl, type ResumableStreams } from './http-exchange.js';
import { LegacySseEndpoint } from './http-sse.js';
import { streamPolicy, type HttpServeOptions, type HttpServer } from './http-options.js';
import { DEFAULT_REPLAY_LIMITS, SessionStreams, type ReplayLimits, type SseStream } from './http-streams.js';
import { toRpcError } from './rpc-error.js';

export { parseListen } from './http-guard.js';

export type { HttpServeOptions, HttpServer } from './http-options.js';

// HTTP-15: a 2026 error answered as JSON gets the status the spec gives its code: an unknown (or
// removed) method is 404, a missing client capability 400; any other error rides a 200.
function modernStatus(code: number): number {
  if (code === ErrorCodes.MethodNotFound) return 404;
  if (code === ErrorCodes.MissingRequiredClientCapability) return 400;
  return 200;
}

interface Session {
  id: string;
  path: string;
  connection: ServeConnection;
  streams: SessionStreams;
  /** The GET stream: notifications that belong to no request. */
  stream?: SseStream;
  timer?: ReturnType<typeof setTimeout>;
  busy: number;
}

/**
 * Starts the server.
 * @throws McpBridgeError `MCPB_SERVE_TOKEN_REQUIRED` for a non-loopback bind without a token.
 */
export async function serveHttp(options: HttpServeOptions): Promise<HttpServer> {
  checkBind(options.listen, options.token);
  const logger = options.logger ?? nullLogger;
  const sessions = new Map<string, Session>();
  const gateways = new Map<string, Gateway>();
  const profiles = new Set(options.profiles ?? []);
  const idleMs = options.sessionIdleMs ?? 1_800_000;
  const maxBody = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const ephemeral = new Set<ServeConnection>();
  const limits: ReplayLimits = { ...DEFAULT_REPLAY_LIMITS, ...options.replay };
  const legacySse = new LegacySseEndpoint({ maxBodyBytes: maxBody, logger });
  const guard = requestGuard(options.listen, options.token);
  let closing = false;

  const gatewayAt = (path: string): Gateway | undefined => {
    if (path === '/mcp' || path === '/mcp/' || path === '/sse' || path === '/sse/') return options.gateway(undefined);
    const name = /^\/(?:mcp|sse)\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path)?.[1];
    if (name === undefined || !profiles.has(name)) return undefined;
    let g = gateways.get(name);
    if (!g) gateways.set(name, (g = options.gateway(name)));
    return g;
  };

  const endSession = (session: Session) => {
    if (sessions.get(session.id) !== session) return;
    sessions.delete(session.id);
    clearTimeout(session.timer);
    session.connection.close('the session ended');
    session.streams.clear();
  };
  const touch = (session: Session) => {
    clearTimeout(session.timer);
    if (session.busy > 0 || session.stream?.open) return;
    session.timer = setTimeout(() => endSession(session), idleMs);
    session.timer.unref?.();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const [path, query] = splitUrl(req.url ?? '/');
    const refused = guard(req.headers);
    if (refused) {
      plain(res, refused.status, refused.message, refused.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
      return;
    }
    const gateway = gatewayAt(path);
    if (!gateway) {
      const names = profiles.size > 0 ? `{,/${[...profiles].join(',/')}}` : '';
      plain(res, 404, `no MCP endpoint at ${path}; use /mcp${names} (Streamable HTTP) or /sse${names} (HTTP+SSE of 2024-11-05)`);
      return;
    }
    if (closing) {
      plain(res, 503, 'the gateway is shutting down');
      return;
    }
    if (path.startsWith('/sse')) {
      const at = path.replace(/\/$/, '');
      if (req.method === 'GET') return void legacySse.open(res, at, gateway);
      if (req.method === 'POST') return void (await legacySse.post(req, res, at, new URLSearchParams(query)));
      return void plain(res, 405, `${req.method} is not allowed on ${path}: GET opens the stream, POST sends a message`, { allow: 'GET, POST' });
    }
    const sessionId = header(req, McpHeaders.sessionId);
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (sessionId !== undefined && (!session || session.path !== path)) {
      rpcError(res, 404, ErrorCodes.InvalidRequest, 'Session not found: initialize again');
      return;
    }
    if (req.method === 'GET') {
      if (!session) return void (sessionId === undefined ? methodNotAllowed(res) : undefined);
      const lastEventId = header(req, McpHeaders.lastEventId);
      if (lastEventId !== undefined) {
        // HTTP-26: the stream the id names goes on here, after the events the client missed.
        const resumed = session.streams.resume(lastEventId, res);
        if (!('no' in resumed)) return void plain(res, resumed.status, resumed.message);
      } else {
        if (session.stream?.open) return void plain(res, 409, 'this session already has a notification stream open');
        session.stream?.drop();
        session.stream = session.streams.open(res);
      }
      clearTimeout(session.timer);
      res.on('close', () => touch(session));
      return;
    }
    if (req.method === 'DELETE') {
      if (!session) return void methodNotAllowed(res);
      endSession(session);
      res.writeHead(200, NO_BODY).end();
      return;
    }
    if (req.method !== 'POST') return void methodNotAllowed(res);
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req, maxBody));
    } catch (error) {
      const tooBig = (error as { tooBig?: boolean }).tooBig === true;
      rpcError(res, tooBig ? 413 : 400, ErrorCodes.ParseError, tooBig ? `the body is over ${maxBody} bytes` : 'Parse error: the body is not JSON');
      return;
    }
    if (Array.isArray(body)) return void rpcError(res, 400, ErrorCodes.InvalidRequest, 'JSON-RPC batches are not accepted; send one message per POST');
    const c = classifyMessage(body);
    if (c.kind === 'invalid') return void rpcError(res, 400, ErrorCodes.InvalidRequest, `Invalid request: ${c.reason}`);
    if (c.kind !== 'request') {
      // Notifications and responses: accepted, nothing to answer (HTTP-4).
      if (session) await session.connection.receive(body, { send: () => {} });
      res.writeHead(202, NO_BODY).end();
      return;
    }
    const request = c.message;
    if (isModernPost(req.headers, request)) return void (await serveModern(request, req, res, gateway));
    if (request.method === 'initialize') {
      const id = randomUUID();
      const created: Session = { id, path, busy: 0, connection: undefined as unknown as ServeConnection, streams: undefined as unknown as SessionStreams };
      created.connection = new ServeConnection({ gateway, background: () => created.stream, logger });
      created.streams = new SessionStreams(streamPolicy(options, created.connection), limits);
      sessions.set(id, created);
      await exchange(created.connection, request, res, { [McpHeaders.sessionId]: id }, created);
      if (created.connection.handshake === undefined) endSession(created);
      return;
    }
    if (!session) {
      rpcError(
        res,
        400,
        ErrorCodes.InvalidRequest,
        'Bad Request: no Mcp-Session-Id; send initialize first (or a 2026-07-28 request with its _meta envelope)',
        request.id,
      );
      return;
    }
    const version = header(req, McpHeaders.protocolVersion);
    if (version !== undefined && !isSupportedInEra(version, 'legacy')) {
      rpcError(res, 400, ErrorCodes.InvalidRequest, `Bad Request: unsupported MCP-Protocol-Version ${version}`, request.id);
      return;
    }
    await exchange(session.connection, request, res, NONE, session);
  };

  const serveModern = async (request: JsonRpcRequest, req: IncomingMessage, res: ServerResponse, gateway: Gateway) => {
    try {
      checkModernPost(req.headers, request, (name) => gateway.toolInputSchema(name));
      requestFacts(request.params);
    } catch (error) {
      // META-2, SERVE-5, SERVE-6, SERVE-14: HTTP 400 with the JSON-RPC error and the request's id (HTTP-15).
      rpcError(res, 400, 0, '', request.id, toRpcError(error, request.method));
      return;
    }
    // A stateless exchange: its own connection, gone with the response.
    const connection = new ServeConnection({ gateway, logger });
    ephemeral.add(connection);
    try {
      await exchange(connection, request, res, NONE, undefined, modernStatus);
    } finally {
      connection.close('the request ended');
      ephemeral.delete(connection);
    }
  };

  const exchange = async (
    connection: ServeConnection,
    request: JsonRpcRequest,
    res: ServerResponse,
    headers: Record<string, string>,
    session?: Session,
    errorStatus?: (code: number) => number,
  ) => {
    const cancel = (why: string) => connection.cancel(request.id, why);
    const resumable: ResumableStreams | undefined = session && {
      streams: session.streams,
      onAbandon: () => cancel('the client did not come back for the answer (its stream was not resumed)'),
    };
    const channel = new ResponseChannel(res, request.id, headers, resumable, errorStatus);
    const onClose = () => {
      // HTTP-25: once the client holds an event id, a dropped connection is not a cancellation.
      if (!channel.done && !channel.resuming) cancel('the client closed the HTTP request');
    };
    res.on('close', onClose);
    if (session) {
      session.busy++;
      clearTimeout(session.timer);
    }
    try {
      await connection.receive(request, channel);
    } finally {
      res.off('close', onClose);
      if (session) {
        session.busy--;
        touch(session);
      }
      // A cancelled request has no answer: its stream is closed empty.
      channel.end();
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error(`the HTTP gateway failed on a request: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) plain(res, 500, 'internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listen.port, options.listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.listen.port;
  const hostInUrl = options.listen.host.includes(':') ? `[${options.listen.host}]` : options.listen.host;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${hostInUrl}:${port}/mcp`,
    port,
    get sessionCount() {
      return sessions.size + legacySse.sessionCount;
    },
    get keptEvents() {
      let n = 0;
      for (const s of sessions.values()) n += s.streams.keptEvents;
      return n;
    },
    close: () =>
      (closed ??= (async () => {
        closing = true;
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...sessions.values()].map((s) => s.connection.shutdown()));
        await Promise.all([...ephemeral].map((c) => c.shutdown()));
        await legacySse.close();
        for (const s of [...sessions.values()]) endSession(s);
        server.closeIdleConnections();
        // Answers already written get a moment to leave; then every socket goes.
        const grace = setTimeout(() => server.closeAllConnections(), 200);
        await stopped;
        clearTimeout(grace);
        for (const g of gateways.values()) g.close();
      })()),
  };
}
