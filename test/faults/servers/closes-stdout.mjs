// Answers initialize and tools/list; on tools/call it closes its stdout and lives on (ignoring
// stdin EOF) until SIGTERM. The pending call must fail at that EOF, not after the teardown.
import { serve, NO_REPLY } from './lib/mini-server.mjs';
serve({
  'tools/call': () => {
    process.stderr.write('closes-stdout: closing stdout, staying alive\n');
    process.stdout.end(() => process.stdout.destroy());
    return NO_REPLY;
  },
}, { name: 'closes-stdout', exitOnEof: false });
setInterval(() => {}, 1 << 30);
