// The agent's tool namespace: MCP tools per server and native tools under one namespace where a
// collision never overwrites; LLM specs, validated execution through the call pipeline, and the
// provider tool-call helpers. This class is the public face; the bookkeeping lives in
// tool-table.ts, the specs in spec-list.ts, the pipeline a call passes in call-plan.ts, running a
// tool in execute.ts, search in lazy-search.ts, the provider shapes in tool-calls.ts and
// search-wire.ts. The framework adapters build on this class (src/adapters/registry.ts); it never
// imports them.
import { Emitter, type McpBridgeError, type Tool } from '../../protocol/index.js';
import type { ToolDef, ToolResult } from '../bridge/types.js';
import type { CallPipeline } from '../pipeline/chain.js';
import type { Interceptor, NextInterceptor, ToolCall } from '../pipeline/types.js';
import type * as Execute from './execute.js';
import type { ExecutePlan } from './execute.js';
import { budgetInForce, callPlan, withoutBudget } from './call-plan.js';
import { nativeDeferred, offered, offeredSpecs, responsesSpecOf } from './spec-list.js';
import type { LlmSpecs, LlmSpecTarget, ResponsesNativeSpec, ToolSearchSpecOptions } from './spec-list.js';
import { executeResponsesToolSearchCall, toAnthropicToolSearchResult } from './search-wire.js';
import type { AnthropicToolSearchResult, ResponsesToolSearchCall, ResponsesToolSearchOutput } from './search-wire.js';
import { callName, malformedCall, toAnthropicToolResult } from './tool-calls.js';
import type { AnthropicToolResult, AnthropicToolUse, OpenAiToolCall, OpenAiToolMessage } from './tool-calls.js';
import { LoadedTools } from './deferred-tools.js';
import { LazyToolSearch } from './lazy-search.js';
import type { ToolSearchOptions, ToolSearchResult } from './tool-search.js';
import { ToolTable } from './tool-table.js';
import type { AgentTool, CallContext, NamingProblems, RegisterReport, RegistryEvents, RegistryOptions, ReplaceReport, ServerToolOptions } from './types.js';

export type { LlmSpecByTarget, LlmSpecs, LlmSpecTarget, ResponsesNativeSpec, ToolSearchSpecOptions } from './spec-list.js';

/**
 * Running a tool (lookup, arguments checked, the pipeline, the call, the result; execute.ts) loads
 * with the first call of any registry, once (concurrent first calls share the import); every later
 * call uses the module as it is, with no step more. A registry only built, for its specs, never compiles it.
 */
let running: typeof Execute | undefined;
let loading: Promise<typeof Execute> | undefined;
function loadRunning(): Promise<typeof Execute> {
  loading ??= import('./execute.js').then((m) => {
    running = m;
    return m;
  });
  return loading;
}

/**
 * The agent's tool namespace: MCP tools (registered per server by the manager) and native tools,
 * each under a unique exposed name, with specs, search, and execution through the call pipeline.
 * `list()` order is registration order and stays stable across refreshes. Events: `changed`,
 * `collision`, `problem`. {@link Registry} adds every framework's shape on top.
 */
export class ToolRegistry {
  readonly events = new Emitter<RegistryEvents>();
  private readonly table = new ToolTable(this.events);
  private readonly search: LazyToolSearch;
  /** With tool search on: which tools the specs carry (the search tool, the always-loaded, the found). */
  private readonly deferral?: LoadedTools;

  /** The registry's own tools that appear during a conversation (`read_result`). */
  private readonly own: readonly string[];
  /** The steps between a valid call and its server (call-plan.ts). */
  private plan: ExecutePlan;

  constructor(private readonly options: RegistryOptions = {}) {
    const results = budgetInForce(options);
    this.own = results ? [results.toolName] : [];
    if (options.toolSearch?.enabled) this.deferral = new LoadedTools(options.toolSearch, this.own);
    this.plan = callPlan(options, this.table, results, this.deferral?.toolName);
    this.search = new LazyToolSearch(this.table, this.events, options.toolSearch, this.deferral?.toolName, (def) => this.plan.pipeline.hides(def));
    const found = (name: string) => this.table.entries.get(name);
    if (this.deferral) this.table.registerNative(this.deferral.searchTool((query, limit) => this.searchTools(query, { limit }), found));
  }

  /**
   * Adds a step to the call pipeline every call passes between validation and its server, placed by
   * its `stage` (pins, policy, audit, telemetry, user, budget) after the steps already in that stage.
   * The registry's own tools (the search tool, `read_result`) reach no server and skip it.
   * @example
   * registry.use({ name: 'log-calls', async intercept(call, next) {
   *   const result = await next(call);
   *   console.log(call.server, call.tool, result.isError ? 'failed' : 'ok');
   *   return result;
   * } });
   */
  use(step: Interceptor): this {
    this.plan = { ...this.plan, pipeline: this.plan.pipeline.with(step) };
    return this;
  }

  /** The names of the pipeline's steps, in the order a call meets them. */
  pipelineSteps(): string[] {
    return this.plan.pipeline.describe();
  }

  /** Registers a native tool. A taken name is reported (`skipped`, `collision` event), never overwritten. */
  register(tool: AgentTool): RegisterReport {
    return this.table.registerNative(tool);
  }

  /** Removes one tool by exposed name (native or MCP); returns whether it existed. */
  unregister(name: string): boolean {
    return this.table.remove(name);
  }

  /**
   * Registers the tools of `server` (as listed by `tools/list`), exposed as `prefix + name`
   * (sanitised), filtered by `allow`, called through `caller` with the ORIGINAL name. Tools whose
   * name is taken (by another server, a native tool or a sibling that sanitises the same) are
   * skipped and reported with both sources and a suggested prefix; the first registration stays.
   * Schemas that do not compile are reported in `problems`; those tools run unvalidated.
   * Calling it again for a registered server behaves like {@link Registry.replaceServerTools}.
   */
  registerServerTools(server: string, tools: readonly Tool[], options: ServerToolOptions): RegisterReport {
    return this.table.registerServer(server, tools, options);
  }

  /** Removes every tool of `server` and forgets its options; returns the exposed names removed. */
  removeServer(server: string): string[] {
    return this.table.removeServer(server);
  }

  /**
   * Replaces the tools of `server` with a fresh list (after `list_changed` or a restart): tools
   * that are gone are removed, changed ones updated in place (their validators recompiled),
   * unchanged ones kept as they are, new ones appended, so the order the LLM sees stays stable.
   * `options` default to those of the previous registration. Emits one `changed` event.
   * @throws InvalidOptionsError (`MCPB_INVALID_OPTIONS`) without `options` for a server never registered.
   */
  replaceServerTools(server: string, tools: readonly Tool[], options?: ServerToolOptions): ReplaceReport {
    return this.table.replaceServer(server, tools, options);
  }

  /** The definition registered under an exposed name. */
  get(name: string): ToolDef | undefined {
    return this.table.entries.get(name)?.def;
  }

  /** Whether an exposed name is registered. */
  has(name: string): boolean {
    return this.table.entries.has(name);
  }

  /** Every definition a model may be offered, in registration order (a tool some pipeline step refuses outright is left out; {@link Registry.get} still finds it). */
  list(): ToolDef[] {
    return [...offered(this.table.entries, this.plan.pipeline).values()].map((e) => e.def);
  }

  /** The exposed names of one server's tools, in order. */
  namesOf(server: string): string[] {
    return this.table.namesOf(server);
  }

  /** Reverse lookup: the definition of `server`'s tool `originalName`. */
  findByOrigin(server: string, originalName: string): ToolDef | undefined {
    for (const entry of this.table.entries.values()) if (entry.def.server === server && entry.def.originalName === originalName) return entry.def;
    return undefined;
  }

  /**
   * Withdraws the tools of a server that went down (crash, restart): they leave `list()` and the
   * specs, but a call to one answers with `why(originalName)` (typically `MCPB_SERVER_UNAVAILABLE`, naming the
   * server's state and when it is retried) instead of "no such tool". Registering the server's
   * tools again, or removing the server, ends the withdrawal. Returns the names withdrawn.
   */
  withdrawServer(server: string, why: (tool: string) => McpBridgeError): string[] {
    return this.table.withdrawServer(server, why);
  }

  /**
   * Every tool that is not exposed under its own name: `renamed` (sanitised, shortened, or given a
   * suffix because an exact name took its place) and `dropped` (its name was taken), with who
   * took it. `doctor` lists each as a problem.
   */
  namingProblems(): NamingProblems {
    return this.table.namingProblems();
  }

  /**
   * The tools that best fit a task described in words ("open a pull request", "what is the weather
   * in Paris"), best first: a BM25F ranking over each tool's name (split on `_`, `.`, `-` and
   * camelCase), title, description, parameter names and descriptions and server name, widened by
   * common synonyms, fused with your vectors when `toolSearch.embed` is set. The index is built on
   * the first search and follows every change of the registry incrementally.
   */
  searchTools(query: string, options: ToolSearchOptions = {}): Promise<ToolSearchResult[]> {
    return this.search.search(query, options);
  }

  /**
   * Function specs for every tool in the format `provider` accepts, with conversion notes (cached
   * per tool): `openai` (Chat Completions), `openai-responses` (the Responses API's flat tools, same
   * schemas), `anthropic`, `gemini` (OpenAPI-subset `parameters`, or with `jsonSchema: true` the
   * tool's JSON Schema as `parametersJsonSchema`). With `toolSearch.enabled`, only the search tool,
   * the always-loaded tools and the tools found so far, in that order: a found tool is appended, so
   * the specs of one conversation only ever grow at the end.
   */
  toLLMSpecs(
    provider: 'openai-responses',
    options: ToolSearchSpecOptions & { toolSearch: 'native' },
  ): { specs: ResponsesNativeSpec[]; notes: LlmSpecs<'openai-responses'>['notes'] };
  toLLMSpecs<P extends LlmSpecTarget>(provider: P, options?: ToolSearchSpecOptions): LlmSpecs<P>;
  toLLMSpecs<P extends LlmSpecTarget>(provider: P, options: ToolSearchSpecOptions = {}): LlmSpecs<P> | { specs: ResponsesNativeSpec[] } {
    return offeredSpecs(offered(this.table.entries, this.plan.pipeline), this.deferral, this.own, provider, options);
  }

  /**
   * The exposed names a model is offered now: with `toolSearch.enabled`, the portable specs' tools
   * (the search tool, the always-loaded, the found); else every tool. For loops that take every tool
   * once and choose per step which the model sees (the AI SDK's `prepareStep` → `activeTools`).
   */
  activeTools(): string[] {
    const entries = offered(this.table.entries, this.plan.pipeline);
    return [...(this.deferral ? this.deferral.select(entries) : entries).keys()];
  }

  /** The search tool's exposed name with `toolSearch.enabled`; undefined when tool search is off. */
  get searchToolName(): string | undefined {
    return this.deferral?.toolName;
  }

  /**
   * Answers an Anthropic `tool_use` of the search tool on the native wire (`toLLMSpecs('anthropic',
   * { toolSearch: 'native' })`): runs the search and returns a `tool_result` of `tool_reference`
   * blocks, one per deferred tool found, which the API expands into their definitions. Never throws.
   */
  async executeAnthropicToolSearch(block: AnthropicToolUse, context: CallContext = {}): Promise<AnthropicToolSearchResult> {
    const result = await this.execute(this.deferral?.toolName ?? '', block?.input ?? {}, context);
    return toAnthropicToolSearchResult(callName(block?.id) ?? '', result, nativeDeferred(this.table.entries, this.deferral, this.own));
  }

  /**
   * Answers an OpenAI Responses `tool_search_call` item on the native wire (`toLLMSpecs('openai-responses',
   * { toolSearch: 'native' })`) with a `tool_search_output` item carrying the definitions found. Never throws.
   */
  executeResponsesToolSearchCall(item: ResponsesToolSearchCall, context: CallContext = {}): Promise<ResponsesToolSearchOutput> {
    const entries = this.table.entries;
    return executeResponsesToolSearchCall(this, this.deferral?.toolName ?? '', item, (name) => responsesSpecOf(entries, name), context);
  }

  /**
   * With `toolSearch.enabled`: the tools found by search so far (they are in the specs now), in the
   * order found. Empty when tool search is off.
   */
  loadedTools(): string[] {
    return this.deferral?.loaded() ?? [];
  }

  /** With `toolSearch.enabled`: forgets the tools found, so the specs are the first turn's again (a new conversation). */
  resetLoadedTools(): void {
    this.deferral?.reset();
  }

  /**
   * Runs a tool: validates `args` against its inputSchema first (nothing is sent when they are
   * invalid), passes the call through the pipeline's steps ({@link Registry.use}), calls it, and
   * converts the result. Never rejects: an unknown tool (with close
   * matches), invalid arguments (per field), a failed or aborted call all come back as error
   * results with `error.code` set.
   */
  execute(name: string, args: unknown, context: CallContext = {}): Promise<ToolResult> {
    const onConfirm = this.options.onConfirm;
    const ctx = onConfirm && !context.onConfirm ? { ...context, onConfirm } : context;
    if (running) return running.executeTool(this.table, this.options, this.plan, name, args, ctx);
    return this.executeFirst(name, args, ctx);
  }

  // Apart from execute: its closure would otherwise cost every call a context.
  private executeFirst(name: string, args: unknown, context: CallContext): Promise<ToolResult> {
    return loadRunning().then((m) => m.executeTool(this.table, this.options, this.plan, name, args, context));
  }

  /**
   * Whether a call made outside {@link ToolRegistry.execute} (a server handle used directly) has
   * steps to pass: any step but the result budget.
   */
  hasPipelineSteps(): boolean {
    return this.outside().size > 0;
  }

  /**
   * Runs a call made outside {@link ToolRegistry.execute} (the manager's server handles used
   * directly) through the same steps, down to `terminal`, which makes the call. The result budget
   * is left out: it only shapes a model's text, and such a caller gets the whole result.
   */
  runPipeline(call: ToolCall, terminal: NextInterceptor): Promise<ToolResult> {
    const onConfirm = this.options.onConfirm;
    if (onConfirm && !call.context.onConfirm) call = { ...call, context: { ...call.context, onConfirm } };
    return this.outside().run(call, terminal);
  }

  private outsideSteps?: { from: CallPipeline; pipeline: CallPipeline };
  private outside(): CallPipeline {
    return (this.outsideSteps = withoutBudget(this.plan.pipeline, this.outsideSteps)).pipeline;
  }

  /**
   * Runs an OpenAI Chat Completions tool call (or an Ollama / compatible server's: object
   * `arguments`, no `id`) and returns the `role: "tool"` message answering it. Never throws:
   * unparseable arguments, a missing name or an unknown tool become an error message.
   */
  async executeOpenAiToolCall(call: OpenAiToolCall, context: CallContext = {}): Promise<OpenAiToolMessage> {
    const { answerOpenAiToolCall, refusedEarly } = running ?? (await loadRunning());
    return answerOpenAiToolCall(this, call, context, (name, given, result) => refusedEarly(this.table, this.plan, name, given, context, result));
  }

  /** Runs an Anthropic `tool_use` block and returns the `tool_result` block answering it. Never throws. */
  async executeAnthropicToolUse(block: AnthropicToolUse, context: CallContext = {}): Promise<AnthropicToolResult> {
    const name = callName(block?.name);
    const id = callName(block?.id) ?? '';
    if (name === undefined) return toAnthropicToolResult(id, malformedCall('the tool_use block has no name', 'Anthropic'));
    return toAnthropicToolResult(id, await this.execute(name, block.input, context));
  }
}
