// The hand-written HTTP loop on node:http with a keep-alive agent: a limit candidate over HTTP beside
// raw's undici dispatch() (the faster in each repetition is the limit). HTTP only.
import { connectNodeHttp } from './_raw-http.js';
import type { BenchClient } from './_types.js';

const rawNodeHttp: BenchClient = {
  name: 'raw-node-http',
  importModules: () => ['node:http'],
  covers: (key) => /^w6\.|^w10\.(first-connect|burst)\.http$/.test(key),
  unavailable: async () => undefined,
  connect: (server) => {
    if (server.kind !== 'http') throw new Error('raw-node-http is an HTTP loop');
    return connectNodeHttp(server);
  },
};

export default rawNodeHttp;
