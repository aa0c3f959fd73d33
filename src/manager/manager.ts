// Runs every configured server: starts them in parallel under a concurrency cap, isolates failures,
// keeps the registry in step with each server's tools (start, restart, list_changed; registry-sync.ts),
// and stops everything within a bound. Its options and events are in manager-options.ts.
import { Emitter, McpBridgeError, type Tool } from '../../protocol/index.js';
import { toAgentsMcpServer, type AgentsMcpServer, type AgentsMcpServerOptions } from '../adapters/openai-agents.js';
import type { ClientOptions } from '../client/client.js';
import { configFromObject, isBridgeConfig, type ConfigInput, type ObjectConfigOptions } from '../config/from-object.js';
import type { BridgeConfig, ServerConfig } from '../config/types.js';
import { UnknownServerError } from '../errors/manager-errors.js';
import { nullLogger, type Logger } from '../log.js';
import type { Interceptor } from '../pipeline/types.js';
import { deferredTelemetry } from '../telemetry/deferred.js';
import { warmHttpTransport } from '../transports/create.js';
import { dirname } from '../util/node-path.js';
import { CallGate } from './call-gate.js';
import { loadGovernance } from './governance.js';
import type { ManagerEvents, ManagerOptions, StartSummary } from './manager-options.js';
import { RegistrySync } from './registry-sync.js';
import { fileToolListStore, type ToolListStore } from './saved-tools.js';
import type { ToolCallGate } from './server-handle-options.js';
import { ServerHandle, type ServerStatus } from './server-handle.js';
import { warmLaunch } from './server-life.js';
import { serversOf } from './servers-of.js';

export type { ManagerEvents, ManagerOptions, StartSummary } from './manager-options.js';

/**
 * Runs a set of MCP servers for an agent.
 * @example
 * const registry = new Registry();
 * const manager = new Manager(await loadConfig('mcp-bridge.yaml'), { registry });
 * await manager.start();
 * const specs = registry.toLLMSpecs('openai');
 * await manager.close();
 */
export class Manager {
  readonly events = new Emitter<ManagerEvents>();
  private readonly handles = new Map<string, ServerHandle>();
  private readonly disabled: string[] = [];
  private readonly logger: Logger;
  /** The registry's view of each server's tools (with its context tools). */
  private readonly registrySync: RegistrySync;
  private closing?: Promise<void>;
  /** During start(), tool lists wait here so the registry is filled in config order, not finish order. */
  private deferred?: Map<string, Tool[]>;
  private readonly toolListStore?: ToolListStore;
  /** `tools.mcp.telemetry`: settles once `@opentelemetry/api` is loaded (start() waits for it). */
  private readonly telemetryReady?: Promise<void>;
  private readonly clientOptions?: Omit<ClientOptions, 'name'>;
  /** With a registry: runs direct handle calls through its call pipeline. */
  private readonly gate?: CallGate;
  /** The config's governance steps, loading (import()); start(), publishing tools and direct calls wait for them. */
  private readonly governance?: Promise<void>;
  private governed = false;
  /** The pipeline steps this manager's config added to the registry; closed with it. */
  private readonly steps: Interceptor[] = [];
  /** The context tools' module, loading (import()) when a server opts into resources or prompts; start() waits for it. */
  private readonly contextReady: Promise<unknown>[] = [];

  /**
   * @param config - A loaded config ({@link loadConfig}, {@link configFromObject}) or its servers. Entries
   *   written as a file writes them (`{ name, command, args }`) are normalised here, as
   *   {@link Manager.fromConfig} does.
   * @throws {ConfigError} `MCPB_CONFIG_INVALID` when such an entry has problems, each named with its path.
   */
  constructor(
    config: BridgeConfig | ServerConfig[],
    private readonly options: ManagerOptions = {},
  ) {
    this.logger = options.logger ?? nullLogger;
    this.registrySync = new RegistrySync(options.registry, this.logger, this.events);
    const servers = serversOf(config);
    this.clientOptions = options.clientOptions;
    // Tracing from the config, unless the caller gave clients their own telemetry.
    if (!Array.isArray(config) && config.telemetry?.enabled && !options.clientOptions?.telemetry) {
      const { telemetry, ready } = deferredTelemetry({ recordSessionId: config.telemetry.recordSessionId });
      this.clientOptions = { ...options.clientOptions, telemetry };
      this.telemetryReady = ready;
    }
    if (options.registry) this.gate = new CallGate(options.registry);
    // Only lazy servers read or write saved lists: without one, nothing touches the disk.
    if (options.toolListStore !== false && servers.some((s) => s.enabled && s.start === 'lazy'))
      this.toolListStore = options.toolListStore ?? fileToolListStore();
    // The config's governance (pins, scanner, policy, audit) joins the registry's call pipeline once loaded.
    if (options.registry && !Array.isArray(config) && isBridgeConfig(config)) {
      const loading = loadGovernance(config, options.registry, {
        configDir: dirname(config.file),
        logger: this.logger,
        ...(options.onConfirm ? { onConfirm: options.onConfirm } : {}),
      });
      this.governance = loading?.then((steps) => {
        this.steps.push(...steps);
        this.governed = true;
      });
      // Reported by start() and by every call that waits for it; never an unhandled rejection.
      this.governance?.catch(() => {});
    }
    for (const server of servers) {
      if (!server.enabled) {
        this.disabled.push(server.name);
        continue;
      }
      this.handles.set(server.name, this.createHandle(server));
    }
    // Load what start() needs while the caller is still busy (config, registry): a first start would
    // otherwise load its launch, then the transport and the connecting code, one after the other,
    // before its spawn; and undici for URL servers (while the stdio spawns of start() run).
    if (this.handles.size > 0) warmLaunch(servers.some((s) => s.enabled && s.transport === 'stdio'));
    if (servers.some((s) => s.enabled && 'url' in s)) void warmHttpTransport();
  }

  /**
   * A manager for a config written in code, in the shapes a config file holds: a list of servers,
   * `{ tools: { mcp: { servers } } }`, or a host's `{ mcpServers: { name: {...} } }`. Normalised and
   * validated as a file is (defaults, `${VAR}` expansion, every problem with its path).
   * @example
   * const manager = Manager.fromConfig([{ name: 'fs', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '.'] }], { registry });
   * @throws {ConfigError} `MCPB_CONFIG_INVALID` listing every problem, e.g. `tools.mcp.servers[0].command`.
   */
  static fromConfig(config: ConfigInput | BridgeConfig, options: ManagerOptions & { config?: ObjectConfigOptions } = {}): Manager {
    const { config: configOptions, ...managerOptions } = options;
    return new Manager(isBridgeConfig(config) ? config : configFromObject(config as ConfigInput, configOptions), managerOptions);
  }

  /** Configured, enabled server names. */
  get serverNames(): string[] {
    return [...this.handles.keys()];
  }

  /**
   * Starts every enabled server, at most `concurrency` at a time. Never rejects for a server's
   * failure: failures are in the summary (and `status()`), and the other servers serve.
   */
  async start(): Promise<StartSummary> {
    // Enabled tracing that cannot load is a set-up mistake: said at once (MCPB_TELEMETRY_UNAVAILABLE).
    await this.telemetryReady;
    // A governance step that cannot be built (an unreadable lock) fails the start: nothing runs ungoverned.
    await this.governance;
    // So is a context-tool module that cannot be loaded (a broken install): no server's context tools go missing.
    await Promise.all(this.contextReady);
    const summary: StartSummary = { ready: [], lazy: [], failed: [], disabled: [...this.disabled] };
    const queue = [...this.handles.values()];
    this.deferred = new Map();
    const workers = Array.from({ length: Math.min(this.options.concurrency ?? 8, queue.length) }, async () => {
      for (let handle = queue.shift(); handle; handle = queue.shift()) {
        try {
          await handle.start();
          (handle.asleep ? summary.lazy : summary.ready).push(handle.name);
        } catch (error) {
          summary.failed.push({ server: handle.name, error });
          this.events.emit('failed', { server: handle.name, error });
          this.logger.error(`server "${handle.name}" failed to start: ${error instanceof Error ? error.message : String(error)}`, { server: handle.name });
        }
      }
    });
    await Promise.all(workers);
    // A stable tool order across runs keeps LLM prompt caches warm (TOOLS-14).
    const deferred = this.deferred;
    this.deferred = undefined;
    for (const handle of this.handles.values()) {
      const tools = deferred.get(handle.name);
      if (tools && (handle.state === 'ready' || handle.asleep)) this.registrySync.publish(handle, tools);
    }
    return summary;
  }

  /** One server's handle (client, state, call). @throws UnknownServerError (`MCPB_UNKNOWN_SERVER`) */
  server(name: string): ServerHandle {
    const handle = this.handles.get(name);
    if (!handle) throw new UnknownServerError(name, this.serverNames);
    return handle;
  }

  /** A snapshot of every server: state, pid, protocol version, tool count, restarts, last error. */
  status(): ServerStatus[] {
    return [...this.handles.values()].map((h) => h.status());
  }

  /**
   * The registry's tools as one OpenAI Agents SDK MCP server (`new Agent({ mcpServers: [...] })`).
   * The manager keeps owning the servers: the Agents SDK's connect/close do nothing.
   * @throws McpBridgeError `MCPB_INVALID_OPTIONS` when the manager was built without a `registry`.
   */
  toAgentsMcpServer(options: AgentsMcpServerOptions = {}): AgentsMcpServer {
    if (!this.options.registry) {
      throw new McpBridgeError('MCPB_INVALID_OPTIONS', 'toAgentsMcpServer needs a manager built with a registry', {
        hint: 'new Manager(config, { registry: new Registry() })',
      });
    }
    return toAgentsMcpServer(this.options.registry, options);
  }

  /**
   * Stops every server and withdraws its tools, then closes the pipeline steps its config added (the
   * audit log writes its last lines and closes its file; the steps stay in the registry). Resolves
   * within `closeTimeoutMs`. Idempotent.
   */
  close(): Promise<void> {
    this.closing ??= this.stopAll();
    return this.closing;
  }

  private async stopAll(): Promise<void> {
    const stops = [...this.handles.values()].map((h) => h.stop().finally(() => this.options.registry?.removeServer(h.name)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.closeTimeoutMs ?? 10_000);
      timer.unref?.();
    });
    await Promise.race([Promise.allSettled(stops), bound]);
    // After the servers: the calls they ended are in the audit log's last lines. The steps stay in
    // the registry (a deny rule must outlive the manager); closing only releases what they hold.
    // Steps still loading when close() came are closed too, once they are there.
    if (this.governance) await Promise.race([this.governance.catch(noop), bound]);
    const closes = this.steps.map(async (step) => step.close?.());
    await Promise.race([Promise.allSettled(closes), bound]);
    clearTimeout(timer);
  }

  private createHandle(config: ServerConfig): ServerHandle {
    const handle: ServerHandle = new ServerHandle(config, {
      logger: this.logger,
      restartPolicy: this.options.restartPolicy,
      clientOptions: this.clientOptions,
      ...(this.toolListStore ? { toolListStore: this.toolListStore } : {}),
      ...(this.gate
        ? {
            gate: this.untilGoverned(
              this.gate.forServer(
                config.name,
                () => config.prefix,
                (): readonly Tool[] => handle.currentTools,
              ),
            ),
          }
        : {}),
    });
    const server = config.name;
    handle.events.on('state', (state) => {
      this.events.emit('state', { server, state });
      if (state === 'failed' && handle.status().restarts > 0) this.events.emit('failed', { server, error: handle.status().lastError });
    });
    handle.events.on('tools', (tools) => {
      if (this.deferred) this.deferred.set(server, tools);
      // A handle started on its own before the steps are loaded: its tools wait for them (never if they fail).
      else if (this.governance && !this.governed) void this.governance.then(() => this.registrySync.publish(handle, tools), noop);
      else this.registrySync.publish(handle, tools);
    });
    // Withdrawn, not removed: a call meanwhile is told the server is restarting and when, not that no such tool exists.
    handle.events.on('down', () => this.options.registry?.withdrawServer(server, (tool) => handle.unavailableError(tool)));
    const context = this.registrySync.track(handle);
    if (context.ready) {
      this.contextReady.push(context.ready);
      // Tools published before the module came (a handle started on its own at once) get their context tools now.
      context.ready.then(
        () => {
          if (context.missed && !this.deferred && (handle.state === 'ready' || handle.asleep)) this.registrySync.resync(handle);
        },
        // start() rejects with it; said here too, for a handle started on its own.
        (error: unknown) =>
          this.logger.error(`the context tools of "${server}" could not be loaded: ${error instanceof Error ? error.message : String(error)}`, { server }),
      );
    }
    // The context tools follow what the server offers (get_prompt's enum lists the prompts).
    const resync = () => {
      if (!this.deferred && handle.state === 'ready') this.registrySync.resync(handle);
    };
    handle.events.on('resources', (lists) => {
      this.events.emit('resourcesChanged', { server, ...lists });
      resync();
    });
    handle.events.on('prompts', (prompts) => {
      this.events.emit('promptsChanged', { server, prompts });
      resync();
    });
    handle.events.on('log', (entry) => this.events.emit('log', { server, ...entry }));
    return handle;
  }

  /** `gate` once the governance steps are in place: a direct call made before waits for them, or fails with their error. */
  private untilGoverned(gate: ToolCallGate): ToolCallGate {
    const loading = this.governance;
    if (!loading) return gate;
    return (tool, args, options, send) => (this.governed ? gate(tool, args, options, send) : loading.then(() => gate(tool, args, options, send)));
  }
}

function noop(): void {}
