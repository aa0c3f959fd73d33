// One configured server's life: starting → ready → (crashed → restarting → ready) | failed | stopped.
// Owns its client and transport; calls fail fast while it is not ready; a crash is followed by a
// restart with backoff, and a tools/list_changed by a debounced re-list (resources and prompts:
// see server-lists.ts). A lazy server waits in `idle` with its saved tools until a call wakes it,
// and an idle-stopped one goes back to `idle` keeping its last list (lazy-start.ts, idle-stop.ts).
import { Emitter, type CallToolResult, type Prompt, type Resource, type ResourceTemplate, type Tool } from '../../protocol/index.js';
import type { CallToolOptions, Client } from '../client/client.js';
import type { ServerConfig } from '../config/types.js';
import { ServerUnavailableError } from '../errors/manager-errors.js';
import { noRedaction, redactError, redactValue, type Redact } from '../../protocol/redact.js';
import { nullLogger, redactingLogger, type Logger } from '../log.js';
import type { ServerLists } from './server-lists.js';
import { serverRedaction } from './server-redaction.js';
import type * as Launch from './server-launch.js';
import { describeError, statusOf, type ServerState, type ServerStatus } from './server-status.js';
import { DEFAULT_RESTART_POLICY, restartDelay, type RestartPolicy } from './restart-policy.js';
import { IdleStop } from './idle-stop.js';
import { ToolListOrigin, type ToolsOrigin } from './lazy-start.js';
import type { ServerHandleEvents, ServerHandleOptions, ToolCallGate } from './server-handle-options.js';
import { jsonText } from '../util/json-text.js';

export type { ServerState, ServerStatus } from './server-status.js';
export type { ServerHandleEvents, ServerHandleOptions, ToolCallGate } from './server-handle-options.js';

/** Starting a server (launch attempt, held lists, health pings): imported by the first start, shared by every handle. */
let launchModule: Promise<typeof Launch> | undefined;

/** The options of a call given none: one object for all of them (nothing below writes to it). */
const NO_OPTIONS: CallToolOptions = Object.freeze({});

export class ServerHandle {
  readonly events = new Emitter<ServerHandleEvents>();
  private client?: Client;
  private stateValue: ServerState = 'idle';
  private tools: Tool[] = [];
  private lists?: ServerLists;
  private restarts = 0;
  private lastError?: unknown;
  private readySince?: number;
  private restartTimer?: ReturnType<typeof setTimeout>;
  /** When the pending restart attempt fires (ms since epoch), while restarting. */
  private nextAttemptAt?: number;
  private relistTimer?: ReturnType<typeof setTimeout>;
  private pingTimer?: ReturnType<typeof setInterval>;
  /** Set when health pings failed and we closed the client ourselves. */
  private unresponsive = false;
  private readonly list: ToolListOrigin;
  /** The start a call is waiting for, while an idle server wakes up. */
  private waking?: Promise<void>;
  private readonly idle: IdleStop;
  private readonly policy: RestartPolicy;
  private readonly logger: Logger;
  /** Masks this server's configured secrets in everything the handle reports (status, logs, errors). */
  readonly redact: Redact;
  /** Masks only the configured values, for tool results (which the agent hands to an LLM). */
  private readonly redactResult: Redact;
  /** The transport parameters: the config entry, with a headers function wrapped so its values are masked too. */
  private readonly params: ServerConfig;

  constructor(
    readonly config: ServerConfig,
    private readonly options: ServerHandleOptions = {},
  ) {
    this.policy = { ...DEFAULT_RESTART_POLICY, ...options.restartPolicy };
    ({ redact: this.redact, redactResult: this.redactResult, params: this.params } = serverRedaction(config));
    this.logger = redactingLogger(options.logger ?? nullLogger, this.redact);
    this.idle = new IdleStop(config.idleStopAfterMs, () => this.sleep());
    this.list = new ToolListOrigin(config, options.toolListStore, this.redact);
  }

  get name(): string {
    return this.config.name;
  }
  get state(): ServerState {
    return this.stateValue;
  }
  get currentTools(): readonly Tool[] {
    return this.tools;
  }
  /** Resources held for the agent (config `resources: true`), as last listed. */
  get currentResources(): readonly Resource[] {
    return this.lists?.resources ?? [];
  }
  get currentResourceTemplates(): readonly ResourceTemplate[] {
    return this.lists?.resourceTemplates ?? [];
  }
  /** Prompts held for the agent (config `prompts: true`), as last listed. */
  get currentPrompts(): readonly Prompt[] {
    return this.lists?.prompts ?? this.list.savedHolds?.prompts ?? [];
  }
  /** Whether resources / prompts are held (opted in and declared by the server; before a lazy start, as saved). */
  get holds(): { resources: boolean; prompts: boolean } {
    const saved = this.lists ? undefined : this.list.savedHolds;
    if (saved) return { resources: saved.resources, prompts: saved.prompts !== undefined };
    return { resources: this.lists?.holdsResources ?? false, prompts: this.lists?.holdsPrompts ?? false };
  }
  /** Where the current tool list came from (`saved`: the list saved on disk, the server not started) and when the server sent it. */
  get toolsOrigin(): ToolsOrigin | undefined {
    return this.list.origin;
  }

  /**
   * The live client, or the fail-fast error when the server is not ready.
   * @throws ServerUnavailableError (`MCPB_SERVER_UNAVAILABLE`)
   */
  readyClient(): Client {
    const client = this.liveClient;
    if (!client) throw new ServerUnavailableError(this.name, this.stateValue, describeError(this.lastError));
    return client;
  }
  /** The live client, when ready. */
  get liveClient(): Client | undefined {
    return this.stateValue === 'ready' ? this.client : undefined;
  }

  /**
   * Starts the server and lists its tools. Rejects with the typed start error; the handle is then `failed`.
   * A lazy server (`start: lazy`) with a trusted saved list is not spawned: its tools come from the
   * list, it stays `idle`, and the first call starts it.
   */
  async start(): Promise<void> {
    if (this.stateValue === 'stopped') return;
    const saved = this.list.adoptSaved();
    if (saved) {
      this.tools = saved.tools;
      this.events.emit('tools', saved.tools);
      return;
    }
    await this.wake();
  }

  /** Whether a call would start the server first (a lazy one not yet started, or one stopped for idleness). */
  get asleep(): boolean {
    return this.stateValue === 'idle' && this.list.origin !== undefined;
  }

  /** Starts an idle server (once, however many calls wait); resolves when it is ready. */
  awake(): Promise<void> {
    if (!this.asleep && !this.waking) return Promise.resolve();
    this.waking ??= this.wake().finally(() => {
      this.waking = undefined;
    });
    return this.waking;
  }

  private async wake(): Promise<void> {
    this.setState('starting');
    try {
      await this.launch();
    } catch (error) {
      this.lastError = redactError(error, this.redact);
      this.setState('failed');
      throw error;
    }
  }

  /**
   * Calls a tool on this server, with the configured timeout (the client's default) unless one is given.
   * With a manager whose registry has call-pipeline steps (pins, policy, audit...), the call passes
   * them first, as a registry call does; a step's refusal rejects with its error and sends nothing.
   * @throws ServerUnavailableError (`MCPB_SERVER_UNAVAILABLE`) at once when the server is not ready.
   * @throws McpBridgeError with the refusing step's code (`MCPB_POLICY_DENIED`, `MCPB_NOT_CONFIRMED`...).
   */
  callTool(name: string, args: Record<string, unknown>, options: CallToolOptions = NO_OPTIONS): Promise<CallToolResult> {
    const gate = this.options.gate;
    return gate ? this.callThroughGate(gate, name, args, options) : this.callChecked(name, args, options);
  }

  // Apart from callTool and callChecked: a closure there would make V8 allocate its captured
  // variables on every call.
  private callThroughGate(gate: ToolCallGate, name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    return gate(name, args, options, (a, o) => this.callChecked(name, a, o));
  }

  private callAfterWaking(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    return this.awake().then(() => this.callChecked(name, args, options));
  }

  private redactedResult(result: Promise<CallToolResult>): Promise<CallToolResult> {
    return result.then((r) => this.redactContent(r));
  }

  /**
   * @internal `callTool` past the owner's gate: for a caller whose call already passed the registry's
   * pipeline (the manager's registry caller), so no call is checked twice. The options go down as they are.
   */
  callChecked(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    // The call waits for the start; a start that fails is this call's error.
    if (this.asleep || this.waking) return this.callAfterWaking(name, args, options);
    const client = this.liveClient;
    if (!client)
      return Promise.reject(
        new ServerUnavailableError(
          this.name,
          this.stateValue,
          describeError(this.lastError),
          this.lastError === undefined ? undefined : { cause: this.lastError },
        ),
      );
    // The configured timeout is the client's requestTimeoutMs (set once, in launch()).
    // Calls are counted only for a server that stops when idle: otherwise no closure or `.finally` per call.
    const end = this.idle.enabled ? this.idle.begin() : undefined;
    // Past the client's own gate too: this handle's gate (or the registry's pipeline) already ran.
    const sent = client.callToolChecked(name, args, options);
    const result = end === undefined ? sent : sent.finally(end);
    // A server that echoes its API key in a result must not hand it to the LLM.
    return this.redactResult === noRedaction ? result : this.redactedResult(result);
  }

  /** `value` (a tool result, a resource, a prompt) with this server's configured secret values masked, before it reaches an LLM. */
  redactContent<T>(value: T): T {
    return this.redactResult === noRedaction ? value : redactValue(value, this.redactResult, 16);
  }

  /**
   * Why a call cannot be made now: the state, and while restarting when the next attempt is due.
   * `tool` names the tool that was called (for the LLM's answer).
   */
  unavailableError(tool?: string): ServerUnavailableError {
    const restarting = this.stateValue === 'restarting' && this.nextAttemptAt !== undefined;
    return new ServerUnavailableError(this.name, this.stateValue, describeError(this.lastError)?.split('\n')[0], {
      ...(tool !== undefined ? { tool } : {}),
      ...(restarting ? { retryInMs: Math.max(0, this.nextAttemptAt! - Date.now()), attempt: this.restarts + 1, maxAttempts: this.policy.maxRestarts } : {}),
    });
  }

  status(): ServerStatus {
    return statusOf({
      name: this.name,
      state: this.stateValue,
      configuredTransport: this.config.transport,
      client: this.client,
      toolCount: this.tools.length,
      restarts: this.restarts,
      lastError: this.lastError,
      readySince: this.readySince,
      ...(this.config.start === 'lazy' ? { start: 'lazy' as const } : {}),
      ...(this.list.origin ? { toolsFrom: this.list.origin.from, toolsListedAt: this.list.origin.listedAt } : {}),
    });
  }

  /** Stops the server (the whole process tree) and any pending restart. Idempotent. */
  async stop(): Promise<void> {
    this.setState('stopped');
    this.idle.disarm();
    clearTimeout(this.restartTimer);
    clearTimeout(this.relistTimer);
    clearInterval(this.pingTimer);
    this.lists?.stop();
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => {});
  }

  private async launch(): Promise<void> {
    launchModule ??= import('./server-launch.js');
    const { launchAttempt, startHealthPings } = await launchModule;
    // Stopped while the module came: abandoned, as an attempt stopped while it connects is.
    if (this.isStopped()) return;
    const launched = await launchAttempt({
      config: this.config,
      params: this.params,
      logger: this.logger,
      clientOptions: this.options.clientOptions,
      debounceMs: this.options.listChangedDebounceMs ?? 50,
      onClient: (client) => {
        this.client = client;
        // A client reached through the handle (liveClient, readyClient) is governed as the handle is.
        if (this.options.gate) client.gateToolCalls(this.options.gate);
      },
      wanted: (client) => !this.isStopped() && this.client === client,
      onListChange: (client, kind) => {
        if (this.client === client && this.stateValue === 'ready') this.emitList(kind);
      },
    });
    if (!launched) return;
    const { client, lists, tools } = launched;
    this.lists?.stop();
    this.lists = lists;
    lists.watch();
    client.events.on('close', (info) => {
      if (this.client === client) this.onCrash(info);
    });
    client.events.on('toolsListChanged', () => {
      if (this.client === client) this.scheduleRelist(client);
    });
    client.events.on('log', (entry) => this.events.emit('log', { level: entry.level, message: this.redact(jsonText(entry.data)) }));
    this.tools = tools;
    this.list.live(client, tools, lists);
    this.readySince = Date.now();
    this.setState('ready');
    this.idle.arm();
    this.events.emit('tools', tools);
    if (lists.holdsResources) this.emitList('resources');
    if (lists.holdsPrompts) this.emitList('prompts');
    this.startHealthPings(client, startHealthPings);
  }

  private startHealthPings(client: Client, start: typeof Launch.startHealthPings): void {
    clearInterval(this.pingTimer);
    this.pingTimer = start(client, {
      intervalMs: this.config.pingIntervalMs ?? 0,
      server: this.name,
      logger: this.logger,
      current: () => this.client === client && this.stateValue === 'ready',
      onUnresponsive: () => {
        if (this.client !== client) return;
        clearInterval(this.pingTimer);
        this.unresponsive = true;
        void client.close();
      },
    });
  }

  private onCrash(info: { message: string; stderrTail?: string; error?: unknown }): void {
    if (this.stateValue === 'stopped') return;
    const why = this.unresponsive ? 'it stopped answering health pings' : info.message + (info.stderrTail ? `\n${info.stderrTail}` : '');
    this.unresponsive = false;
    // The crash itself (exit code, signal, stderr) stays the cause, so doctor can say what happened.
    this.lastError = new ServerUnavailableError(this.name, 'down', why, info.error === undefined ? undefined : { cause: info.error });
    this.client = undefined;
    this.tools = [];
    this.list.clear();
    this.lists?.stop();
    this.lists = undefined;
    clearInterval(this.pingTimer);
    this.idle.disarm();
    this.events.emit('down', { error: this.lastError });
    // A server that stayed up long enough earns a fresh restart budget.
    if (this.readySince !== undefined && Date.now() - this.readySince >= this.policy.resetAfterMs) this.restarts = 0;
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    const delay = restartDelay(this.policy, this.restarts + 1);
    if (delay === undefined) {
      this.logger.error(`server "${this.name}" crashed and is not restarted again (${this.restarts} restarts)`, { server: this.name });
      this.setState('failed');
      return;
    }
    this.nextAttemptAt = Date.now() + delay;
    this.setState('restarting');
    this.logger.warn(`server "${this.name}" is down; restarting in ${delay} ms`, { server: this.name, attempt: this.restarts + 1 });
    this.restartTimer = setTimeout(() => {
      this.nextAttemptAt = undefined;
      this.restarts++;
      this.launch().catch((error) => {
        if (this.stateValue === 'stopped') return;
        this.lastError = redactError(error, this.redact);
        this.client = undefined;
        this.scheduleRestart();
      });
    }, delay);
    this.restartTimer.unref?.();
  }

  // TOOLS-3: re-list every page after list_changed, debounced so bursts cost one listing.
  private scheduleRelist(client: Client): void {
    this.list.forget();
    clearTimeout(this.relistTimer);
    this.relistTimer = setTimeout(() => {
      client
        .listTools()
        .then((tools) => {
          if (this.client !== client || this.stateValue !== 'ready') return;
          this.tools = tools;
          this.list.live(client, tools, this.lists);
          this.events.emit('tools', tools);
        })
        .catch((error) => this.logger.warn(`re-listing tools of "${this.name}" failed: ${describeError(error)}`, { server: this.name }));
    }, this.options.listChangedDebounceMs ?? 50);
    this.relistTimer.unref?.();
  }

  /** Idle for `idleStopAfter`: the process goes, the tools stay registered (as last listed), the next call starts it again. */
  private sleep(): void {
    const client = this.client;
    if (this.stateValue !== 'ready' || !client) return;
    this.logger.info(`server "${this.name}" was not called for ${this.config.idleStopAfterMs} ms; stopping it until the next call`, { server: this.name });
    // Cleared first, so the close is not taken for a crash.
    this.client = undefined;
    clearTimeout(this.relistTimer);
    clearInterval(this.pingTimer);
    this.lists?.stop();
    this.lists = undefined;
    this.setState('idle');
    void client.close().catch(() => {});
  }

  private emitList(kind: 'resources' | 'prompts'): void {
    const lists = this.lists;
    if (!lists) return;
    if (kind === 'resources') this.events.emit('resources', { resources: lists.resources, resourceTemplates: lists.resourceTemplates });
    else this.events.emit('prompts', lists.prompts);
  }

  // A method, not a field comparison, because stop() may run while launch() awaits.
  private isStopped(): boolean {
    return this.stateValue === 'stopped';
  }

  private setState(state: ServerState): void {
    if (this.stateValue === state) return;
    if (this.stateValue === 'stopped') return;
    this.stateValue = state;
    this.events.emit('state', state);
  }
}
