// A lazy server's tools without its process: the saved list to register at start, and the live list
// saved back (masked with the server's secrets) once the server has really answered. The handle
// decides when; this file knows the store's shape.
import { redactValue, type Redact } from '../../protocol/redact.js';
import type { Prompt, Tool } from '../../protocol/index.js';
import type { ServerConfig } from '../config/types.js';
import { SERVER_DEFAULTS } from '../config/schema.js';
import { toolListKey, trustedUntil, type SavedToolList, type ToolListStore } from './saved-tools.js';

/** What a handle remembers about where its tools came from. */
export interface ToolsOrigin {
  from: 'live' | 'saved';
  /** When the list was received from the server (ms since the epoch). */
  listedAt: number;
}

/** Whether the handle should consult and keep saved lists for this server. */
export function usesSavedTools(config: ServerConfig, store: ToolListStore | undefined): store is ToolListStore {
  return store !== undefined && config.start === 'lazy';
}

/** The saved list of this configuration, when one is still trusted. */
export function loadSavedTools(config: ServerConfig, store: ToolListStore): SavedToolList | undefined {
  try {
    return store.get(toolListKey(config));
  } catch {
    return undefined;
  }
}

/** Saves a live list; configured secret values are masked first, at any depth of the schemas. */
export function saveLiveTools(
  config: ServerConfig,
  store: ToolListStore,
  live: { tools: readonly Tool[]; ttlMs: number | undefined; resources: boolean; prompts?: readonly Prompt[] },
  redact: Redact,
): void {
  const savedAt = Date.now();
  const list: SavedToolList = {
    key: toolListKey(config),
    server: config.name,
    savedAt,
    expiresAt: trustedUntil(savedAt, config.toolListMaxAgeMs ?? SERVER_DEFAULTS.toolListMaxAgeMs, live.ttlMs),
    tools: redactValue([...live.tools], redact, 64),
    ...(live.resources ? { resources: true } : {}),
    ...(live.prompts ? { prompts: redactValue([...live.prompts], redact, 64) } : {}),
  };
  try {
    store.set(list);
  } catch {
    // A store that fails costs a spawn next time, nothing more.
  }
}

/** Forgets the saved list (the server said its tools changed). */
export function forgetSavedTools(config: ServerConfig, store: ToolListStore): void {
  try {
    store.delete(toolListKey(config));
  } catch {
    // It expires anyway.
  }
}
