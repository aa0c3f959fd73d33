// The serve matrix on the HTTP+SSE transport of 2024-11-05 (SSE-1..3): the SDK 1.x host's
// SSEClientTransport on `/sse` of one `mcp-bridge serve --http`, three backends.
import { gatewayConfig, startHttpGateway, type HttpGateway } from './fixture.js';
import { matrixSuite } from './matrix.js';

let gateway: HttpGateway | undefined;
matrixSuite(
  'sdk1',
  'http+sse',
  async () => {
    gateway = await startHttpGateway(gatewayConfig());
    return { url: gateway.url.replace(/\/mcp$/, '/sse'), sse: true };
  },
  async () => {
    await gateway?.stop();
  },
);
