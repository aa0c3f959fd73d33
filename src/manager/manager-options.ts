// A Manager's options, events and start summary: the types its users write against, apart from the
// class that runs the servers.
import type { Prompt, Resource, ResourceTemplate, Tool } from '../../protocol/index.js';
import type { ClientOptions } from '../client/client.js';
import type { Logger } from '../log.js';
import type { ConfirmHandler } from '../pipeline/policy/types.js';
import type { ToolRegistry as Registry } from '../registry/registry.js';
import type { RegisterReport } from '../registry/types.js';
import type { RestartPolicy } from './restart-policy.js';
import type { ToolListStore } from './saved-tools.js';
import type { ServerState } from './server-handle.js';

/** Options of a {@link Manager}. */
export interface ManagerOptions {
  /** Registry to fill with every server's tools; one is not required (use the handles directly). */
  registry?: Registry;
  logger?: Logger;
  /** Most servers starting at once. @defaultValue 8 */
  concurrency?: number;
  restartPolicy?: Partial<RestartPolicy>;
  /** Handlers for roots, sampling and elicitation, shared by every server. */
  clientOptions?: Omit<ClientOptions, 'name'>;
  /** Bound on `close()`; every process tree is killed by then. @defaultValue 10000 */
  closeTimeoutMs?: number;
  /**
   * Where the tool lists of lazy servers (`start: lazy`) are saved between runs, so their tools are
   * registered without spawning them; `false` for none (a lazy server then starts with the others).
   * @defaultValue `fileToolListStore()`: one file per server configuration under `tool-lists/` in the per-user state folder
   */
  toolListStore?: ToolListStore | false;
  /**
   * Asked for every call the config's policy (`tools.mcp.policy`) says to confirm, from the registry
   * or a server handle: `true` runs it. Without one (here, on the Registry or the call), such calls
   * are refused. Only your code answers it: a server's elicitation never stands in for the user.
   */
  onConfirm?: ConfirmHandler;
}

/** Events of the manager, each tagged with the server name. */
export interface ManagerEvents {
  /** A server changed state (starting, ready, restarting, failed, stopped). */
  state: { server: string; state: ServerState };
  /** A server is ready with this many tools, and what the registry made of them. */
  ready: { server: string; tools: number; report?: RegisterReport };
  /** A server could not be started or crashed for good. */
  failed: { server: string; error: unknown };
  /** A server's tools were re-listed (list_changed, restart). */
  toolsChanged: { server: string; tools: Tool[] };
  /** A server's resources and templates were (re)listed (opt-in `resources: true`). */
  resourcesChanged: { server: string; resources: Resource[]; resourceTemplates: ResourceTemplate[] };
  /** A server's prompts were (re)listed (opt-in `prompts: true`). */
  promptsChanged: { server: string; prompts: Prompt[] };
  /** A log line from a server (`notifications/message`). */
  log: { server: string; level: string; message: string };
}

/** The outcome of {@link Manager.start}. */
export interface StartSummary {
  ready: string[];
  /** Lazy servers whose tools were registered from their saved list, not started. */
  lazy: string[];
  failed: { server: string; error: unknown }[];
  disabled: string[];
}
