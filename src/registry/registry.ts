// The agent's tool namespace: MCP tools per server and native tools under one namespace where a
// collision never overwrites; LLM specs, validated execution through the call pipeline, and the
// provider tool-call helpers. The bookkeeping lives in tool-table.ts, the specs in spec-list.ts,
// running a tool in execute.ts, the provider shapes in tool-calls.ts and search-wire.ts. The
// framework adapters build on this class (src/adapters/registry.ts); it never imports them.
import { Emitter, type McpBridgeError, type Tool } from '../../protocol/index.js';
import type { ToolDef, ToolResult } from '../bridge/types.js';
import { CallPipeline } from '../pipeline/chain.js';
import type { Interceptor, NextInterceptor, ToolCall } from '../pipeline/types.js';
import type { Entry } from './entry.js';
import type * as Execute from './execute.js';
import type { ExecutePlan } from './execute.js';
import { nativeSearchSpecs, specsOf, type LlmSpecs, type LlmSpecTarget, type ResponsesNativeSpec, type ToolSearchSpecOptions } from './spec-list.js';
import {
  executeResponsesToolSearchCall,
  toAnthropicToolSearchResult,
  type AnthropicToolSearchResult,
  type ResponsesToolSearchCall,
  type ResponsesToolSearchOutput,
} from './search-wire.js';
import {
  callName,
  malformedCall,
  parseOpenAiArguments,
  toAnthropicToolResult,
  toOpenAiToolMessage,
  type AnthropicToolResult,
  type AnthropicToolUse,
  type OpenAiToolCall,
  type OpenAiToolMessage,
} from './tool-calls.js';
import { LoadedTools } from './deferred-tools.js';
import type { ResultStore } from './result-store.js';
import { resultBudget, type ResultBudgetSettings } from './result-budget.js';
import type { ToolSearch, ToolSearchOptions, ToolSearchResult } from './tool-search.js';
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
  private search?: Promise<ToolSearch>;
  /** With tool search on: which tools the specs carry (the search tool, the always-loaded, the found). */
  private readonly deferral?: LoadedTools;

  /** The result budget (unless `results: false`); the store of oversized results, kept for `read_result`, is loaded by the first one. */
  private readonly results?: { toolName: string; budgetChars: number; settings: ResultBudgetSettings };
  private store?: Promise<ResultStore>;
  /** The steps between a valid call and its server. */
  private plan: ExecutePlan;

  constructor(private readonly options: RegistryOptions = {}) {
    if (options.results !== false) this.results = { ...resultBudget(options.results ?? {}), settings: options.results ?? {} };
    const store = this.results;
    const steps = [...(options.interceptors ?? []), ...(store ? [this.budgetStep(store)] : [])];
    this.plan = {
      pipeline: new CallPipeline(steps),
      uncut: store !== undefined,
      direct: (name) => name === store?.toolName || name === this.deferral?.toolName,
    };
    if (options.toolSearch?.enabled) {
      const loaded = new LoadedTools(options.toolSearch, this.results ? [this.results.toolName] : []);
      this.deferral = loaded;
      this.table.registerNative(
        loaded.searchTool(
          (query, limit) => this.searchTools(query, { limit }),
          (name) => this.table.entries.get(name),
        ),
      );
    }
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

  /** The result budget as the pipeline's last step: past it, the model gets a head and a handle for `read_result`. */
  private budgetStep(results: NonNullable<ToolRegistry['results']>): Interceptor {
    return {
      name: 'result-budget',
      stage: 'budget',
      // One reaction on the call's promise rather than an async frame: every call passes this step.
      intercept: (call, next) => {
        let sent: Promise<ToolResult>;
        try {
          sent = next(call);
        } catch (error) {
          return Promise.reject(error);
        }
        return sent.then((result) => {
          const budget = this.table.entries.get(call.name)?.textBudget ?? this.options.textBudget ?? results.budgetChars;
          // Nearly every result fits: the store's code is compiled with the first one that does not.
          if (result.text.length <= budget || call.name === results.toolName) return result;
          return (this.store ??= import('./result-store.js').then((m) => new m.ResultStore(results.settings))).then((store) => {
            const kept = store.budget(result, call.name, budget);
            // The reading tool appears with the first result it can read, at the end of the specs.
            if (kept.handle && !this.table.entries.has(store.toolName)) this.table.registerNative(store.readTool());
            return kept;
          });
        });
      },
    };
  }

  /** The entries a model may be offered: every one, less those a pipeline step refuses outright. */
  private visible(): ReadonlyMap<string, Entry> {
    const entries = this.table.entries;
    const pipeline = this.plan.pipeline;
    let hidden: Set<string> | undefined;
    for (const [name, entry] of entries) if (pipeline.hides(entry.def)) (hidden ??= new Set()).add(name);
    if (!hidden) return entries;
    const out = new Map<string, Entry>();
    for (const [name, entry] of entries) if (!hidden.has(name)) out.set(name, entry);
    return out;
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
    return [...this.visible().values()].map((e) => e.def);
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
  async searchTools(query: string, options: ToolSearchOptions = {}): Promise<ToolSearchResult[]> {
    const found = await (await this.toolSearch()).search(query, options);
    const pipeline = this.plan.pipeline;
    return found.filter((f) => {
      const def = this.table.entries.get(f.name)?.def;
      return !def || !pipeline.hides(def);
    });
  }

  // The index (BM25F, terms, synonyms) is loaded by the first search: most registries never search,
  // and its code and tables would otherwise be compiled at every import of the package.
  private toolSearch(): Promise<ToolSearch> {
    this.search ??= import('./tool-search.js').then(({ ToolSearch }) => {
      // Built stale, so the first search indexes whatever changed while the module was loading.
      const search = new ToolSearch(() => this.table.entries, this.options.toolSearch, this.deferral?.toolName);
      this.events.on('changed', () => search.invalidate());
      this.events.on('renamed', () => search.invalidate());
      return search;
    });
    return this.search;
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
    const deferral = this.deferral;
    const entries = this.visible();
    if (deferral && options.toolSearch === 'native' && (provider === 'anthropic' || provider === 'openai-responses'))
      return nativeSearchSpecs(entries, deferral.select(entries, false), this.ownTools(), provider, options) as LlmSpecs<P>;
    return specsOf(deferral ? deferral.select(entries) : entries, provider, options);
  }

  /**
   * The exposed names a model is offered now: with `toolSearch.enabled`, the portable specs' tools
   * (the search tool, the always-loaded, the found); else every tool. For loops that take every tool
   * once and choose per step which the model sees (the AI SDK's `prepareStep` → `activeTools`).
   */
  activeTools(): string[] {
    const entries = this.visible();
    return [...(this.deferral ? this.deferral.select(entries) : entries).keys()];
  }

  /** The search tool's exposed name with `toolSearch.enabled`; undefined when tool search is off. */
  get searchToolName(): string | undefined {
    return this.deferral?.toolName;
  }

  private ownTools(): string[] {
    return this.results ? [this.results.toolName] : [];
  }

  /**
   * Answers an Anthropic `tool_use` of the search tool on the native wire (`toLLMSpecs('anthropic',
   * { toolSearch: 'native' })`): runs the search and returns a `tool_result` of `tool_reference`
   * blocks, one per deferred tool found, which the API expands into their definitions. Never throws.
   */
  async executeAnthropicToolSearch(block: AnthropicToolUse, context: CallContext = {}): Promise<AnthropicToolSearchResult> {
    const result = await this.execute(this.deferral?.toolName ?? '', block?.input ?? {}, context);
    const first = this.deferral?.select(this.table.entries, false);
    // What the native specs mark `defer_loading`: a registered tool that is neither first-turn nor our own.
    const deferred = (name: string) => !!first && this.table.entries.has(name) && !first.has(name) && !this.ownTools().includes(name);
    return toAnthropicToolSearchResult(callName(block?.id) ?? '', result, deferred);
  }

  /**
   * Answers an OpenAI Responses `tool_search_call` item on the native wire (`toLLMSpecs('openai-responses',
   * { toolSearch: 'native' })`) with a `tool_search_output` item carrying the definitions found. Never throws.
   */
  executeResponsesToolSearchCall(item: ResponsesToolSearchCall, context: CallContext = {}): Promise<ResponsesToolSearchOutput> {
    const spec = (name: string) => this.table.entries.get(name) && specsOf(new Map([[name, this.table.entries.get(name)!]]), 'openai-responses', {}).specs[0];
    return executeResponsesToolSearchCall(this, this.deferral?.toolName ?? '', item, spec, context);
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
    const from = this.plan.pipeline;
    if (this.outsideSteps?.from !== from) this.outsideSteps = { from, pipeline: from.without('budget') };
    return this.outsideSteps.pipeline;
  }

  /**
   * Runs an OpenAI Chat Completions tool call (or an Ollama / compatible server's: object
   * `arguments`, no `id`) and returns the `role: "tool"` message answering it. Never throws:
   * unparseable arguments, a missing name or an unknown tool become an error message.
   */
  async executeOpenAiToolCall(call: OpenAiToolCall, context: CallContext = {}): Promise<OpenAiToolMessage> {
    const fn = (call as { function?: { name?: unknown; arguments?: unknown } } | null | undefined)?.function;
    const id = callName((call as { id?: unknown } | null | undefined)?.id);
    const name = callName(fn?.name);
    if (name === undefined) return toOpenAiToolMessage(id, malformedCall('it has no function name', 'OpenAI'));
    const { executeParsed, refusedEarly } = running ?? (await loadRunning());
    return toOpenAiToolMessage(
      id,
      await executeParsed(
        (n, a, c) => this.execute(n, a, c),
        name,
        () => parseOpenAiArguments(name, fn?.arguments),
        context,
        (result) => refusedEarly(this.table, this.plan, name, fn?.arguments, context, result),
      ),
      name,
    );
  }

  /** Runs an Anthropic `tool_use` block and returns the `tool_result` block answering it. Never throws. */
  async executeAnthropicToolUse(block: AnthropicToolUse, context: CallContext = {}): Promise<AnthropicToolResult> {
    const name = callName(block?.name);
    const id = callName(block?.id) ?? '';
    if (name === undefined) return toAnthropicToolResult(id, malformedCall('the tool_use block has no name', 'Anthropic'));
    return toAnthropicToolResult(id, await this.execute(name, block.input, context));
  }
}
