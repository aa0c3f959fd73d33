// The batched stdio loop with one thing more: each tool call carries `_meta.progressToken`, as
// mcp-bridge's tool calls do by default (so that a server's progress can restart their timeout,
// TIME-3). The limit loops send no token; this one shows what the token alone costs a loop, and
// raw-defaults adds mcp-bridge's other defaults. Not a limit candidate; runs W3 and W7.
import { connectStdio } from './_raw-stdio.js';
import type { BenchClient } from './_types.js';

const rawProgress: BenchClient = {
  name: 'raw-progress',
  importModules: () => ['node:child_process'],
  covers: (key) => /^(w3\.par\.stdio|w7\.)/.test(key),
  unavailable: async () => undefined,
  connect: (server) => {
    if (server.kind !== 'stdio') throw new Error('raw-progress is a stdio loop');
    return connectStdio(server, { batched: true, progress: true });
  },
};

export default rawProgress;
