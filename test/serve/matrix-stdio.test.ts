// The serve matrix on stdio: each host kind spawns `mcp-bridge serve` with the three backends.
import { gatewayConfig, serveArgs } from './fixture.js';
import { matrixSuite } from './matrix.js';

for (const kind of ['sdk1', 'v2'] as const) {
  matrixSuite(kind, 'stdio', async () => ({ command: process.execPath, args: serveArgs(gatewayConfig()) }));
}
