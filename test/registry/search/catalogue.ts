// The tool catalogue for search tests and the bench: the real tools/list of 34 servers (30 recorded
// by scripts/record-tool-catalog.mjs, 4 official ones in test/fixtures/tools), registered in one
// Registry with each server's name as prefix, as a user with many servers would configure them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Registry, type RegistryOptions, type Tool } from '../../../src/index.js';
import { repoRoot } from '../../helpers/paths.js';

export interface CatalogueServer {
  server: string;
  tools: Tool[];
}

export function loadCatalogue(): CatalogueServer[] {
  const out: CatalogueServer[] = [];
  for (const dir of ['tool-catalog', 'tools']) {
    const folder = join(repoRoot, 'test', 'fixtures', dir);
    for (const file of readdirSync(folder).sort()) {
      if (!file.endsWith('.json')) continue;
      const data = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { server: string; tools: Tool[] };
      out.push({ server: data.server, tools: data.tools });
    }
  }
  return out;
}

const caller = async () => ({ content: [] });

/** A registry holding the whole catalogue; `copies` registers it that many times (servers suffixed) for scale. */
export function catalogueRegistry(options: RegistryOptions = {}, copies = 1): Registry {
  const registry = new Registry(options);
  for (let copy = 0; copy < copies; copy++)
    for (const { server, tools } of loadCatalogue()) {
      const name = copy === 0 ? server : `${server}${copy + 1}`;
      registry.registerServerTools(name, tools, { prefix: `${name}_`, caller });
    }
  return registry;
}
