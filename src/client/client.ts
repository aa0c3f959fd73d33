// The MCP client, one instance per server connection: the public face that composes the modules
// doing the work. The shared state and the one request path every method goes through are in
// connection.ts; connecting in connect.ts; tools in tool-calls.ts; resource subscriptions in
// subscriptions.ts; resources, prompts, completion and tasks in their own modules; server→client
// requests in server-requests.ts and notifications in notifications.ts; HTTP session recovery in
// recovery.ts. The options and events a user writes are in client-options.ts. Resources, prompts,
// completion, skills and MCP Apps are imported by their first call: every import of the client compiles what it
// loads, and most agents call none of them.
import {
  discoverParams,
  Emitter,
  Methods,
  type Era,
  type CallToolResult,
  type CompleteArgument,
  type CompleteContext,
  type CompleteReference,
  type CompleteResult,
  type GetPromptResult,
  type Prompt,
  type Task,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type Implementation,
  type ClientRequests,
  type JsonObject,
  type LoggingLevel,
  type ServerCapabilities,
  type Skill,
  type Tool,
} from '../../protocol/index.js';
import type { Redact } from '../../protocol/redact.js';
import type { RequestOptions, Session } from '../session/session.js';
import type { Transport } from '../transports/transport.js';
import type {
  CallToolAsTaskOptions,
  CallToolOptions,
  ClientEvents,
  ClientOptions,
  SdkCallToolParams,
  SdkRequestOptions,
  ToolCallGate,
} from './client-options.js';
import type { EraSource } from './era-cache.js';
import { ClientConnection } from './connection.js';
import { requireCapability, type FeatureOptions } from './features.js';
import type { PromptArguments } from './prompts.js';
import type { UiResource } from './apps.js';
import { LoadedSkill, type LoadSkillOptions } from './skill-load.js';
import { taskSteps, type ToolTask } from './tasks.js';
import { fromSdkOptions, ToolCalls } from './tool-calls.js';

export { DEFAULT_STARTUP_TIMEOUT_MS } from './client-options.js';
export type {
  CallToolAsTaskOptions,
  CallToolOptions,
  ClientEvents,
  ClientOptions,
  SdkCallToolParams,
  SdkRequestOptions,
  ToolCallGate,
} from './client-options.js';
export { SKIPPED_LINE_CHARS, SKIPPED_LINES_KEPT } from './skipped-lines.js';

/** The options of a call made without any (never modified, so one object serves every such call). */
const NO_OPTIONS: CallToolOptions = Object.freeze({});

let connectModule: Promise<typeof import('./connect.js')> | undefined;

/**
 * @internal Starts loading the connecting code (once per process) and returns it pending: a manager
 * warms it while its caller is still busy, so a server's first start does not wait for it.
 */
export function warmConnect(): Promise<typeof import('./connect.js')> {
  connectModule ??= import('./connect.js');
  // Failure is reported by the connect that awaits it, not by the warm-up.
  connectModule.catch(() => undefined);
  return connectModule;
}
/**
 * A connection to one MCP server.
 * @example
 * const client = new Client(transport, { name: 'fs' });
 * await client.connect();
 * const tools = await client.listTools();
 */
export class Client {
  readonly events = new Emitter<ClientEvents>();
  /** Masks every secret this connection knows of: the transport's and {@link ClientOptions.secrets}. */
  readonly redact: Redact;
  private readonly connection: ClientConnection;
  private readonly tools: ToolCalls;
  private connecting?: Promise<void>;

  constructor(transport: Transport, options: ClientOptions = {}) {
    this.connection = new ClientConnection(transport, options, this.events);
    this.redact = this.connection.redact;
    this.tools = new ToolCalls(this.connection);
  }

  /** The JSON-RPC session (replaced once if a stdio server had to be respawned during detection). */
  get session(): Session {
    return this.connection.session;
  }
  /** The transport under the session. */
  get transport(): Transport {
    return this.connection.transport;
  }

  /** The server's name and version, as it reports them (self-reported: display only). */
  get serverInfo(): Implementation | undefined {
    return this.connection.snapshot?.serverInfo;
  }
  /** The capabilities the server declared. */
  get serverCapabilities(): ServerCapabilities | undefined {
    return this.connection.snapshot?.capabilities;
  }
  /** The server's usage instructions, if any (a hint for the system prompt). */
  get instructions(): string | undefined {
    return this.connection.snapshot?.instructions;
  }
  /** The negotiated protocol version. */
  get protocolVersion(): string | undefined {
    return this.connection.snapshot?.protocolVersion;
  }
  /** The detected era: `legacy` (initialize handshake) or `modern` (2026-07-28). */
  get era(): Era | undefined {
    return this.connection.snapshot?.era;
  }
  /**
   * Where {@link Client.era} came from, once connected: this connection's probe, a verdict an
   * earlier connection saved in the `eraCache` (and when it was found), or the configuration.
   */
  get eraSource(): EraSource | undefined {
    return this.connection.eraSource;
  }
  /** Whether the client is connected and the handshake done. */
  get connected(): boolean {
    return this.connection.state === 'ready';
  }

  /**
   * Starts the transport and runs the handshake within the startup budget.
   * @throws ServerStartError (`MCPB_SERVER_START_FAILED`) with the cause (spawn failure, exit code and stderr tail, timeout).
   * @throws UnsupportedVersionError (`MCPB_UNSUPPORTED_VERSION`).
   */
  connect(): Promise<void> {
    // Connecting (era detection, the probe, the handshake, the start error) is imported with the first
    // connect of the process (connect.ts): a process that only imports the client never compiles it.
    this.connecting ??= warmConnect().then(({ connectClient }) => connectClient(this.connection));
    return this.connecting;
  }

  /** Lists every tool, following pagination to the end. Empty when the server has no `tools` capability (LIFE-7). */
  async listTools(options?: RequestOptions): Promise<Tool[]>;
  /** The MCP SDK's page form (`{ cursor }` in, `{ tools, nextCursor }` out), for helpers written against that SDK (Gemini's `mcpToTool`). */
  async listTools(page: { cursor?: string | undefined } & RequestOptions): Promise<{ tools: Tool[]; nextCursor?: string }>;
  async listTools(options: RequestOptions & { cursor?: string | undefined } = {}): Promise<Tool[] | { tools: Tool[]; nextCursor?: string }> {
    if (Object.hasOwn(options, 'cursor')) return this.tools.page(options.cursor, options);
    return this.tools.list(options);
  }

  /**
   * The smallest SEP-2549 `ttlMs` (CACHE-2) of the pages of the last complete {@link Client.listTools}:
   * how long the server says the list stays fresh. Undefined when a page carried none (every
   * pre-2026 server); 0 is what most 2026 servers send.
   */
  get toolsListTtlMs(): number | undefined {
    return this.tools.listTtlMs;
  }

  private toolCallGate?: ToolCallGate;

  /**
   * Routes every later `callTool` (not the task-augmented form) through `gate`, which makes the call
   * or refuses it; `undefined` removes it. The manager gates the clients it starts, so a client
   * reached through a server handle passes its registry's call pipeline (pins, policy, audit) too.
   */
  gateToolCalls(gate: ToolCallGate | undefined): void {
    this.toolCallGate = gate;
  }

  /**
   * Calls a tool. A result with `isError: true` is returned, not thrown (TOOLS-8). A progress token is
   * attached, so progress from the server keeps a long call alive (unless the call sets
   * `resetTimeoutOnProgress: false` and has no `onProgress`: then nobody would listen). The options
   * object goes down to the session as it is.
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
      this.connection.assertReady(Methods.toolsCall);
      if ('task' in options && options.task) return this.tools.startTask(name, args, options);
      const gate = this.toolCallGate;
      if (gate) return this.callThroughGate(gate, name, args, options as CallToolOptions);
      return this.tools.call(name, args, options as CallToolOptions);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  // Apart from callTool: a closure there would make V8 allocate callTool's captured variables on
  // every call, gated or not.
  private callThroughGate(gate: ToolCallGate, name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    return gate(name, args, options, (a, o) => this.tools.call(name, a, o));
  }

  /**
   * @internal The plain `callTool` past the gate of {@link Client.gateToolCalls}, for the owner of
   * that gate when its checks already ran (the manager's server handle); the options go down as they are.
   */
  callToolChecked(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    try {
      this.connection.assertReady(Methods.toolsCall);
      return this.tools.call(name, args, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Every task the server holds for this session (`tasks/list`, paginated).
   * @throws CapabilityMissingError unless the server declared `tasks.list`.
   */
  async listTasks(options?: FeatureOptions): Promise<Task[]> {
    return (await taskSteps()).listTasks(this.connection.host, options);
  }

  /**
   * Checks the server is alive (PING-2); resolves with the round-trip time in ms. The 2026 era has
   * no `ping`: a `server/discover` (never served from cache) stands in for it.
   */
  async ping(options: RequestOptions = {}): Promise<number> {
    this.connection.assertReady(Methods.ping);
    const started = performance.now();
    if (this.connection.snapshot!.era === 'modern') await this.session.request(Methods.serverDiscover, discoverParams(this.connection.envelope()), options);
    else await this.connection.request(Methods.ping, undefined, options);
    return performance.now() - started;
  }

  /**
   * Asks the server to send log messages at `level` and above (LOG-2); they arrive as `log` events.
   * @throws CapabilityMissingError (`MCPB_CAPABILITY_MISSING`, nothing sent) when the server declared
   * no `logging` capability (LIFE-7).
   */
  async setLoggingLevel(level: LoggingLevel, options: FeatureOptions = {}): Promise<void> {
    this.connection.assertReady(Methods.loggingSetLevel);
    requireCapability(this.connection.host, Methods.loggingSetLevel, 'logging');
    // 2026 era: the level rides in every later request's `_meta` instead (LOG-1).
    if (this.connection.snapshot!.era === 'modern') {
      this.connection.logLevel = level;
      return;
    }
    await this.connection.request(Methods.loggingSetLevel, { level }, { timeoutMs: options.timeoutMs, signal: options.signal });
  }

  /**
   * Every resource, following pagination to the end (PAGE-2).
   * @throws CapabilityMissingError (`MCPB_CAPABILITY_MISSING`) when the server declared no `resources`.
   */
  async listResources(options?: FeatureOptions): Promise<Resource[]> {
    return (await import('./resources.js')).listResources(this.connection.host, options);
  }
  /** Every resource template; fill one in with `expandUriTemplate`. @throws CapabilityMissingError */
  async listResourceTemplates(options?: FeatureOptions): Promise<ResourceTemplate[]> {
    return (await import('./resources.js')).listResourceTemplates(this.connection.host, options);
  }
  /** Reads a resource: `contents` items are `{uri, mimeType?, text}` or `{uri, mimeType?, blob}` (RES-2). @throws CapabilityMissingError */
  async readResource(uri: string, options?: FeatureOptions): Promise<ReadResourceResult> {
    return (await import('./resources.js')).readResource(this.connection.host, uri, options);
  }

  /**
   * Subscribes to changes of `uri`: `resourceUpdated` events follow. Needs `resources.subscribe`.
   * In the 2026-07-28 era there is no `resources/subscribe`: the URI joins the `resourceSubscriptions`
   * of the `subscriptions/listen` stream, which is reopened with it (SUB-1; opened even with `listen: false`).
   * @throws CapabilityMissingError
   */
  async subscribeResource(uri: string, options?: FeatureOptions): Promise<void> {
    return (await import('./resources.js')).subscribe(this.connection, uri, options);
  }

  /** Ends a subscription made with {@link Client.subscribeResource} (2026-07-28: the listen stream is reopened without it). */
  async unsubscribeResource(uri: string, options?: FeatureOptions): Promise<void> {
    return (await import('./resources.js')).unsubscribe(this.connection, uri, options);
  }

  /** Every prompt, following pagination to the end. @throws CapabilityMissingError when the server declared no `prompts`. */
  async listPrompts(options?: FeatureOptions): Promise<Prompt[]> {
    return (await import('./prompts.js')).listPrompts(this.connection.host, options);
  }
  /** Fills in a prompt with its arguments (sent as strings). @throws CapabilityMissingError */
  async getPrompt(name: string, args?: PromptArguments, options?: FeatureOptions): Promise<GetPromptResult> {
    return (await import('./prompts.js')).getPrompt(this.connection.host, name, args, options);
  }

  /**
   * Completion suggestions for a prompt argument or a resource-template variable.
   * @example await client.complete({ type: 'ref/prompt', name: 'completable-prompt' }, { name: 'department', value: 'E' })
   * @throws CapabilityMissingError when the server declared no `completions`.
   */
  async complete(
    ref: CompleteReference,
    argument: CompleteArgument,
    context?: CompleteContext,
    options?: FeatureOptions,
  ): Promise<CompleteResult['completion']> {
    return (await import('./completion.js')).complete(this.connection.host, ref, argument, context, options);
  }

  /**
   * Every skill the server lists (Skills extension, `skills/list`): entries only, no file is read
   * (SKILL-2). An empty listing does not mean the server has none (SKILL-9).
   * @throws CapabilityMissingError unless the server declared `io.modelcontextprotocol/skills`.
   */
  async listSkills(options?: FeatureOptions): Promise<Skill[]> {
    return (await import('./skills.js')).listSkills(this.connection.host, options);
  }
  /** One skill's entry by the URI of its `SKILL.md` (`skills/get`). @throws CapabilityMissingError */
  async getSkill(uri: string, options?: FeatureOptions): Promise<Skill> {
    return (await import('./skills.js')).getSkill(this.connection.host, uri, options);
  }
  /**
   * Loads a skill from its entry or its `SKILL.md` URI: reads `SKILL.md` and verifies its size,
   * digest and frontmatter against the entry; other files are read, verified, with `readFile`.
   * @throws SkillVerificationError (`MCPB_SKILL_UNVERIFIED`) when the content does not match the entry.
   */
  async loadSkill(skill: Skill | string, options?: LoadSkillOptions): Promise<LoadedSkill> {
    const { entry, instructions } = await (await import('./skill-verify.js')).verifySkill(this.connection.host, skill, options);
    return new LoadedSkill(this.connection.host, entry, instructions);
  }
  /** The direct children of a directory resource (`resources/directory/read`). @throws CapabilityMissingError unless the skills extension declared `directoryRead`. */
  async readResourceDirectory(uri: string, options?: FeatureOptions): Promise<Resource[]> {
    return (await import('./skills.js')).readResourceDirectory(this.connection.host, uri, options);
  }

  /**
   * Reads a tool's MCP App (`ui://`, from `_meta.ui.resourceUri`): its HTML, the `_meta.ui` the
   * server declared, and the Content-Security-Policy and iframe `allow` a host renders it with.
   * @throws InvalidResultError when the resource is not `text/html;profile=mcp-app`.
   */
  async readUiResource(uri: string, options?: FeatureOptions): Promise<UiResource> {
    return (await import('./apps.js')).readUiResource(this.connection.host, uri, options);
  }

  /** Tells the server the roots changed (when roots were offered; the 2026 era has no such notification). */
  async notifyRootsChanged(): Promise<void> {
    if (this.connection.options.roots === undefined || this.connection.snapshot?.era === 'modern') return;
    await this.session.notify(Methods.rootsListChanged);
  }

  /**
   * Sends any request through the era's path (2026: envelope, `resultType`, multi-round-trip input,
   * cache); for methods this class has no helper for. A method of {@link ClientRequests} is typed by
   * that map: `await client.request('resources/read', { uri })` is a `ReadResourceResult`.
   */
  request<M extends keyof ClientRequests>(method: M, params?: ClientRequests[M]['params'], options?: RequestOptions): Promise<ClientRequests[M]['result']>;
  request<R = Record<string, unknown>, M extends string = string>(
    method: Exclude<M, keyof ClientRequests>,
    params?: JsonObject,
    options?: RequestOptions,
  ): Promise<R>;
  request<R>(method: string, params?: object, options: RequestOptions = {}): Promise<R> {
    return this.connection.request<R>(method, params as JsonObject | undefined, options);
  }

  /** Closes the connection (stdio: the whole process tree). Idempotent. */
  close(): Promise<void> {
    return this.connection.close();
  }
}
