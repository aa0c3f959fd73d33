// The best hand-written loop, no library. stdio: lines of one event-loop turn joined into one write
// (bench/clients/_raw-stdio.ts). HTTP: undici's dispatch() with a bare handler. Its siblings are
// raw-node-http and raw-unbatched; the best of them in each repetition is the limit the ratios use.
import { connectUndiciDispatch } from './_raw-http.js';
import { connectStdio } from './_raw-stdio.js';
import type { BenchClient } from './_types.js';

const raw: BenchClient = {
  name: 'raw',
  importModules: () => ['node:child_process'],
  unavailable: async () => undefined,
  connect: (server) => (server.kind === 'stdio' ? connectStdio(server, { batched: true }) : connectUndiciDispatch(server)),
};

export default raw;
