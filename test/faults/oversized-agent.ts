// The client side of the oversized-message memory checks, in a fresh Node process so that its peak
// RSS is this one refused message and nothing else. Arguments: `stdio <capMiB> <lineMiB>` or
// `http <capMiB> <url>`. Prints one JSON line: the error code and the RSS growth in MiB.
import { Client } from '../../src/client/client.js';
import { StdioTransport } from '../../src/transports/stdio/index.js';
import { StreamableHttpTransport } from '../../src/transports/http/streamable-http.js';
import { fixtureServer } from '../helpers/servers.js';

const MiB = 1024 * 1024;
const [kind, capArg, target] = process.argv.slice(2);
const cap = Number(capArg) * MiB;
const transport =
  kind === 'stdio'
    ? (() => {
        const launch = fixtureServer('oversized-line', { env: { OVER_MB: String(target) } });
        return new StdioTransport({ command: launch.command, args: launch.args, env: launch.env, maxMessageBytes: cap });
      })()
    : new StreamableHttpTransport({ url: String(target), maxMessageBytes: cap });
const client = new Client(transport, { name: 'big', requestTimeoutMs: 60_000 });
await client.connect();
const base = process.memoryUsage.rss();
let code: unknown;
try {
  await client.callTool('big', {});
} catch (error) {
  code = (error as { code?: string }).code;
}
// The rest of a stdio line streams past after the call failed: the echo is answered once it has.
if (kind === 'stdio') await client.callTool('echo', { text: 'x' });
const peak = process.resourceUsage().maxRSS * 1024;
await client.close();
process.stdout.write(JSON.stringify({ code, growthMiB: Math.round((peak - base) / MiB), baseMiB: Math.round(base / MiB) }) + '\n');
