// One configured server's life: starting → ready → (crashed → restarting → ready) | failed | stopped.
// Owns its client and transport; calls fail fast while it is not ready; a crash is followed by a
// restart with backoff, and a tools/list_changed by a debounced re-list (resources and prompts:
// see server-lists.ts).
import {
  Emitter,
  isMcpBridgeError,
  type CallToolResult,
  type Implementation,
  type Prompt,
  type Resource,
  type ResourceTemplate,
  type Tool,
} from '../../protocol/index.js';
import { Client, type CallToolOptions, type ClientOptions } from '../client/client.js';
import { eraCacheKey } from '../client/era-cache.js';
import type { ServerConfig } from '../config/types.js';
import { ServerUnavailableError } from '../errors/manager-errors.js';
import {
  collectSecrets,
  composeRedactors,
  createLearningRedactor,
  createRedactor,
  noRedaction,
  redactError,
  redactValue,
  type Redact,
} from '../../protocol/redact.js';
import { nullLogger, redactingLogger, type Logger } from '../log.js';
import { createTransport, type HttpServerParams } from '../transports/create.js';
import { ServerLists } from './server-lists.js';
import { DEFAULT_RESTART_POLICY, restartDelay, type RestartPolicy } from './restart-policy.js';

export type ServerState = 'idle' | 'starting' | 'ready' | 'restarting' | 'failed' | 'stopped';

/** A snapshot of one server for `status()` and `doctor`. */
export interface ServerStatus {
  name: string;
  state: ServerState;
  transport: string;
  pid?: number;
  protocolVersion?: string;
  /** `legacy` (initialize handshake) or `modern` (2026-07-28, stateless), once ready. */
  era?: 'legacy' | 'modern';
  serverInfo?: Implementation;
  toolCount: number;
  restarts: number;
  /** Message of the last failure, with the stderr tail when the process left one. */
  lastError?: string;
  lastErrorCode?: string;
  /**
   * What lies under the last error, when it has a typed cause of another kind: e.g. the
   * `MCPB_SERVER_EXITED` (exit code, signal, stderr) under `MCPB_SERVER_UNAVAILABLE` after a crash.
   */
  lastErrorCause?: { code: string; message: string; hint?: string };
  /** When the server became ready (ms since epoch). */
  readySince?: number;
}

export interface ServerHandleEvents {
  state: ServerState;
  /** The tool list is (again) known: on start, restart and after list_changed. */
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
}

/**
 * OAuth for a configured HTTP server: logins stored by `mcp-bridge auth login` are used and refreshed;
 * a login itself starts only when the config's `interactive` allows it (else MCPB_AUTH_REQUIRED).
 */
function authParams(config: ServerConfig): Pick<HttpServerParams, 'auth'> {
  const a = config.auth;
  if (a?.mode === 'none') return { auth: undefined };
  return {
    auth: {
      mode: a?.mode ?? 'oauth',
      ...(a?.clientId !== undefined ? { clientId: a.clientId } : {}),
      ...(a?.clientSecret !== undefined ? { clientSecret: a.clientSecret } : {}),
      ...(a?.privateKeyFile !== undefined ? { privateKeyFile: a.privateKeyFile } : {}),
      ...(a?.signingAlgorithm !== undefined ? { signingAlgorithm: a.signingAlgorithm } : {}),
      ...(a?.clientMetadataUrl !== undefined ? { clientMetadataUrl: a.clientMetadataUrl } : {}),
      ...(a?.scopes.length ? { scopes: a.scopes } : {}),
      ...(a?.redirect ? { redirect: a.redirect } : {}),
      ...(a?.resource !== undefined ? { resource: a.resource } : {}),
      ...(a?.offlineAccess !== undefined ? { offlineAccess: a.offlineAccess } : {}),
      interactive: a?.interactive ?? 'never',
      context: { store: a?.store ?? 'file' },
    },
  };
}

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
    const secrets = collectSecrets(config);
    const provider = config.transport !== 'stdio' && typeof config.headers === 'function' ? config.headers : undefined;
    const learnt = provider ? createLearningRedactor() : undefined;
    this.redact = composeRedactors(createRedactor(secrets), learnt?.redact);
    this.redactResult = composeRedactors(createRedactor(secrets, { urls: false }), learnt?.redact);
    this.params =
      provider && learnt
        ? {
            ...config,
            headers: async () => {
              const headers = await provider();
              if (typeof headers === 'object' && headers !== null) learnt.learn(collectSecrets({ headers }));
              return headers;
            },
          }
        : config;
    this.logger = redactingLogger(options.logger ?? nullLogger, this.redact);
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
    return this.lists?.prompts ?? [];
  }
  /** Whether resources / prompts are held (opted in and declared by the server). */
  get holds(): { resources: boolean; prompts: boolean } {
    return { resources: this.lists?.holdsResources ?? false, prompts: this.lists?.holdsPrompts ?? false };
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

  /** Starts the server and lists its tools. Rejects with the typed start error; the handle is then `failed`. */
  async start(): Promise<void> {
    if (this.stateValue === 'stopped') return;
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
   * @throws ServerUnavailableError (`MCPB_SERVER_UNAVAILABLE`) at once when the server is not ready.
   */
  callTool(name: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<CallToolResult> {
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
    const result = client.callTool(name, args, options);
    // A server that echoes its API key in a result must not hand it to the LLM.
    return this.redactResult === noRedaction ? result : result.then((r) => this.redactContent(r));
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
    const client = this.client;
    return {
      name: this.name,
      state: this.stateValue,
      transport: client?.transport.kind ?? this.config.transport,
      pid: this.stateValue === 'ready' ? client?.transport.pid : undefined,
      protocolVersion: this.stateValue === 'ready' ? client?.protocolVersion : undefined,
      era: this.stateValue === 'ready' ? client?.era : undefined,
      serverInfo: client?.serverInfo,
      toolCount: this.tools.length,
      restarts: this.restarts,
      lastError: describeError(this.lastError),
      lastErrorCode: isMcpBridgeError(this.lastError) ? this.lastError.code : undefined,
      lastErrorCause: typedCause(this.lastError),
      readySince: this.readySince,
    };
  }

  /** Stops the server (the whole process tree) and any pending restart. Idempotent. */
  async stop(): Promise<void> {
    this.setState('stopped');
    clearTimeout(this.restartTimer);
    clearTimeout(this.relistTimer);
    clearInterval(this.pingTimer);
    this.lists?.stop();
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => {});
  }

  private async launch(): Promise<void> {
    const onStderrLine = (line: string) => this.logger.debug(line, { server: this.name, stream: 'stderr' });
    // The config entry is itself the transport's parameters (a stdio-or-HTTP union): no re-typing.
    // A URL server's auth block becomes OAuth options (stored logins, never an unrequested login).
    const params = this.params.transport === 'stdio' ? this.params : { ...this.params, ...authParams(this.params) };
    const transport = await createTransport(params, { serverName: this.name, logger: this.logger, onStderrLine });
    const client = new Client(transport, {
      era: this.config.era,
      eraCacheKey: eraCacheKey(this.config),
      respawn: () => createTransport(this.params, { serverName: this.name, logger: this.logger, onStderrLine }),
      ...this.options.clientOptions,
      name: this.name,
      requestTimeoutMs: this.config.timeoutMs,
      startupTimeoutMs: this.config.startupTimeoutMs,
      logger: this.logger,
    });
    this.client = client;
    await client.connect();
    if (this.isStopped()) {
      await client.close();
      return;
    }
    const lists = new ServerLists(client, {
      server: this.name,
      resources: this.config.resources === true,
      prompts: this.config.prompts === true,
      debounceMs: this.options.listChangedDebounceMs ?? 50,
      logger: this.logger,
      onChange: (kind) => {
        if (this.client === client && this.stateValue === 'ready') this.emitList(kind);
      },
    });
    const [tools] = await Promise.all([client.listTools(), lists.load()]);
    if (this.isStopped() || this.client !== client) {
      lists.stop();
      await client.close();
      return;
    }
    this.lists?.stop();
    this.lists = lists;
    lists.watch();
    client.events.on('close', (info) => {
      if (this.client === client) this.onCrash(info);
    });
    client.events.on('toolsListChanged', () => {
      if (this.client === client) this.scheduleRelist(client);
    });
    client.events.on('log', (entry) =>
      this.events.emit('log', { level: entry.level, message: this.redact(typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data)) }),
    );
    this.tools = tools;
    this.readySince = Date.now();
    this.setState('ready');
    this.events.emit('tools', tools);
    if (lists.holdsResources) this.emitList('resources');
    if (lists.holdsPrompts) this.emitList('prompts');
    this.startHealthPings(client);
  }

  // PING-3: a server that stops answering pings is treated as crashed (and restarted), not left to
  // time out every call. Two misses in a row, so one slow moment is not a crash.
  private startHealthPings(client: Client): void {
    clearInterval(this.pingTimer);
    const interval = this.config.pingIntervalMs ?? 0;
    if (interval <= 0) return;
    let misses = 0;
    this.pingTimer = setInterval(() => {
      if (this.client !== client || this.stateValue !== 'ready') {
        clearInterval(this.pingTimer);
        return;
      }
      client.ping({ timeoutMs: Math.min(interval, 10_000) }).then(
        () => {
          misses = 0;
        },
        (error) => {
          misses++;
          this.logger.warn(`health ping of "${this.name}" failed (${misses} in a row): ${describeError(error)}`, { server: this.name });
          if (misses >= 2 && this.client === client) {
            clearInterval(this.pingTimer);
            this.unresponsive = true;
            void client.close();
          }
        },
      );
    }, interval);
    this.pingTimer.unref?.();
  }

  private onCrash(info: { message: string; stderrTail?: string; error?: unknown }): void {
    if (this.stateValue === 'stopped') return;
    const why = this.unresponsive ? 'it stopped answering health pings' : info.message + (info.stderrTail ? `\n${info.stderrTail}` : '');
    this.unresponsive = false;
    // The crash itself (exit code, signal, stderr) stays the cause, so doctor can say what happened.
    this.lastError = new ServerUnavailableError(this.name, 'down', why, info.error === undefined ? undefined : { cause: info.error });
    this.client = undefined;
    this.tools = [];
    this.lists?.stop();
    this.lists = undefined;
    clearInterval(this.pingTimer);
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
    clearTimeout(this.relistTimer);
    this.relistTimer = setTimeout(() => {
      client
        .listTools()
        .then((tools) => {
          if (this.client !== client || this.stateValue !== 'ready') return;
          this.tools = tools;
          this.events.emit('tools', tools);
        })
        .catch((error) => this.logger.warn(`re-listing tools of "${this.name}" failed: ${describeError(error)}`, { server: this.name }));
    }, this.options.listChangedDebounceMs ?? 50);
    this.relistTimer.unref?.();
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

/** The first typed error under `error` whose code differs from it, for status and doctor. */
function typedCause(error: unknown): ServerStatus['lastErrorCause'] {
  if (!isMcpBridgeError(error)) return undefined;
  for (let cause = error.cause, depth = 0; cause !== undefined && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    if (isMcpBridgeError(cause) && cause.code !== error.code)
      return { code: cause.code, message: cause.message, ...(cause.context.hint ? { hint: cause.context.hint } : {}) };
  }
  return undefined;
}

function describeError(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  return error instanceof Error ? error.message : String(error);
}
