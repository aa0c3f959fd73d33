// Runs a real server in this process after appending `spawn <pid>` to the file named by SPAWN_LOG,
// so a test can count how many times a server was started (lazy start, idle stop):
//   node spawn-counter.mjs <server script> [server args...]
// TTL_MS, when set, is added as `ttlMs` to every tools/list result the server sends (SEP-2549).
import { appendFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

if (process.env.SPAWN_LOG) appendFileSync(process.env.SPAWN_LOG, `spawn ${process.pid}\n`);
const script = process.argv[2];
// The server reads its own arguments from argv[2...].
process.argv.splice(2, 1);
if (process.env.TTL_MS !== undefined) {
  const ttlMs = Number(process.env.TTL_MS);
  const write = process.stdout.write.bind(process.stdout);
  // Rewrites whole lines only: the official servers write one JSON-RPC message per write.
  process.stdout.write = (chunk, ...rest) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const out = text.replace(/^(.*)$/gm, (line) => {
      try {
        const message = JSON.parse(line);
        if (message?.result && Array.isArray(message.result.tools)) return JSON.stringify({ ...message, result: { ...message.result, ttlMs } });
      } catch {}
      return line;
    });
    return write(out, ...rest);
  };
}
await import(pathToFileURL(script).href);
