// The running side of a ServerHandle: the process's life from launch to stop. It owns the client,
// the state, the restart budget and every timer: a crash is followed by a restart with backoff,
// unanswered health pings close the client (a crash, then), a tools/list_changed by a debounced
// re-list, and an idle server is stopped until its next call. Kept apart from server-handle.ts,
// which answers for the handle (status, lists, the call path) and reads this state, never writes it.
import type { Emitter, Tool } from '../../protocol/index.js';
import type { Client } from '../client/client.js';
import type { ServerConfig } from '../config/types.js';
import { ServerUnavailableError } from '../errors/manager-errors.js';
import { redactError, type Redact } from '../../protocol/redact.js';
import type { Logger } from '../log.js';
import type { ServerLists } from './server-lists.js';
import type * as Launch from './server-launch.js';
import { describeError, type ServerState } from './server-status.js';
import { restartDelay, type RestartPolicy } from './restart-policy.js';
import { IdleStop } from './idle-stop.js';
import type { ToolListOrigin } from './lazy-start.js';
import type { ServerHandleEvents, ServerHandleOptions } from './server-handle-options.js';
import { jsonText } from '../util/json-text.js';
import { warmConnect } from '../client/client.js';
import { warmStdioTransport } from '../transports/create.js';

/** What a handle gives the life of its server: its configuration, its masks, and where events go. */
export interface ServerLifeSetup {
  config: ServerConfig;
  /** The transport parameters (the config entry, its headers function masked). */
  params: ServerConfig;
  options: ServerHandleOptions;
  policy: RestartPolicy;
  logger: Logger;
  redact: Redact;
  list: ToolListOrigin;
  events: Emitter<ServerHandleEvents>;
}

/** Starting a server (launch attempt, held lists, health pings): imported by the first start, shared by every handle. */
let launchModule: Promise<typeof Launch> | undefined;

/**
 * Starts loading what a server's first start needs (its launch, the client's connecting code, the
 * stdio transport for a command) without waiting for it: called when a manager is built, so that a
 * start does not load them one after the other before it can spawn anything.
 */
export function warmLaunch(stdio: boolean): void {
  launchModule ??= import('./server-launch.js');
  // Failure is reported by the start that awaits it, not by the warm-up.
  launchModule.catch(() => undefined);
  void warmConnect();
  if (stdio) void warmStdioTransport();
}

export class ServerLife {
  client?: Client;
  state: ServerState = 'idle';
  tools: Tool[] = [];
  lists?: ServerLists;
  restarts = 0;
  lastError?: unknown;
  readySince?: number;
  /** When the pending restart attempt fires (ms since epoch), while restarting. */
  nextAttemptAt?: number;
  /** The start a call is waiting for, while an idle server wakes up. */
  waking?: Promise<void>;
  readonly idle: IdleStop;
  private restartTimer?: ReturnType<typeof setTimeout>;
  private relistTimer?: ReturnType<typeof setTimeout>;
  private pingTimer?: ReturnType<typeof setInterval>;
  /** Set when health pings failed and we closed the client ourselves. */
  private unresponsive = false;

  constructor(private readonly setup: ServerLifeSetup) {
    this.idle = new IdleStop(setup.config.idleStopAfterMs, () => this.sleep());
  }

  private get name(): string {
    return this.setup.config.name;
  }

  /** The live client, when ready. */
  get liveClient(): Client | undefined {
    return this.state === 'ready' ? this.client : undefined;
  }

  /** Starts the server and lists its tools, or adopts a lazy server's trusted saved list and stays `idle`. */
  async start(): Promise<void> {
    if (this.state === 'stopped') return;
    const saved = this.setup.list.adoptSaved();
    if (saved) {
      this.tools = saved.tools;
      this.setup.events.emit('tools', saved.tools);
      return;
    }
    await this.wake();
  }

  /** Whether a call would start the server first (a lazy one not yet started, or one stopped for idleness). */
  get asleep(): boolean {
    return this.state === 'idle' && this.setup.list.origin !== undefined;
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
      this.lastError = redactError(error, this.setup.redact);
      this.setState('failed');
      throw error;
    }
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
    const { config, options, events } = this.setup;
    launchModule ??= import('./server-launch.js');
    const { launchAttempt, startHealthPings } = await launchModule;
    // Stopped while the module came: abandoned, as an attempt stopped while it connects is.
    if (this.isStopped()) return;
    const launched = await launchAttempt({
      config,
      params: this.setup.params,
      logger: this.setup.logger,
      clientOptions: options.clientOptions,
      debounceMs: options.listChangedDebounceMs ?? 50,
      onClient: (client) => {
        this.client = client;
        // A client reached through the handle (liveClient, readyClient) is governed as the handle is.
        if (options.gate) client.gateToolCalls(options.gate);
      },
      wanted: (client) => !this.isStopped() && this.client === client,
      onListChange: (client, kind) => {
        if (this.client === client && this.state === 'ready') this.emitList(kind);
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
    client.events.on('log', (entry) => events.emit('log', { level: entry.level, message: this.setup.redact(jsonText(entry.data)) }));
    this.tools = tools;
    this.setup.list.live(client, tools, lists);
    this.readySince = Date.now();
    this.setState('ready');
    this.idle.arm();
    events.emit('tools', tools);
    if (lists.holdsResources) this.emitList('resources');
    if (lists.holdsPrompts) this.emitList('prompts');
    this.startHealthPings(client, startHealthPings);
  }

  private startHealthPings(client: Client, start: typeof Launch.startHealthPings): void {
    clearInterval(this.pingTimer);
    this.pingTimer = start(client, {
      intervalMs: this.setup.config.pingIntervalMs ?? 0,
      server: this.name,
      logger: this.setup.logger,
      current: () => this.client === client && this.state === 'ready',
      onUnresponsive: () => {
        if (this.client !== client) return;
        clearInterval(this.pingTimer);
        this.unresponsive = true;
        void client.close();
      },
    });
  }

  private onCrash(info: { message: string; stderrTail?: string; error?: unknown }): void {
    if (this.state === 'stopped') return;
    const why = this.unresponsive ? 'it stopped answering health pings' : info.message + (info.stderrTail ? `\n${info.stderrTail}` : '');
    this.unresponsive = false;
    // The crash itself (exit code, signal, stderr) stays the cause, so doctor can say what happened.
    this.lastError = new ServerUnavailableError(this.name, 'down', why, info.error === undefined ? undefined : { cause: info.error });
    this.client = undefined;
    this.tools = [];
    this.setup.list.clear();
    this.lists?.stop();
    this.lists = undefined;
    clearInterval(this.pingTimer);
    this.idle.disarm();
    this.setup.events.emit('down', { error: this.lastError });
    // A server that stayed up long enough earns a fresh restart budget.
    if (this.readySince !== undefined && Date.now() - this.readySince >= this.setup.policy.resetAfterMs) this.restarts = 0;
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    const { logger, policy } = this.setup;
    const delay = restartDelay(policy, this.restarts + 1);
    if (delay === undefined) {
      logger.error(`server "${this.name}" crashed and is not restarted again (${this.restarts} restarts)`, { server: this.name });
      this.setState('failed');
      return;
    }
    this.nextAttemptAt = Date.now() + delay;
    this.setState('restarting');
    logger.warn(`server "${this.name}" is down; restarting in ${delay} ms`, { server: this.name, attempt: this.restarts + 1 });
    this.restartTimer = setTimeout(() => {
      this.nextAttemptAt = undefined;
      this.restarts++;
      this.launch().catch((error) => {
        if (this.state === 'stopped') return;
        this.lastError = redactError(error, this.setup.redact);
        this.client = undefined;
        this.scheduleRestart();
      });
    }, delay);
    this.restartTimer.unref?.();
  }

  // TOOLS-3: re-list every page after list_changed, debounced so bursts cost one listing.
  private scheduleRelist(client: Client): void {
    this.setup.list.forget();
    clearTimeout(this.relistTimer);
    this.relistTimer = setTimeout(() => {
      client
        .listTools()
        .then((tools) => {
          if (this.client !== client || this.state !== 'ready') return;
          this.tools = tools;
          this.setup.list.live(client, tools, this.lists);
          this.setup.events.emit('tools', tools);
        })
        .catch((error) => this.setup.logger.warn(`re-listing tools of "${this.name}" failed: ${describeError(error)}`, { server: this.name }));
    }, this.setup.options.listChangedDebounceMs ?? 50);
    this.relistTimer.unref?.();
  }

  /** Idle for `idleStopAfter`: the process goes, the tools stay registered (as last listed), the next call starts it again. */
  private sleep(): void {
    const client = this.client;
    if (this.state !== 'ready' || !client) return;
    this.setup.logger.info(`server "${this.name}" was not called for ${this.setup.config.idleStopAfterMs} ms; stopping it until the next call`, {
      server: this.name,
    });
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
    if (kind === 'resources') this.setup.events.emit('resources', { resources: lists.resources, resourceTemplates: lists.resourceTemplates });
    else this.setup.events.emit('prompts', lists.prompts);
  }

  // A method, not a field comparison, because stop() may run while launch() awaits.
  private isStopped(): boolean {
    return this.state === 'stopped';
  }

  private setState(state: ServerState): void {
    if (this.state === state) return;
    if (this.state === 'stopped') return;
    this.state = state;
    this.setup.events.emit('state', state);
  }
}
