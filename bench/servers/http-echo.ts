// Hand-written Streamable HTTP MCP server for the bench, on 127.0.0.1 at an ephemeral port printed as
// `LISTENING <port>` on stdout. JSON responses only (no SSE), Mcp-Session-Id from initialize on, 202 for
// notifications, 405 for GET. Enough of the spec for the SDK client, ours and a raw undici loop.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { handle } from './handler.js';

const sessions = new Set<string>();
const PATH = '/mcp';

function send(res: ServerResponse, status: number, body?: string, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

function onPost(req: IncomingMessage, res: ServerResponse, body: string): void {
  let msg: unknown;
  try {
    msg = JSON.parse(body);
  } catch {
    send(res, 400, '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}');
    return;
  }
  const batch = Array.isArray(msg) ? msg : [msg];
  const isInit = batch.some((m) => typeof m === 'object' && m !== null && (m as { method?: unknown }).method === 'initialize');
  const sid = req.headers['mcp-session-id'];
  const headers: Record<string, string> = {};
  if (isInit) {
    const id = randomUUID();
    sessions.add(id);
    headers['mcp-session-id'] = id;
  } else if (typeof sid !== 'string') {
    send(res, 400, '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"missing Mcp-Session-Id"}}');
    return;
  } else if (!sessions.has(sid)) {
    send(res, 404, '{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"session not found"}}');
    return;
  }
  const replies: string[] = [];
  for (const m of batch) {
    const r = handle(m);
    if (r !== undefined) replies.push(typeof r === 'string' ? r : Buffer.concat(r).toString('latin1'));
  }
  if (replies.length === 0) return send(res, 202, undefined, headers);
  send(res, 200, Array.isArray(msg) ? '[' + replies.join(',') + ']' : replies[0], headers);
}

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== PATH) return send(res, 404, '{"error":"not found"}');
  if (req.method === 'GET') return send(res, 405, undefined, { allow: 'POST, DELETE' });
  if (req.method === 'DELETE') {
    const sid = req.headers['mcp-session-id'];
    if (typeof sid === 'string') sessions.delete(sid);
    return send(res, 200, undefined);
  }
  if (req.method !== 'POST') return send(res, 405, undefined, { allow: 'POST, DELETE' });
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => onPost(req, res, chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8')));
});
server.keepAliveTimeout = 30_000;

server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  process.stdout.write(`LISTENING ${port}\n`);
});
// The parent ends us by closing our stdin (or by signal); never outlive it.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
process.on('SIGTERM', () => process.exit(0));
