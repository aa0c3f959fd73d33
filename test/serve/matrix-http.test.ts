// The serve matrix on Streamable HTTP: one `mcp-bridge serve --http` per host kind, three backends.
import { gatewayConfig, startHttpGateway, type HttpGateway } from './fixture.js';
import { matrixSuite } from './matrix.js';

for (const kind of ['sdk1', 'v2'] as const) {
  let gateway: HttpGateway | undefined;
  matrixSuite(
    kind,
    'http',
    async () => {
      gateway = await startHttpGateway(gatewayConfig());
      return { url: gateway.url };
    },
    async () => {
      await gateway?.stop();
    },
  );
}
