// Deferred loading, the portable way: with tool search on, the specs a model first gets hold a
// search tool and the always-loaded tools only. The search tool answers with the definitions it
// found, and from the next turn on the specs carry those tools too, appended after what was there,
// so the part of the prompt a provider caches never changes while tools are found.
import type { CallToolResult } from '../../protocol/index.js';
import type { Entry } from './entry.js';
import { allowMatcher } from './entry.js';
import type { ToolSearchResult } from './tool-search.js';
import type { AgentTool } from './types.js';

/** Deferred-loading settings of {@link RegistryOptions.toolSearch}. */
export interface DeferredLoadingSettings {
  /** Offer a search tool and defer every other tool until it is found. @defaultValue false */
  enabled?: boolean;
  /** Exposed names (`*` globs) loaded from the first turn on. */
  alwaysLoaded?: readonly string[];
  /** The search tool's exposed name. @defaultValue `search_tools` */
  toolName?: string;
  /** How many tools one search returns at most. @defaultValue 5 */
  limit?: number;
}

const DEFAULT_TOOL_NAME = 'search_tools';
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;

/** Which tools the specs carry when tool search defers the rest. */
export class LoadedTools {
  readonly toolName: string;
  private readonly always: ReturnType<typeof allowMatcher> | undefined;
  /** Exposed names found by search, in the order they were first found. */
  private readonly found = new Set<string>();

  constructor(
    private readonly settings: DeferredLoadingSettings,
    /** Tools of the registry's own that are always loaded once they exist (`read_result`). */
    private readonly own: readonly string[] = [],
  ) {
    this.toolName = settings.toolName ?? DEFAULT_TOOL_NAME;
    this.always = settings.alwaysLoaded && settings.alwaysLoaded.length > 0 ? allowMatcher([...settings.alwaysLoaded]) : undefined;
  }

  /** Marks tools as loaded: the specs carry them from now on. */
  load(names: readonly string[]): void {
    for (const name of names) this.found.add(name);
  }

  /** Forgets every tool found (a new conversation starts from the first-turn specs again). */
  reset(): void {
    this.found.clear();
  }

  /** Names found so far, in order. */
  loaded(): string[] {
    return [...this.found];
  }

  /**
   * The entries the specs carry, in a fixed order: the search tool, the always-loaded tools (registry
   * order), then the tools found (in the order found). A found tool that left the registry is left out.
   */
  select(entries: ReadonlyMap<string, Entry>, withFound = true): Map<string, Entry> {
    const out = new Map<string, Entry>();
    const search = entries.get(this.toolName);
    if (search) out.set(this.toolName, search);
    if (this.always) for (const [name, entry] of entries) if (name !== this.toolName && this.always.matches(name)) out.set(name, entry);
    // The registry's own tools come after what the first turn had, in the order they appeared.
    for (const [name, entry] of entries) if (this.own.includes(name) && !out.has(name)) out.set(name, entry);
    if (withFound)
      for (const name of this.found) {
        const entry = entries.get(name);
        if (entry && !out.has(name)) out.set(name, entry);
      }
    return out;
  }

  /** The search tool, as a native tool of the registry. */
  searchTool(search: (query: string, limit: number) => Promise<ToolSearchResult[]>, definition: (name: string) => Entry | undefined): AgentTool {
    return {
      name: this.toolName,
      title: 'Search tools',
      description:
        'Finds the tools that fit a task among every tool available (most are not listed until found). Describe what you want ' +
        'to do in plain words; the matching tools come back with their parameters and can be called from your next step on.',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What you want to do, in a few words (for example "create a GitHub issue").' },
          limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, description: `How many tools at most (default ${this.settings.limit ?? DEFAULT_LIMIT}).` },
        },
        required: ['query'],
        additionalProperties: false,
      },
      handler: async (args): Promise<CallToolResult> => {
        const limit = Math.min(MAX_LIMIT, typeof args.limit === 'number' ? args.limit : (this.settings.limit ?? DEFAULT_LIMIT));
        const hits = (await search(String(args.query ?? ''), limit)).filter((h) => h.name !== this.toolName);
        this.load(hits.map((h) => h.name));
        const tools = hits.map((h) => {
          const def = definition(h.name)?.def;
          return { name: h.name, description: h.description, ...(def ? { inputSchema: def.inputSchema } : {}) };
        });
        const text =
          tools.length === 0
            ? 'No tool matches; try other words.'
            : `Found ${tools.length} tool${tools.length === 1 ? '' : 's'}; each can be called from your next step on:\n${JSON.stringify(tools, null, 2)}`;
        return { content: [{ type: 'text', text }], structuredContent: { tools } };
      },
    };
  }
}
