// Servers that fail at or after start, for the start-error and restart tests. Every spawn appends
// `spawn <pid>` to the file named by SPAWN_LOG (when set), so a test can count spawns and check pids.
//   exit-stderr   writes "Error: FOO_KEY is required" (after FOO_TOKEN's value, when set) on stderr and
//                 exits 1 before reading anything
//   npm-404       prints an npm-style 404 on stderr and exits 1 (a misspelled `npx` package)
//   no-ping       a working server that answers `ping` with -32601 (it has no ping)
//   no-tools-list answers initialize, never tools/list
//   refuses-probe like rmcp < 3: exits on a first request that is not initialize, with code EXIT_CODE
//                 (default 0) and, when EXIT_CODE is not 0, rmcp's complaint on stderr; serves normally
//                 when initialize comes first
//   crash-then-hang  the first spawn serves and exits 300 ms after initialize; later spawns answer initialize, never tools/list
import { appendFileSync, readFileSync } from 'node:fs';
import { NO_REPLY, replyError, serve } from './lib/mini-server.mjs';

const mode = process.argv[2];
const log = process.env.SPAWN_LOG;
const earlier = log ? readSpawns(log) : 0;
if (log) appendFileSync(log, `spawn ${process.pid}\n`);

function readSpawns(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('spawn ')).length;
  } catch {
    return 0;
  }
}

const hang = () => setInterval(() => {}, 60_000);

switch (mode) {
  case 'exit-stderr':
    // Like servers that print their configuration when it is incomplete, secrets included.
    if (process.env.FOO_TOKEN) process.stderr.write(`config: FOO_TOKEN=${process.env.FOO_TOKEN}\n`);
    process.stderr.write('Error: FOO_KEY is required\n');
    process.exit(1);
    break;
  case 'npm-404':
    process.stderr.write(
      'npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/@acme%2fmcp-server-wether - Not found\nnpm error 404  The requested resource could not be found.\n',
    );
    process.exit(1);
    break;
  case 'no-ping':
    serve({
      ping: (_params, message) => {
        replyError(message.id, -32601, 'Method not found: ping');
        return NO_REPLY;
      },
    });
    break;
  case 'no-tools-list':
    serve({ 'tools/list': () => NO_REPLY }, { exitOnEof: false });
    hang();
    break;
  case 'refuses-probe': {
    const code = Number(process.env.EXIT_CODE ?? 0);
    serve({
      'server/discover': (_params, message) => {
        if (code !== 0) process.stderr.write(`Error: expect initialized request, but received: Some(Request { method: "${message.method}" })\n`);
        process.exit(code);
      },
    });
    break;
  }
  case 'crash-then-hang':
    if (earlier === 0) {
      serve({
        initialize: (params) => {
          setTimeout(() => process.exit(2), 300);
          return { protocolVersion: params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'crash-then-hang', version: '1' } };
        },
      });
    } else {
      // Answers initialize, then never tools/list, and outlives the end of its stdin.
      serve({ 'tools/list': () => NO_REPLY }, { exitOnEof: false });
      hang();
    }
    break;
  default:
    process.stderr.write(`unknown mode ${mode}\n`);
    process.exit(64);
}
