// The naive stdio loop: one write() per request, beside raw's batched one so the worth of per-turn
// batching stays visible; a limit candidate too (the best raw loop of each pair is the limit). Runs only
// the stdio call workloads.
import { connectStdio } from './_raw-stdio.js';
import type { BenchClient } from './_types.js';

const rawUnbatched: BenchClient = {
  name: 'raw-unbatched',
  importModules: () => ['node:child_process'],
  covers: (key) => /^(w2|w3|w7)\.|^w10\.burst\.stdio$/.test(key),
  unavailable: async () => undefined,
  connect: (server) => {
    if (server.kind !== 'stdio') throw new Error('raw-unbatched is a stdio loop');
    return connectStdio(server, { batched: false });
  },
};

export default rawUnbatched;
