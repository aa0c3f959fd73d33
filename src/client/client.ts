// The MCP client: connect (era detection, then the handshake or discovery), tools, ping, logging,
// server→client requests, and recovery from an expired HTTP session. One instance per server
// connection; every request goes through the era's RequestPath (request-path.ts). Resources,
// prompts, completion and tasks live in their own modules; the methods here delegate to them.
import {
  discoverParams,
  Emitter,
  ErrorCodes,
  isMcpError,
  Methods,
  type Envelope,
  type Era,
  type CallToolResult,
  type ClientCapabilities,
  type CompleteArgument,
  type CompleteContext,
  type CompleteReference,
  type CompleteResult,
  type CreateTaskResult,
  type GetPromptResult,
  type Prompt,
  type Task,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type ResourceUpdatedParams,
  type Implementation,
  type JsonObject,
  type ListToolsResult,
  type LoggingLevel,
  type LoggingMessageParams,
  type McpBridgeError,
  type McpError,
  type Progress,
  type ServerCapabilities,
  type Tool,
} from '../../protocol/index.js';
import { ServerStartError } from '../errors/client-errors.js';
import { InvalidResultError, NotConnectedError, ConnectionClosedError, RequestTimeoutError } from '../errors/session-errors.js';
import { composeRedactors, createRedactor, redactError, redactValue, type Redact } from '../../protocol/redact.js';
import { nullLogger, redactingLogger, type Logger } from '../log.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, Session, type RequestOptions } from '../session/session.js';
import type { Clock } from '../session/pending.js';
import type { Transport, TransportCloseInfo } from '../transports/transport.js';
import { LIBRARY_NAME, LIBRARY_VERSION } from '../version.js';
import { defaultEraCache, type EraCache } from './era-cache.js';
import { connectInEra, type EraOption } from './era-detect.js';
import { legacyHandshake, type ServerSnapshot } from './handshake.js';
import { openListen, type ListenHandle } from './listen.js';
import { collectPages } from './pagination.js';
import { legacyPath, modernPath, type RequestPath } from './request-path.js';
import { ToolHeaders } from './tool-headers.js';
import { complete } from './completion.js';
import { requireCapability, type FeatureHost, type FeatureOptions } from './features.js';
import { getPrompt, listPrompts, type PromptArguments } from './prompts.js';
import { afterUrlElicitationError, type UrlElicitationHook } from './url-elicitation.js';
import { listTasks, taskParams, ToolTask, type TaskRequest } from './tasks.js';
import { CapabilityMissingError } from '../errors/client-errors.js';
import { listResources, listResourceTemplates, readResource, subscribeResource, unsubscribeResource } from './resources.js';
import { capabilitiesFor, installServerRequestHandlers, type ServerRequestHandlers } from './server-requests.js';

/** Default budget for spawn → initialize answered: generous, because `npx` servers download on first run. */
export const DEFAULT_STARTUP_TIMEOUT_MS = 120_000;

/** How many skipped stdout lines (banners, logs: the usual cause of a silent start) a start error quotes, and how much of each. */
export const SKIPPED_LINES_KEPT = 5;
export const SKIPPED_LINE_CHARS = 200;

/** Options of a {@link Client}. */
export interface ClientOptions extends ServerRequestHandlers {
  /** Configured name of the server, used in every error and log line. */
  name?: string;
  /** @defaultValue `{ name: 'mcp-bridge', version }` */
  clientInfo?: Implementation;
  /** Extra capabilities to declare (e.g. `experimental`); handlers add theirs. */
  capabilities?: ClientCapabilities;
  /** Protocol version to propose. @defaultValue the newest supported */
  protocolVersion?: string;
  /** Per-request timeout, restarted by progress. @defaultValue 60000 */
  requestTimeoutMs?: number;
  /** Spawn/connect → initialize answered. @defaultValue 120000 */
  startupTimeoutMs?: number;
  /**
   * Called when a request fails with -32042 "URL elicitation required" (ELICIT-11): show the user
   * each URL and its host, get consent, open it outside the client (ELICIT-9); resolve `true` once
   * done to retry the request. Without it such requests throw UrlElicitationRequiredError.
   */
  onUrlElicitationRequired?: UrlElicitationHook;
  logger?: Logger;
  clock?: Clock;
  /**
   * Values to mask in every error, log line and event the client produces, besides the ones its
   * transport was configured with (env and header values, secret-looking arguments).
   */
  secrets?: readonly string[];
  /**
   * Protocol era: `auto` probes with `server/discover` and falls back to `initialize` (VER-3, VER-6);
   * `legacy` only initializes; `modern` only speaks 2026-07-28. @defaultValue 'auto'
   */
  era?: EraOption;
  /** stdio: how long the era probe may stay unanswered before `initialize` goes out. @defaultValue 5000 */
  probeTimeoutMs?: number;
  /** Where era verdicts are remembered (VER-7). @defaultValue an in-process cache */
  eraCache?: EraCache;
  /** The key of this server's configuration in `eraCache` (see `eraCacheKey`); without one nothing is cached. */
  eraCacheKey?: string;
  /** Starts a fresh transport for the same server: used once, for a stdio server that exits on the era probe. */
  respawn?: () => Promise<Transport>;
  /** Cap on `input_required` rounds of one request (MRTR-6). @defaultValue 10 */
  maxInputRounds?: number;
  /** Modern era: open `subscriptions/listen` for the list-changed events the server can send (SUB-1). @defaultValue true */
  listen?: boolean;
}

/** The parameters of the MCP SDK's `callTool({ name, arguments })` form. */
export interface SdkCallToolParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** The MCP SDK's request options, as far as they map onto {@link CallToolOptions}. */
export interface SdkRequestOptions {
  signal?: AbortSignal;
  /** Milliseconds. */
  timeout?: number;
  maxTotalTimeout?: number;
  resetTimeoutOnProgress?: boolean;
  onprogress?: (progress: Progress) => void;
}

/** The options of a call made without any (never modified, so one object serves every such call). */
const NO_OPTIONS: CallToolOptions = Object.freeze({});

function fromSdkOptions(params: SdkCallToolParams, options: SdkRequestOptions = {}): CallToolOptions {
  return {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeout !== undefined ? { timeoutMs: options.timeout } : {}),
    ...(options.maxTotalTimeout !== undefined ? { maxTotalTimeoutMs: options.maxTotalTimeout } : {}),
    ...(options.resetTimeoutOnProgress !== undefined ? { resetTimeoutOnProgress: options.resetTimeoutOnProgress } : {}),
    ...(options.onprogress ? { onProgress: options.onprogress } : {}),
    ...(params._meta ? { meta: params._meta } : {}),
  };
}

/** Options of {@link Client.callTool}. */
export interface CallToolOptions {
  /** Milliseconds without an answer or progress before the call fails. @defaultValue the client's requestTimeoutMs */
  timeoutMs?: number;
  /** Hard cap whatever progress says. */
  maxTotalTimeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /** Restart the timeout on progress. @defaultValue true */
  resetTimeoutOnProgress?: boolean;
  /** Extra `_meta` for the request. */
  meta?: Record<string, unknown>;
}

/** Options of a task-augmented {@link Client.callTool} (TASKS-3): the call returns a {@link ToolTask}. */
export interface CallToolAsTaskOptions extends Omit<CallToolOptions, 'onProgress' | 'resetTimeoutOnProgress' | 'maxTotalTimeoutMs'> {
  task: TaskRequest;
}

export interface ClientEvents {
  /** `notifications/tools/list_changed`: list the tools again. Also after a recovered session. */
  toolsListChanged: void;
  promptsListChanged: void;
  resourcesListChanged: void;
  /** `notifications/resources/updated`: a subscribed resource changed; read it again. */
  resourceUpdated: ResourceUpdatedParams;
  /** `notifications/tasks/status`: a task changed status (informative only; handles keep polling, TASKS-6). */
  taskStatus: Task;
  /** `notifications/elicitation/complete`: the server says a URL elicitation finished (2025-11-25). */
  elicitationComplete: { elicitationId: string };
  /** A log message the server sent (`notifications/message`). */
  log: LoggingMessageParams;
  /** A non-fatal problem (invalid message, framing error...). */
  error: McpBridgeError | McpError;
  /** An expired HTTP session was replaced by a new one (HTTP-19). */
  sessionRecovered: ServerSnapshot;
  /** The connection ended. */
  close: TransportCloseInfo;
}

type State = 'new' | 'connecting' | 'ready' | 'closed';

/** Requests that are safe to send again after a session was lost (no side effects). */
const IDEMPOTENT = new Set<string>([
  Methods.toolsList,
  Methods.ping,
  Methods.resourcesList,
  Methods.resourcesTemplatesList,
  Methods.resourcesRead,
  Methods.promptsList,
  Methods.promptsGet,
  Methods.completionComplete,
  Methods.tasksGet,
  Methods.tasksList,
]);

/**
 * A connection to one MCP server.
 * @example
 * const client = new Client(transport, { name: 'fs' });
 * await client.connect();
 * const tools = await client.listTools();
 */
export class Client {
  readonly events = new Emitter<ClientEvents>();
  private currentSession!: Session;
  /** Masks every secret this connection knows of: the transport's and {@link ClientOptions.secrets}. */
  readonly redact: Redact;
  private readonly options: ClientOptions;
  private readonly logger: Logger;
  private snapshot?: ServerSnapshot;
  private state: State = 'new';
  private recovering?: Promise<void>;
  private connecting?: Promise<void>;
  /** The first lines the server sent that were not JSON-RPC, quoted by a start error. */
  private readonly skippedLines: string[] = [];
  /** URIs subscribed to, so a recovered session subscribes again (the server kept no state). */
  private readonly subscriptions = new Set<string>();
  private readonly host: FeatureHost;
  /** Tools as last listed, for their execution.taskSupport (TASKS-2). */
  private readonly toolsByName = new Map<string, Tool>();
  /** Live task handles by id, so status notifications reach them. */
  private readonly tasks = new Map<string, WeakRef<ToolTask>>();
  private path!: RequestPath;
  private logLevel?: LoggingLevel;
  private listen?: ListenHandle;
  private readonly toolHeaders = new ToolHeaders();

  constructor(transport: Transport, options: ClientOptions = {}) {
    this.options = options;
    this.redact = composeRedactors(transport.redact, options.secrets?.length ? createRedactor(options.secrets) : undefined);
    this.logger = redactingLogger(options.logger ?? nullLogger, this.redact);
    this.wire(transport);
    const client = this;
    this.host = {
      serverName: options.name,
      get protocolVersion() {
        return client.protocolVersion;
      },
      capabilities: (method) => {
        this.assertReady(method);
        return this.snapshot!.capabilities;
      },
      request: (method, params, opts) => this.request(method, params, opts),
    };
  }

  /** The JSON-RPC session (replaced once if a stdio server had to be respawned during detection). */
  get session(): Session {
    return this.currentSession;
  }
  /** The transport under the session. */
  get transport(): Transport {
    return this.currentSession.transport;
  }

  private wire(transport: Transport): void {
    const options = this.options;
    const s = new Session(transport, {
      serverName: options.name,
      logger: this.logger,
      clock: options.clock,
      defaultTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    });
    this.currentSession = s;
    this.path = legacyPath(s);
    installServerRequestHandlers(s, options, options.name);
    const listChanged = (event: 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged', list: string) => () => {
      this.path.invalidate(list); // CACHE-7
      this.events.emit(event, undefined);
    };
    s.onNotification(Methods.toolsListChanged, listChanged('toolsListChanged', Methods.toolsList));
    s.onNotification(Methods.promptsListChanged, listChanged('promptsListChanged', Methods.promptsList));
    s.onNotification(Methods.resourcesListChanged, listChanged('resourcesListChanged', Methods.resourcesList));
    s.onNotification(Methods.resourcesUpdated, (params) => {
      if (typeof params?.uri === 'string') this.events.emit('resourceUpdated', params as ResourceUpdatedParams);
    });
    s.onNotification(Methods.tasksStatus, (params) => {
      if (typeof params?.taskId !== 'string' || typeof params.status !== 'string') return;
      const task = params as unknown as Task;
      this.tasks.get(task.taskId)?.deref()?.update(task);
      this.events.emit('taskStatus', task);
    });
    s.onNotification(Methods.elicitationComplete, (params) => {
      // ELICIT-11: malformed ones are ignored; listeners ignore ids they do not know.
      if (typeof params?.elicitationId === 'string') this.events.emit('elicitationComplete', { elicitationId: params.elicitationId });
    });
    s.onNotification(Methods.message, (params) => this.events.emit('log', redactValue(params, this.redact) as unknown as LoggingMessageParams));
    s.events.on('error', (raw) => {
      if (this.currentSession !== s) return;
      const e = redactError(raw, this.redact);
      this.keepSkippedLine(e);
      this.logger.warn(e.message, { server: options.name, code: e.code });
      this.events.emit('error', e);
    });
    s.events.on('close', (info) => {
      if (this.currentSession !== s) return;
      this.state = 'closed';
      this.listen?.close();
      const r = this.redact;
      this.events.emit('close', {
        ...info,
        message: r(info.message),
        stderrTail: info.stderrTail === undefined ? undefined : r(info.stderrTail),
        error: redactError(info.error, r),
      });
    });
  }

  /** The server's name and version, as it reports them (self-reported: display only). */
  get serverInfo(): Implementation | undefined {
    return this.snapshot?.serverInfo;
  }
  /** The capabilities the server declared. */
  get serverCapabilities(): ServerCapabilities | undefined {
    return this.snapshot?.capabilities;
  }
  /** The server's usage instructions, if any (a hint for the system prompt). */
  get instructions(): string | undefined {
    return this.snapshot?.instructions;
  }
  /** The negotiated protocol version. */
  get protocolVersion(): string | undefined {
    return this.snapshot?.protocolVersion;
  }
  /** The detected era: `legacy` (initialize handshake) or `modern` (2026-07-28). */
  get era(): Era | undefined {
    return this.snapshot?.era;
  }
  /** Whether the client is connected and the handshake done. */
  get connected(): boolean {
    return this.state === 'ready';
  }

  /**
   * Starts the transport and runs the handshake within the startup budget.
   * @throws ServerStartError (`MCPB_SERVER_START_FAILED`) with the cause (spawn failure, exit code and stderr tail, timeout).
   * @throws UnsupportedVersionError (`MCPB_UNSUPPORTED_VERSION`).
   */
  connect(): Promise<void> {
    this.connecting ??= this.doConnect();
    return this.connecting;
  }

  private async doConnect(): Promise<void> {
    this.state = 'connecting';
    const startupTimeoutMs = this.options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS;
    const { eraCache = defaultEraCache, eraCacheKey: key } = this.options;
    const era = this.options.era ?? 'auto';
    try {
      await this.session.start();
      const respawn = this.options.respawn;
      this.snapshot = await connectInEra(era, {
        clientInfo: this.clientInfo(),
        capabilities: capabilitiesFor(this.options, this.options.capabilities),
        timeoutMs: startupTimeoutMs,
        probeTimeoutMs: this.options.probeTimeoutMs,
        legacyProtocolVersion: this.options.protocolVersion,
        serverName: this.options.name,
        cachedEra: era === 'auto' && key ? eraCache.get(key)?.era : undefined,
        session: () => this.session,
        respawn:
          respawn &&
          (async () => {
            await this.session.close().catch(() => {});
            this.wire(await respawn());
            await this.session.start();
            return this.session;
          }),
      });
      if (era === 'auto' && key) eraCache.set(key, { era: this.snapshot.era, protocolVersion: this.snapshot.protocolVersion, at: Date.now() });
      if (this.snapshot.era === 'modern') this.enterModern();
      this.state = 'ready';
      if (this.snapshot.era === 'modern' && this.options.listen !== false) this.startListening();
    } catch (error) {
      // VER-7: a verdict that led to a failure is dropped, so the next connect probes again.
      if (key) eraCache.delete(key);
      this.state = 'closed';
      const startError = redactError(this.startError(error, startupTimeoutMs), this.redact);
      // Reject at the deadline: the teardown (stdin grace, SIGTERM, SIGKILL) runs behind it, and the
      // transport keeps the event loop alive until the tree is gone, so nothing is orphaned.
      void this.session.close().catch(() => {});
      throw startError;
    }
  }

  private clientInfo(): Implementation {
    return this.options.clientInfo ?? { name: LIBRARY_NAME, version: LIBRARY_VERSION };
  }

  /** The envelope of the next modern request (META-1..3, LOG-1). */
  private envelope(): Envelope {
    return {
      protocolVersion: this.snapshot!.protocolVersion,
      clientInfo: this.clientInfo(),
      capabilities: capabilitiesFor(this.options, this.options.capabilities),
      logLevel: this.logLevel,
    };
  }

  private enterModern(): void {
    this.path = modernPath(this.session, {
      server: this.options.name,
      envelope: () => this.envelope(),
      maxInputRounds: this.options.maxInputRounds,
      onServerInfo: (info) => {
        if (this.snapshot) this.snapshot.serverInfo = info;
      },
    });
  }

  private startListening(): void {
    this.listen = openListen({
      path: this.path,
      capabilities: this.snapshot!.capabilities,
      server: this.options.name,
      logger: this.logger,
      resourceSubscriptions: () => [...this.subscriptions],
      alive: () => this.state === 'ready',
      onReopened: (filter) => {
        // SUB-6: whatever changed while the stream was down was missed.
        if (filter.toolsListChanged) {
          this.path.invalidate(Methods.toolsList);
          this.events.emit('toolsListChanged', undefined);
        }
        if (filter.promptsListChanged) this.events.emit('promptsListChanged', undefined);
        if (filter.resourcesListChanged) this.events.emit('resourcesListChanged', undefined);
      },
    });
  }

  private handshake(timeoutMs: number): Promise<ServerSnapshot> {
    return legacyHandshake(this.session, {
      clientInfo: this.clientInfo(),
      capabilities: capabilitiesFor(this.options, this.options.capabilities),
      protocolVersion: this.options.protocolVersion,
      timeoutMs,
      serverName: this.options.name,
    });
  }

  // Before the handshake, lines that are not JSON-RPC usually say why the start fails ("Error: set
  // API_KEY", a banner of a server started in the wrong mode): keep the first few, bounded.
  private keepSkippedLine(error: McpBridgeError | McpError): void {
    if (this.state !== 'connecting' || this.skippedLines.length >= SKIPPED_LINES_KEPT) return;
    if (error.code !== 'MCPB_FRAMING' && error.code !== 'MCPB_INVALID_MESSAGE') return;
    const context = (error as McpBridgeError).context;
    if (context.reason === 'too-large') return;
    const line = String(context.excerpt ?? '').trim();
    if (line !== '') this.skippedLines.push(line.length > SKIPPED_LINE_CHARS ? `${line.slice(0, SKIPPED_LINE_CHARS)}…` : line);
  }

  private startError(error: unknown, startupTimeoutMs: number): unknown {
    const skippedLines = this.skippedLines.length > 0 ? [...this.skippedLines] : undefined;
    const base = { server: this.options.name, target: this.transport.target, transport: this.transport.kind, startupTimeoutMs, skippedLines };
    const stdoutHint = skippedLines
      ? 'it wrote lines on stdout that are not JSON-RPC (quoted above): they usually name the cause; a server must keep stdout for protocol messages and log to stderr'
      : undefined;
    if (error instanceof ConnectionClosedError) {
      const info = error.closeInfo;
      return new ServerStartError(
        { ...base, stderrTail: info.stderrTail, exitCode: info.exitCode, signal: info.signal },
        `it ended before answering initialize: ${info.message}`,
        stdoutHint ?? 'run the command by hand to see why it exits, and check its arguments and environment',
        error,
      );
    }
    if (error instanceof RequestTimeoutError) {
      const stderrTail = this.transport.stderrTail || undefined;
      return new ServerStartError(
        { ...base, stderrTail },
        `it did not answer initialize within ${startupTimeoutMs} ms`,
        stdoutHint ?? 'check that it is an MCP server speaking on stdout; a first `npx` run may need a larger startupTimeout',
        error,
      );
    }
    // Spawn failures, HTTP errors and version mismatches are already typed and specific.
    return error;
  }

  /** Lists every tool, following pagination to the end. Empty when the server has no `tools` capability (LIFE-7). */
  async listTools(options?: RequestOptions): Promise<Tool[]>;
  /** The MCP SDK's page form (`{ cursor }` in, `{ tools, nextCursor }` out), for helpers written against that SDK (Gemini's `mcpToTool`). */
  async listTools(page: { cursor?: string | undefined } & RequestOptions): Promise<{ tools: Tool[]; nextCursor?: string }>;
  async listTools(options: RequestOptions & { cursor?: string | undefined } = {}): Promise<Tool[] | { tools: Tool[]; nextCursor?: string }> {
    if (Object.hasOwn(options, 'cursor')) return this.listToolsPage(options.cursor, options);
    this.assertReady(Methods.toolsList);
    if (!this.snapshot!.capabilities.tools) {
      this.logger.debug('server declares no tools capability; not listing tools', { server: this.options.name });
      return [];
    }
    const tools = await collectPages(
      async (cursor) => {
        const page = await this.listToolsPage(cursor, options);
        return { items: page.tools, nextCursor: page.nextCursor };
      },
      { server: this.options.name, method: Methods.toolsList },
    ).catch((error: unknown) => {
      throw redactError(error, this.redact);
    });
    this.toolsByName.clear();
    for (const tool of tools) this.toolsByName.set(tool.name, tool);
    if (!this.modernHttp) return tools;
    // HTTP-11: a tool whose x-mcp-header annotations cannot be honoured is left out, with a warning.
    return this.toolHeaders.filter(tools, this.options.name, (e) => {
      this.logger.warn(e.message, { server: this.options.name, code: e.code });
      this.events.emit('error', e);
    });
  }

  /** Modern era over HTTP: where `Mcp-Param-*` headers apply (HTTP-10; stdio ignores them). */
  private get modernHttp(): boolean {
    return this.snapshot?.era === 'modern' && this.transport.kind !== 'stdio';
  }

  private async listToolsPage(cursor: string | undefined, options: RequestOptions): Promise<{ tools: Tool[]; nextCursor?: string }> {
    this.assertReady(Methods.toolsList);
    const { cursor: _ignored, ...requestOptions } = options as RequestOptions & { cursor?: string };
    const result = await this.request<ListToolsResult>(Methods.toolsList, cursor === undefined ? undefined : { cursor }, requestOptions);
    if (!Array.isArray(result.tools)) throw new InvalidResultError({ server: this.options.name, method: Methods.toolsList }, '"tools" is not an array');
    return { tools: result.tools, ...(typeof result.nextCursor === 'string' ? { nextCursor: result.nextCursor } : {}) };
  }

  /**
   * Calls a tool. A result with `isError: true` is returned, not thrown (TOOLS-8). A progress token is
   * always attached, so progress from the server keeps a long call alive.
   * A tool whose `execution.taskSupport` is `required` (TASKS-2) is run as a task transparently: the
   * result is still the tool's. With `{ task: { ttl } }` the call returns a {@link ToolTask} instead.
   * @throws McpError for a JSON-RPC error (unknown tool, bad request).
   * @throws RequestTimeoutError, RequestAbortedError, ConnectionClosedError.
   */
  callTool(name: string, args: Record<string, unknown>, options: CallToolAsTaskOptions): Promise<ToolTask>;
  callTool(name: string, args?: Record<string, unknown>, options?: CallToolOptions): Promise<CallToolResult>;
  /**
   * The MCP SDK's call form, `callTool({ name, arguments }, resultSchema?, { signal, timeout })`, so
   * helpers written against that SDK (Anthropic's `mcpTools`, Gemini's `mcpToTool`) accept this client.
   */
  callTool(params: SdkCallToolParams, resultSchema?: unknown, options?: SdkRequestOptions): Promise<CallToolResult>;
  // Not `async`: returning the inner promise as it is spares a promise and a thenable hop per call;
  // a synchronous throw still reaches the caller as a rejection.
  callTool(
    first: string | SdkCallToolParams,
    second?: unknown,
    third?: CallToolOptions | CallToolAsTaskOptions | SdkRequestOptions,
  ): Promise<CallToolResult | ToolTask> {
    try {
      if (typeof first !== 'string') return this.callTool(first.name, first.arguments ?? {}, fromSdkOptions(first, third as SdkRequestOptions | undefined));
      const name = first;
      const args = (second as Record<string, unknown> | undefined) ?? {};
      const options = (third as CallToolOptions | CallToolAsTaskOptions | undefined) ?? NO_OPTIONS;
      this.assertReady(Methods.toolsCall);
      if ('task' in options && options.task) return this.startTask(name, args, options);
      if (this.toolsByName.get(name)?.execution?.taskSupport === 'required' && this.snapshot!.capabilities.tasks) {
        return this.callToolAsTask(name, args, options as CallToolOptions);
      }
      return this.callToolNow(name, args, options as CallToolOptions);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  // TASKS-2: a tool that requires task augmentation is run as a task; the caller still gets its result.
  private async callToolAsTask(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    const task = await this.startTask(name, args, { ...options, task: {} });
    return task.result({ signal: options.signal, timeoutMs: options.timeoutMs });
  }

  private callToolNow(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    const params: JsonObject = { name, arguments: args };
    if (options.meta) params._meta = { ...options.meta };
    const requestOptions: RequestOptions = {
      timeoutMs: options.timeoutMs,
      maxTotalTimeoutMs: options.maxTotalTimeoutMs,
      signal: options.signal,
      onProgress: options.onProgress,
      resetTimeoutOnProgress: options.resetTimeoutOnProgress,
      progress: true,
      headers: undefined,
    };
    // Stdio and legacy calls go straight to the session: no await before sending, no async frame
    // around the answer. Only the modern HTTP era computes Mcp-Param-* headers first.
    if (!this.modernHttp) return this.request<CallToolResult>(Methods.toolsCall, params, requestOptions).then((result) => this.checkToolResult(name, result));
    const send = (): Promise<CallToolResult> =>
      this.paramHeaders(name, args).then((headers) => this.request<CallToolResult>(Methods.toolsCall, params, { ...requestOptions, headers }));
    return send()
      .catch(async (error: unknown) => {
        // HTTP-12: -32020 means our Mcp-Param-* headers disagree with the tool's current schema: re-list once, retry.
        if (!isMcpError(error) || error.code !== ErrorCodes.HeaderMismatch) throw error;
        this.path.invalidate(Methods.toolsList);
        await this.listTools();
        return send();
      })
      .then((result) => this.checkToolResult(name, result));
  }

  private checkToolResult(name: string, result: CallToolResult): CallToolResult {
    if (result.content === undefined && result.structuredContent !== undefined) result.content = [];
    if (!Array.isArray(result.content))
      throw new InvalidResultError({ server: this.options.name, method: Methods.toolsCall }, `"content" of tool "${name}" is not an array`);
    return result;
  }

  /**
   * Every task the server holds for this session (`tasks/list`, paginated).
   * @throws CapabilityMissingError unless the server declared `tasks.list`.
   */
  listTasks(options?: FeatureOptions): Promise<Task[]> {
    return listTasks(this.host, options);
  }

  // TASKS-2: task-augment only when the server declared tasks.requests.tools.call and the tool does not forbid it.
  private async startTask(name: string, args: Record<string, unknown>, options: CallToolAsTaskOptions): Promise<ToolTask> {
    requireCapability(this.host, Methods.toolsCall, 'tasks.requests.tools.call');
    const support = this.toolsByName.get(name)?.execution?.taskSupport;
    if (support === 'forbidden')
      throw new CapabilityMissingError({ server: this.options.name, method: Methods.toolsCall, capability: `execution.taskSupport of tool "${name}"` });
    const params: JsonObject = { name, arguments: args, task: taskParams(options.task) };
    if (options.meta) params._meta = { ...options.meta };
    const created = await this.request<CreateTaskResult>(Methods.toolsCall, params, { timeoutMs: options.timeoutMs, signal: options.signal });
    const task = new ToolTask(this.host, created, name);
    this.tasks.set(task.taskId, new WeakRef(task));
    this.logger.info(`task ${task.taskId} started for tool "${name}" (${task.task.status})`, { server: this.options.name, taskId: task.taskId });
    return task;
  }

  private async paramHeaders(name: string, args: Record<string, unknown>): Promise<Record<string, string> | undefined> {
    // A call before any listing cannot know the tool's header bindings: list once (served from cache while fresh).
    if (!this.toolHeaders.known) await this.listTools().catch(() => []);
    return this.toolHeaders.headersFor(name, args);
  }

  /**
   * Checks the server is alive (PING-2); resolves with the round-trip time in ms. The 2026 era has
   * no `ping`: a `server/discover` (never served from cache) stands in for it.
   */
  async ping(options: RequestOptions = {}): Promise<number> {
    this.assertReady(Methods.ping);
    const started = performance.now();
    if (this.snapshot!.era === 'modern') await this.session.request(Methods.serverDiscover, discoverParams(this.envelope()), options);
    else await this.request(Methods.ping, undefined, options);
    return performance.now() - started;
  }

  /**
   * Asks the server to send log messages at `level` and above (LOG-2); they arrive as `log` events.
   * @throws CapabilityMissingError (`MCPB_CAPABILITY_MISSING`, nothing sent) when the server declared
   * no `logging` capability (LIFE-7).
   */
  async setLoggingLevel(level: LoggingLevel, options: FeatureOptions = {}): Promise<void> {
    this.assertReady(Methods.loggingSetLevel);
    requireCapability(this.host, Methods.loggingSetLevel, 'logging');
    // 2026 era: the level rides in every later request's `_meta` instead (LOG-1).
    if (this.snapshot!.era === 'modern') {
      this.logLevel = level;
      return;
    }
    await this.request(Methods.loggingSetLevel, { level }, { timeoutMs: options.timeoutMs, signal: options.signal });
  }

  /**
   * Every resource, following pagination to the end (PAGE-2).
   * @throws CapabilityMissingError (`MCPB_CAPABILITY_MISSING`) when the server declared no `resources`.
   */
  listResources(options?: FeatureOptions): Promise<Resource[]> {
    return listResources(this.host, options);
  }
  /** Every resource template; fill one in with `expandUriTemplate`. @throws CapabilityMissingError */
  listResourceTemplates(options?: FeatureOptions): Promise<ResourceTemplate[]> {
    return listResourceTemplates(this.host, options);
  }
  /** Reads a resource: `contents` items are `{uri, mimeType?, text}` or `{uri, mimeType?, blob}` (RES-2). @throws CapabilityMissingError */
  readResource(uri: string, options?: FeatureOptions): Promise<ReadResourceResult> {
    return readResource(this.host, uri, options);
  }

  /**
   * Subscribes to changes of `uri`: `resourceUpdated` events follow. Needs `resources.subscribe`.
   * In the 2026-07-28 era there is no `resources/subscribe`: the URI joins the `resourceSubscriptions`
   * of the `subscriptions/listen` stream, which is reopened with it (SUB-1; opened even with `listen: false`).
   * @throws CapabilityMissingError
   */
  async subscribeResource(uri: string, options?: FeatureOptions): Promise<void> {
    if (this.snapshot?.era === 'modern') {
      requireCapability(this.host, Methods.resourcesSubscribe, 'resources.subscribe');
      if (this.subscriptions.has(uri)) return;
      this.subscriptions.add(uri);
      this.refreshListen();
      return;
    }
    await subscribeResource(this.host, uri, options);
    this.subscriptions.add(uri);
  }

  /** Ends a subscription made with {@link Client.subscribeResource} (2026-07-28: the listen stream is reopened without it). */
  async unsubscribeResource(uri: string, options?: FeatureOptions): Promise<void> {
    if (this.snapshot?.era === 'modern') {
      requireCapability(this.host, Methods.resourcesUnsubscribe, 'resources.subscribe');
      if (this.subscriptions.delete(uri)) this.refreshListen();
      return;
    }
    this.subscriptions.delete(uri);
    await unsubscribeResource(this.host, uri, options);
  }

  private refreshListen(): void {
    this.assertReady(Methods.subscriptionsListen);
    if (this.listen) this.listen.refresh();
    else this.startListening();
  }

  /** Every prompt, following pagination to the end. @throws CapabilityMissingError when the server declared no `prompts`. */
  listPrompts(options?: FeatureOptions): Promise<Prompt[]> {
    return listPrompts(this.host, options);
  }
  /** Fills in a prompt with its arguments (sent as strings). @throws CapabilityMissingError */
  getPrompt(name: string, args?: PromptArguments, options?: FeatureOptions): Promise<GetPromptResult> {
    return getPrompt(this.host, name, args, options);
  }

  /**
   * Completion suggestions for a prompt argument or a resource-template variable.
   * @example await client.complete({ type: 'ref/prompt', name: 'completable-prompt' }, { name: 'department', value: 'E' })
   * @throws CapabilityMissingError when the server declared no `completions`.
   */
  complete(ref: CompleteReference, argument: CompleteArgument, context?: CompleteContext, options?: FeatureOptions): Promise<CompleteResult['completion']> {
    return complete(this.host, ref, argument, context, options);
  }

  /** Tells the server the roots changed (when roots were offered; the 2026 era has no such notification). */
  async notifyRootsChanged(): Promise<void> {
    if (this.options.roots === undefined || this.snapshot?.era === 'modern') return;
    await this.session.notify(Methods.rootsListChanged);
  }

  /**
   * Sends any request through the era's path (2026: envelope, `resultType`, multi-round-trip input,
   * cache); for methods this class has no helper for.
   */
  request<R = Record<string, unknown>>(method: string, params?: JsonObject, options: RequestOptions = {}): Promise<R> {
    let pending: Promise<R>;
    try {
      pending = this.sendOnPath<R>(method, params, options);
    } catch (error) {
      pending = Promise.reject(error);
    }
    // A success passes through with one promise; only a failure builds the elicitation rounds.
    return pending.catch((error: unknown) => this.requestFailed<R>(error, method, params, options));
  }

  private sendOnPath<R>(method: string, params: JsonObject | undefined, options: RequestOptions): Promise<R> {
    const pending = this.path.request<R>(method, params, options);
    // Only HTTP sessions expire; stdio calls skip the recovery hop on the hot path.
    if (this.transport.kind === 'stdio') return pending;
    return pending.catch((error) => this.recoverOrThrow<R>(error, method, params, options));
  }

  // URL elicitation (-32042) may complete and retry; every failure leaves masked: a server may echo
  // its API key in an error message or body.
  private requestFailed<R>(error: unknown, method: string, params: JsonObject | undefined, options: RequestOptions): Promise<R> {
    const send = (): Promise<R> => this.sendOnPath<R>(method, params, options);
    return afterUrlElicitationError(error, send, { server: this.options.name, method, signal: options.signal }, this.options.onUrlElicitationRequired).catch(
      (failure: unknown) => {
        throw redactError(failure, this.redact);
      },
    );
  }

  /** Closes the connection (stdio: the whole process tree). Idempotent. */
  async close(): Promise<void> {
    this.state = 'closed';
    this.listen?.close();
    await this.session.close();
  }

  private assertReady(method: string): void {
    if (this.state === 'ready') return;
    throw new NotConnectedError(method, this.options.name, this.state === 'closed' ? 'closed' : 'not connected yet');
  }

  // HTTP-19: a 404 for our session id means the session is gone: initialize again, tell listeners
  // to re-list, and retry the request once if it is safe to.
  private async recoverOrThrow<R>(error: unknown, method: string, params: JsonObject | undefined, options: RequestOptions): Promise<R> {
    if ((error as McpBridgeError)?.code !== 'MCPB_SESSION_EXPIRED' || this.state !== 'ready') throw error;
    this.recovering ??= this.handshake(this.options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS)
      .then((snapshot) => {
        this.snapshot = snapshot;
        this.logger.info('server session expired; started a new one', { server: this.options.name });
        this.events.emit('sessionRecovered', snapshot);
        this.events.emit('toolsListChanged', undefined);
        for (const uri of this.subscriptions) {
          this.session
            .request(Methods.resourcesSubscribe, { uri })
            .catch((e) => this.logger.warn(`re-subscribing to ${uri} failed: ${(e as Error).message}`, { server: this.options.name }));
        }
      })
      .finally(() => {
        this.recovering = undefined;
      });
    await this.recovering;
    const refusedUnrun = (error as McpBridgeError).context?.requestMayHaveRun !== true;
    if (!IDEMPOTENT.has(method) && !(method === Methods.toolsCall && refusedUnrun)) throw error;
    return this.session.request<R>(method, params, options);
  }
}
