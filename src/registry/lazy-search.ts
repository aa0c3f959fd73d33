// The registry's tool search, loaded by the first search: most registries never search, and the
// index's code and tables (BM25F, terms, synonyms: tool-search.ts) would otherwise be compiled at
// every import of the package. Once loaded, the index is marked stale by every change of the
// registry and re-indexes what changed at the next search.
import type { Emitter } from '../../protocol/index.js';
import type { ToolDef } from '../bridge/types.js';
import type { ToolSearch, ToolSearchOptions, ToolSearchResult, ToolSearchSettings } from './tool-search.js';
import type { ToolTable } from './tool-table.js';
import type { RegistryEvents } from './types.js';

export class LazyToolSearch {
  private loaded?: Promise<ToolSearch>;

  constructor(
    private readonly table: ToolTable,
    private readonly events: Emitter<RegistryEvents>,
    private readonly settings: ToolSearchSettings | undefined,
    /** The search tool's exposed name (tool search on), which never finds itself. */
    private readonly searchTool: string | undefined,
    /** Whether a pipeline step refuses a tool outright, as the pipeline is when the search ends. */
    private readonly hides: (def: ToolDef) => boolean,
  ) {}

  /** The tools that fit `query`, best first; see `Registry.searchTools`. */
  async search(query: string, options: ToolSearchOptions): Promise<ToolSearchResult[]> {
    const found = await (await this.index()).search(query, options);
    return found.filter((f) => {
      const def = this.table.entries.get(f.name)?.def;
      return !def || !this.hides(def);
    });
  }

  private index(): Promise<ToolSearch> {
    this.loaded ??= import('./tool-search.js').then(({ ToolSearch }) => {
      // Built stale, so the first search indexes whatever changed while the module was loading.
      const search = new ToolSearch(() => this.table.entries, this.settings, this.searchTool);
      this.events.on('changed', () => search.invalidate());
      this.events.on('renamed', () => search.invalidate());
      return search;
    });
    return this.loaded;
  }
}
