// Where one server's tool list came from, and the saved copy of it: the list to register at start
// without spawning a lazy server, and the live list saved back (masked with the server's secrets)
// once the server has really answered. The handle decides when; this file knows the store.
import { redactValue, type Redact } from '../../protocol/redact.js';
import type { Prompt, Tool } from '../../protocol/index.js';
import type { Client } from '../client/client.js';
import type { ServerConfig } from '../config/types.js';
import { SERVER_DEFAULTS } from '../config/schema.js';
import type { ServerLists } from './server-lists.js';
import { toolListKey, trustedUntil, type SavedToolList, type ToolListStore } from './saved-tools.js';

/** Where a server's current tool list came from, and when the server sent it. */
export interface ToolsOrigin {
  /** `live`: from the running server; `saved`: from the list saved by an earlier run (the server not started). */
  from: 'live' | 'saved';
  /** When the server sent the list (ms since the epoch). */
  listedAt: number;
}

/** One handle's tool-list bookkeeping. Only lazy servers with a store read or write the store. */
export class ToolListOrigin {
  /** Where the current list came from; undefined while no list is known (before start, after a crash). */
  origin?: ToolsOrigin;
  /** The saved list in use, while the server has not run yet (for its held resources and prompts). */
  private saved?: SavedToolList;
  private readonly store?: ToolListStore;

  constructor(
    private readonly config: ServerConfig,
    store: ToolListStore | undefined,
    private readonly redact: Redact,
  ) {
    if (config.start === 'lazy') this.store = store;
  }

  /** The trusted saved list of this configuration, now in use; undefined when there is none (or the server is not lazy). */
  adoptSaved(): SavedToolList | undefined {
    const saved = this.attempt(() => this.store?.get(toolListKey(this.config)));
    if (saved) {
      this.saved = saved;
      this.origin = { from: 'saved', listedAt: saved.savedAt };
    }
    return saved;
  }

  /** The server listed its tools: they replace the saved list, on disk too. */
  live(client: Client, tools: readonly Tool[], lists: ServerLists | undefined): void {
    this.saved = undefined;
    const listedAt = Date.now();
    this.origin = { from: 'live', listedAt };
    const store = this.store;
    if (!store) return;
    const list: SavedToolList = {
      key: toolListKey(this.config),
      server: this.config.name,
      savedAt: listedAt,
      expiresAt: trustedUntil(listedAt, this.config.toolListMaxAgeMs ?? SERVER_DEFAULTS.toolListMaxAgeMs, client.toolsListTtlMs),
      // Masked at any depth of the schemas: a server may echo a configured secret anywhere.
      tools: redactValue([...tools], this.redact, 64),
      ...(lists?.holdsResources ? { resources: true } : {}),
      ...(lists?.holdsPrompts ? { prompts: redactValue([...lists.prompts], this.redact, 64) } : {}),
    };
    this.attempt(() => store.set(list));
  }

  /** The server said its tools changed: the saved list is stale from now, whether or not the re-list succeeds. */
  forget(): void {
    const store = this.store;
    if (store) this.attempt(() => store.delete(toolListKey(this.config)));
  }

  /** The list is gone with the server (a crash). */
  clear(): void {
    this.origin = undefined;
    this.saved = undefined;
  }

  /** What the saved list says is held, while the server has not run. */
  get savedHolds(): { resources: boolean; prompts?: readonly Prompt[] } | undefined {
    return this.saved && { resources: this.saved.resources === true, ...(this.saved.prompts ? { prompts: this.saved.prompts } : {}) };
  }

  // A store that fails costs a spawn next time, nothing more.
  private attempt<T>(action: () => T): T | undefined {
    try {
      return action();
    } catch {
      return undefined;
    }
  }
}
