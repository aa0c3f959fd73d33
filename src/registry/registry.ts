// The agent's tool registry: MCP tools per server and native tools under one namespace where a
// collision never overwrites; LLM specs, validated execution, and provider tool-call helpers. The
// class is the public face: the bookkeeping lives in tool-table.ts, the specs in spec-list.ts,
// running a tool in execute.ts, and the provider shapes in tool-calls.ts and the adapters.
import { Emitter, type McpBridgeError, type Tool } from '../../protocol/index.js';
import { toAiSdkTools, type AiSdk6Part, type AiSdk7Part, type AiSdkDynamicTool, type AiSdkToolsOptions } from '../adapters/ai-sdk.js';
import { toAnthropicRunnableTools, type AnthropicRunnableTool, type AnthropicRunnableToolsOptions } from '../adapters/anthropic-runnable.js';
import {
  executeGeminiFunctionCall,
  toGeminiCallableTool,
  type GeminiCallableTool,
  type GeminiCallableToolOptions,
  type GeminiFunctionCall,
  type GeminiFunctionResponsePart,
} from '../adapters/gemini.js';
import { toLangChainTools, type LangChainToolsOptions } from '../adapters/langchain.js';
import { toAgentsToolSearch, type AgentsToolSearchOptions } from '../adapters/openai-agents.js';
import { executeResponsesCall, type ResponsesFunctionCall, type ResponsesFunctionCallOutput } from '../adapters/openai-responses.js';
import type { ToolDef, ToolResult } from '../bridge/types.js';
import { executeParsed, executeTool } from './execute.js';
import { nativeSearchSpecs, specsOf, type LlmSpecs, type LlmSpecTarget, type ResponsesNativeSpec, type ToolSearchSpecOptions } from './spec-list.js';
import {
  executeResponsesToolSearchCall,
  toAnthropicToolSearchResult,
  type AnthropicToolSearchResult,
  type ResponsesToolSearchCall,
  type ResponsesToolSearchOutput,
} from '../adapters/tool-search-native.js';
import type { AnthropicToolSpec } from '../bridge/llm-specs.js';
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
import { ResultStore } from './result-store.js';
import { ToolSearch, type ToolSearchOptions, type ToolSearchResult } from './tool-search.js';
import { ToolTable } from './tool-table.js';
import type { AgentTool, CallContext, NamingProblems, RegisterReport, RegistryEvents, RegistryOptions, ReplaceReport, ServerToolOptions } from './types.js';

export type { LlmSpecByTarget, LlmSpecs, LlmSpecTarget, ResponsesNativeSpec, ToolSearchSpecOptions } from './spec-list.js';

/**
 * Tools an agent can call: MCP tools (registered per server by the manager) and native tools,
 * each under a unique exposed name. `list()` order is registration order and stays stable across
 * refreshes. Events: `changed`, `collision`, `problem`.
 */
export class Registry {
  readonly events = new Emitter<RegistryEvents>();
  private readonly table = new ToolTable(this.events);
  private search?: ToolSearch;
  /** With tool search on: which tools the specs carry (the search tool, the always-loaded, the found). */
  private readonly deferral?: LoadedTools;

  /** Oversized results, kept for `read_result` (unless `results: false`). */
  private readonly results?: ResultStore;

  constructor(private readonly options: RegistryOptions = {}) {
    if (options.results !== false) this.results = new ResultStore(options.results);
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

  /** Every definition, in registration order. */
  list(): ToolDef[] {
    return [...this.table.entries.values()].map((e) => e.def);
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
    return this.toolSearch().search(query, options);
  }

  private toolSearch(): ToolSearch {
    if (!this.search) {
      const search = new ToolSearch(() => this.table.entries, this.options.toolSearch, this.deferral?.toolName);
      this.events.on('changed', () => search.invalidate());
      this.events.on('renamed', () => search.invalidate());
      this.search = search;
    }
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
    if (deferral && options.toolSearch === 'native' && (provider === 'anthropic' || provider === 'openai-responses'))
      return nativeSearchSpecs(this.table.entries, deferral.select(this.table.entries, false), this.ownTools(), provider, options) as LlmSpecs<P>;
    return specsOf(deferral ? deferral.select(this.table.entries) : this.table.entries, provider, options);
  }

  /**
   * The exposed names a model is offered now: with `toolSearch.enabled`, the portable specs' tools
   * (the search tool, the always-loaded, the found); else every tool. For loops that take every tool
   * once and choose per step which the model sees (the AI SDK's `prepareStep` → `activeTools`).
   */
  activeTools(): string[] {
    return [...(this.deferral ? this.deferral.select(this.table.entries) : this.table.entries).keys()];
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
   * invalid), calls it, and converts the result. Never rejects: an unknown tool (with close
   * matches), invalid arguments (per field), a failed or aborted call all come back as error
   * results with `error.code` set.
   */
  async execute(name: string, args: unknown, context: CallContext = {}): Promise<ToolResult> {
    const store = this.results;
    if (!store) return executeTool(this.table, this.options, name, args, context);
    const result = await executeTool(this.table, this.options, name, args, context, true);
    const entry = this.table.entries.get(name);
    const kept = store.budget(result, name, entry?.textBudget ?? this.options.textBudget ?? store.budgetChars);
    // The reading tool appears with the first result it can read, at the end of the specs.
    if (kept.handle && !this.table.entries.has(store.toolName)) this.table.registerNative(store.readTool());
    return kept;
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
    return toOpenAiToolMessage(
      id,
      await executeParsed(
        (n, a, c) => this.execute(n, a, c),
        name,
        () => parseOpenAiArguments(name, fn?.arguments),
        context,
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

  /** Runs an OpenAI Responses `function_call` item and returns the `function_call_output` item answering it. Never throws. */
  executeResponsesCall(item: ResponsesFunctionCall, context: CallContext = {}): Promise<ResponsesFunctionCallOutput> {
    return executeResponsesCall(this, item, context);
  }

  /** Runs a Gemini `functionCall` and returns the `functionResponse` part answering it. Never throws. */
  executeGeminiFunctionCall(call: GeminiFunctionCall, context: CallContext = {}): Promise<GeminiFunctionResponsePart> {
    return executeGeminiFunctionCall(this, call, context);
  }

  /** The tools as Vercel AI SDK `dynamic` tools (ai 6 and 7; Mastra takes them too). See {@link toAiSdkTools}. */
  toAiSdkTools(options?: AiSdkToolsOptions & { sdk?: 6 }): Record<string, AiSdkDynamicTool<AiSdk6Part>>;
  toAiSdkTools(options: AiSdkToolsOptions & { sdk: 7 }): Record<string, AiSdkDynamicTool<AiSdk7Part>>;
  toAiSdkTools(options: AiSdkToolsOptions = {}): Record<string, AiSdkDynamicTool<AiSdk6Part | AiSdk7Part>> {
    return toAiSdkTools(this, options as AiSdkToolsOptions & { sdk: 7 });
  }

  /**
   * The tools as one `@google/genai` `CallableTool` for automatic function calling. With
   * `toolSearch.enabled` it declares the {@link Registry.activeTools} of the moment (read on every turn).
   */
  toGeminiCallableTool(options: GeminiCallableToolOptions = {}): GeminiCallableTool {
    const active = this.deferral ? { tools: (def: ToolDef) => this.activeTools().includes(def.name) } : {};
    return toGeminiCallableTool(this, { subsetSpecs: () => this.toLLMSpecs('gemini').specs, ...active, ...options });
  }

  /** The tools as LangChain StructuredTools, built with the `tool` function you pass (`@langchain/core/tools`). */
  toLangChainTools<T>(options: LangChainToolsOptions<T>): T[] {
    return toLangChainTools(this, options);
  }

  /**
   * Tool search for the OpenAI Agents SDK: a client-executed `tool_search` hosted tool whose executor
   * runs this registry's search and returns the found tools (built with the `tool` you pass). Needs
   * `toolSearch.enabled`. See {@link toAgentsToolSearch}.
   */
  toAgentsToolSearch<T, H>(options: AgentsToolSearchOptions<T, H>): H {
    return toAgentsToolSearch(this, options);
  }

  /** The tools as runnable tools for Anthropic's `client.beta.messages.toolRunner()`. */
  toAnthropicRunnableTools(options: AnthropicRunnableToolsOptions & { toolSearch?: 'portable' | 'native' } = {}): AnthropicRunnableTool[] {
    const native = options.toolSearch === 'native' && this.deferral !== undefined;
    const specs: AnthropicToolSpec[] = native ? this.toLLMSpecs('anthropic', { toolSearch: 'native' }).specs : this.toLLMSpecs('anthropic').specs;
    const search = native ? this.deferral?.toolName : undefined;
    return toAnthropicRunnableTools(this, specs, {
      ...options,
      ...(search
        ? {
            answer: {
              [search]: async (args, call) => (await this.executeAnthropicToolSearch({ type: 'tool_use', id: '', name: search, input: args }, call)).content,
            },
          }
        : {}),
    });
  }
}
