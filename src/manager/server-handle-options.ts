// The handle's contract with its owner: the events a ServerHandle emits and the options it is
// built with. Kept apart from the state machine so the contract reads without the restart logic.
import type { Prompt, Resource, ResourceTemplate, Tool } from '../../protocol/index.js';
import type { ClientOptions } from '../client/client.js';
import type { ToolCallGate } from '../client/client-options.js';
import type { Logger } from '../log.js';
import type { RestartPolicy } from './restart-policy.js';
import type { ServerState } from './server-status.js';
import type { ToolListStore } from './saved-tools.js';

export interface ServerHandleEvents {
  state: ServerState;
  /** The tool list is (again) known: on start (from the server, or a lazy server's saved list), restart and after list_changed. */
  tools: Tool[];
  /** The server went down; its tools should be withdrawn. */
  down: { error?: unknown };
  /** The held resources and templates changed (start, restart, resources list_changed; opt-in `resources`). */
  resources: { resources: Resource[]; resourceTemplates: ResourceTemplate[] };
  /** The held prompts changed (start, restart, prompts list_changed; opt-in `prompts`). */
  prompts: Prompt[];
  log: { level: string; message: string };
}

export interface ServerHandleOptions {
  logger?: Logger;
  restartPolicy?: Partial<RestartPolicy>;
  /** Extra client options (handlers for roots, sampling, elicitation...). */
  clientOptions?: Omit<ClientOptions, 'name'>;
  /** Debounce of list_changed bursts. @defaultValue 50 */
  listChangedDebounceMs?: number;
  /** Where a lazy server's tool list is saved and read back; without one, a lazy server starts like an eager one. */
  toolListStore?: ToolListStore;
  /** Runs every `callTool` through the owner's checks (the manager's: its registry's call pipeline) before `send` makes it. */
  gate?: ToolCallGate;
}

export type { ToolCallGate } from '../client/client-options.js';
