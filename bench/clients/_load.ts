// Finds the client adapters: every compiled file in bench/clients/ not starting with `_`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { benchFile, fileUrl } from '../lib/paths.js';
import type { BenchClient } from './_types.js';

/** The client that runs another build of mcp-bridge (`--base DIR`, passed to the workers in {@link BASE_ENV}). */
export const BASE_CLIENT = 'mcp-bridge-base';
/** The environment variable naming the root of the `--base` build. */
export const BASE_ENV = 'MCPB_BENCH_BASE';

/** Names of all adapters, mcp-bridge first (and its base build when given), then sdk, the raw loops, then any others alphabetically. */
export function clientNames(): string[] {
  const order = ['mcp-bridge', BASE_CLIENT, 'sdk', 'raw', 'raw-node-http', 'raw-unbatched', 'raw-progress', 'raw-defaults'];
  const names = readdirSync(benchFile('clients'))
    .filter((f) => f.endsWith('.js') && !f.startsWith('_'))
    .map((f) => f.slice(0, -3));
  if (process.env[BASE_ENV]) names.push(BASE_CLIENT);
  return names.sort((a, b) => {
    const ia = order.indexOf(a),
      ib = order.indexOf(b);
    if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
    return a.localeCompare(b);
  });
}

/** Loads one adapter by file name. */
export async function loadClient(name: string): Promise<BenchClient> {
  if (name === BASE_CLIENT) {
    const base = process.env[BASE_ENV];
    if (!base) throw new Error(`bench: ${BASE_CLIENT} needs --base DIR`);
    const m = (await import(fileUrl(join(benchFile('clients'), 'mcp-bridge.js')))) as { bridgeAt(root: string, name: string): BenchClient };
    return m.bridgeAt(base, BASE_CLIENT);
  }
  const m = (await import(fileUrl(join(benchFile('clients'), `${name}.js`)))) as { default?: BenchClient };
  if (!m.default || typeof m.default.connect !== 'function') throw new Error(`bench/clients/${name}.ts has no default BenchClient export`);
  return m.default;
}
