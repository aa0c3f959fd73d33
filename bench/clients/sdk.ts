// The official TypeScript SDK client (@modelcontextprotocol/sdk): Client + StdioClientTransport or
// StreamableHTTPClientTransport, used as its README shows, with default options.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { firstText, type BenchClient, type BenchConnection, type ServerSpec } from './_types.js';

const sdk: BenchClient = {
  name: 'sdk',
  importModules: () => [import.meta.resolve('@modelcontextprotocol/sdk/client/index.js'), import.meta.resolve('@modelcontextprotocol/sdk/client/stdio.js')],
  unavailable: async () => undefined,
  async connect(server: ServerSpec): Promise<BenchConnection> {
    const client = new Client({ name: 'bench-sdk', version: '1.0.0' }, { capabilities: {} });
    const transport =
      server.kind === 'stdio'
        ? new StdioClientTransport({ command: server.command, args: server.args, ...(server.env ? { env: server.env } : {}) })
        : new StreamableHTTPClientTransport(new URL(server.url));
    await client.connect(transport);
    return {
      async listTools() {
        return (await client.listTools()).tools.length;
      },
      async call(name, args, options) {
        const r = await client.callTool({ name, arguments: args }, undefined, options?.timeoutMs ? { timeout: options.timeoutMs } : undefined);
        return firstText(r);
      },
      close: () => client.close(),
    };
  },
};

export default sdk;
