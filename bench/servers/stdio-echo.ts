// Hand-written stdio MCP server for the bench: newline-delimited JSON-RPC on stdin/stdout, the tools of
// handler.ts. Replies to every line of one input chunk with one write, and exits when stdin ends.
import { handle } from './handler.js';

const pending: Buffer[] = [];
let out: string[] = [];
const NL = Buffer.from('\n');

function flush(): void {
  if (out.length === 0) return;
  const text = out.length === 1 ? out[0] + '\n' : out.join('\n') + '\n';
  out = [];
  process.stdout.write(text);
}

function onLine(line: string): void {
  if (line.length === 0) return;
  let msg: unknown;
  try {
    msg = JSON.parse(line);
  } catch {
    out.push('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}');
    return;
  }
  const reply = handle(msg);
  if (reply === undefined) return;
  if (typeof reply === 'string') {
    out.push(reply);
    return;
  }
  // A large result: keep order with what is queued, then write its pieces without copying them.
  flush();
  for (const piece of reply) process.stdout.write(piece);
  process.stdout.write(NL);
}

process.stdin.on('data', (chunk: Buffer) => {
  let start = 0;
  let nl = chunk.indexOf(10);
  while (nl !== -1) {
    let line: string;
    if (pending.length > 0) {
      pending.push(chunk.subarray(start, nl));
      line = Buffer.concat(pending).toString('utf8');
      pending.length = 0;
    } else {
      line = chunk.toString('utf8', start, nl);
    }
    onLine(line);
    start = nl + 1;
    nl = chunk.indexOf(10, start);
  }
  if (start < chunk.length) pending.push(chunk.subarray(start));
  flush();
});
process.stdin.on('end', () => process.exit(0));
process.stdout.on('error', () => process.exit(0)); // client went away
