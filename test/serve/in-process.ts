// The HTTP gateway run in the test process, so its options and counters are in reach, in front of
// real servers: the dual-era v2 fixture (dual_*) and server-everything (ev_*).
import { after, before } from 'node:test';
import { Registry } from '../../src/adapters/registry.js';
import { Manager } from '../../src/manager/manager.js';
import { Gateway } from '../../src/serve/gateway.js';
import { serveHttp, type HttpServeOptions, type HttpServer } from '../../src/serve/http.js';
import { stdioEntry, testConfig } from '../helpers/config.js';
import { officialServer } from '../helpers/servers.js';
import { v2Stdio } from '../helpers/v2-server.js';

/** A gateway in front of the dual-era v2 fixture (dual_*) and server-everything (ev_*). */
export function useBackends(): { manager: () => Manager; registry: () => Registry } {
  let manager: Manager;
  let registry: Registry;
  before(async () => {
    registry = new Registry();
    manager = new Manager(
      testConfig([stdioEntry('dual', v2Stdio({ tag: 'dual' }), { prefix: 'dual_' }), stdioEntry('ev', officialServer('everything'), { prefix: 'ev_' })]),
      { registry },
    );
    await manager.start();
  });
  after(async () => {
    await manager?.close();
  });
  return { manager: () => manager, registry: () => registry };
}

/** `serveHttp` with these options in front of the backends. */
export function useGateway(backends: ReturnType<typeof useBackends>, options: Partial<HttpServeOptions> = {}): () => HttpServer {
  let gateway: Gateway;
  let server: HttpServer;
  before(async () => {
    gateway = new Gateway({ manager: backends.manager(), registry: backends.registry() });
    server = await serveHttp({ gateway: () => gateway, listen: { host: '127.0.0.1', port: 0 }, ...options });
  });
  after(async () => {
    await server?.close();
    gateway?.close();
  });
  return () => server;
}
