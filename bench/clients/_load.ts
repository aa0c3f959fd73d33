// Finds the client adapters: every compiled file in bench/clients/ not starting with `_`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { benchFile, fileUrl } from '../lib/paths.js';
import type { BenchClient } from './_types.js';

/** Names of all adapters, mcp-bridge first, then sdk, the raw loops, then any others alphabetically. */
export function clientNames(): string[] {
  const order = ['mcp-bridge', 'sdk', 'raw', 'raw-node-http', 'raw-unbatched'];
  const names = readdirSync(benchFile('clients'))
    .filter((f) => f.endsWith('.js') && !f.startsWith('_'))
    .map((f) => f.slice(0, -3));
  return names.sort((a, b) => {
    const ia = order.indexOf(a),
      ib = order.indexOf(b);
    if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
    return a.localeCompare(b);
  });
}

/** Loads one adapter by file name. */
export async function loadClient(name: string): Promise<BenchClient> {
  const m = (await import(fileUrl(join(benchFile('clients'), `${name}.js`)))) as { default?: BenchClient };
  if (!m.default || typeof m.default.connect !== 'function') throw new Error(`bench/clients/${name}.ts has no default BenchClient export`);
  return m.default;
}
