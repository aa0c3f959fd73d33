// The floor under any Streamable HTTP MCP server for `bench/serve.ts`: node:http answering each
// tools/call POST with a fixed JSON body (only the request id spliced in, found in the raw text with
// no JSON.parse), with no session check, no guard and no dispatch. What is left is node:http's own
// work per request (the parser, the request and response objects, the headers, the socket write) and
// the kernel's, for the same host and the same traffic as the gateway. The handshake and tools/list
// go through the echo handler so a real host can connect. Prints `LISTENING <port>`; exits when
// stdin ends.
//   --chunked  answers as the gateway did before it set Content-Length: `writeHead` without a
//              length, then `end(body)`, so node:http sends the body chunked (several buffers, one writev).
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { handle } from './handler.js';

const CHUNKED = process.argv.includes('--chunked');
const ID = /"id":(\d+|"[^"\\]*")/;

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (CHUNKED) res.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(body);
  else res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).end(body);
}

const server = createServer((req, res) => {
  if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
    if (text.includes('"method":"tools/call"')) {
      const id = ID.exec(text)?.[1] ?? 'null';
      return send(res, 200, '{"jsonrpc":"2.0","id":' + id + ',"result":{"content":[{"type":"text","text":"m"}]}}');
    }
    const reply = handle(JSON.parse(text));
    if (reply === undefined) return void res.writeHead(202).end();
    send(
      res,
      200,
      typeof reply === 'string' ? reply : Buffer.concat(reply).toString('latin1'),
      text.includes('"method":"initialize"') ? { 'mcp-session-id': randomUUID() } : {},
    );
  });
});
server.keepAliveTimeout = 30_000;

server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`LISTENING ${typeof addr === 'object' && addr ? addr.port : 0}\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
process.on('SIGTERM', () => process.exit(0));
