// What a manager's registry holds of each server: the server's tools with its context tools
// (list_resources, read_resource, get_prompt, load_skill for a server that opts into resources or
// prompts), replaced as a whole whenever they change (start, restart, list_changed, a new prompt).
// A registry failure for one server is reported, never thrown at the others.
import type { Emitter, Tool } from '../../protocol/index.js';
import type { Logger } from '../log.js';
import type { ToolRegistry as Registry } from '../registry/registry.js';
import type { RegisterReport } from '../registry/types.js';
import { ContextTools } from './context-tools.js';
import type { ManagerEvents } from './manager-options.js';
import type { ServerHandle } from './server-handle.js';

/** Keeps a registry (when the manager has one) in step with the manager's servers. */
export class RegistrySync {
  private readonly contextTools = new Map<string, ContextTools>();

  constructor(
    private readonly registry: Registry | undefined,
    private readonly logger: Logger,
    private readonly events: Emitter<ManagerEvents>,
  ) {}

  /** The context tools of a new handle, kept for its syncs. */
  track(handle: ServerHandle): ContextTools {
    const context = new ContextTools(handle);
    this.contextTools.set(handle.name, context);
    return context;
  }

  /** Registers `tools` as the server's tools, then says so (`toolsChanged`, and `ready` for a ready server). */
  publish(handle: ServerHandle, tools: Tool[]): void {
    let report: RegisterReport | undefined;
    try {
      report = this.sync(handle, tools);
    } catch (error) {
      // A registry failure for one server (a bug, or a hostile tool list) must not take down the others.
      this.logger.error(`registering the tools of "${handle.name}" failed: ${error instanceof Error ? error.message : String(error)}`, { server: handle.name });
      this.events.emit('failed', { server: handle.name, error });
      return;
    }
    this.events.emit('toolsChanged', { server: handle.name, tools });
    if (handle.state === 'ready') this.events.emit('ready', { server: handle.name, tools: tools.length, report });
  }

  /** Registers the server's current tools again, for context tools that changed (prompts, resources, their module loaded). */
  resync(handle: ServerHandle): void {
    try {
      this.sync(handle, [...handle.currentTools]);
    } catch (error) {
      this.logger.error(`registering the context tools of "${handle.name}" failed: ${error instanceof Error ? error.message : String(error)}`, {
        server: handle.name,
      });
    }
  }

  private sync(handle: ServerHandle, tools: Tool[]): RegisterReport | undefined {
    const registry = this.registry;
    if (!registry) return undefined;
    const config = handle.config;
    const context = this.contextTools.get(config.name)!;
    // Opt-in resources/prompts add list_resources, read_resource, get_prompt (and load_skill); a tools filter does not hide them.
    const extra = context.defs(tools);
    const report = registry.replaceServerTools(config.name, [...tools, ...extra], {
      prefix: config.prefix,
      allow: config.tools.length > 0 ? [...config.tools, ...extra.map((t) => t.name)] : undefined,
      ...(config.excludeTools && config.excludeTools.length > 0 ? { deny: config.excludeTools } : {}),
      ...(config.defer !== undefined ? { defer: config.defer } : {}),
      textBudget: config.maxResultChars,
      // No timeoutMs here: the server's timeout is applied once, as its Client's requestTimeoutMs.
      // The registry's pipeline already ran: the call skips the handle's gate, its context passed on as it is.
      caller: (name, args, ctx) => context.call(name, args, ctx),
    });
    for (const skipped of report.skipped) if (skipped.reason === 'collision') this.logger.warn(skipped.message, { server: config.name });
    for (const name of report.unmatchedAllow)
      this.logger.warn(`tools filter of server "${config.name}" names "${name}", which the server does not offer`, { server: config.name });
    return report;
  }
}
