// The agent's tool registry: MCP tools per server and native tools under one namespace where a
// collision never overwrites; LLM specs, validated execution, and provider tool-call helpers.
import { Emitter, type McpBridgeError, type Tool } from '../../protocol/index.js';
import { invalidArgumentsText } from '../bridge/validation-issues.js';
import { toLLMSpec, type AnthropicToolSpec, type LlmSpecByProvider, type LlmSpecConversion, type LlmSpecOptions } from '../bridge/llm-specs.js';
import { toAiSdkTools, type AiSdk6Part, type AiSdk7Part, type AiSdkDynamicTool, type AiSdkToolsOptions } from '../adapters/ai-sdk.js';
import { toAnthropicRunnableTools, type AnthropicRunnableTool, type AnthropicRunnableToolsOptions } from '../adapters/anthropic-runnable.js';
import {
  executeGeminiFunctionCall,
  toGeminiCallableTool,
  toGeminiJsonSchemaDeclaration,
  type GeminiCallableTool,
  type GeminiCallableToolOptions,
  type GeminiFunctionCall,
  type GeminiFunctionResponsePart,
} from '../adapters/gemini.js';
import { toLangChainTools, type LangChainToolsOptions } from '../adapters/langchain.js';
import {
  executeResponsesCall,
  toResponsesTool,
  type ResponsesFunctionCall,
  type ResponsesFunctionCallOutput,
  type ResponsesFunctionTool,
} from '../adapters/openai-responses.js';
import { suggestPrefix } from '../bridge/naming.js';
import { stripStrictNulls, strictNullPaths } from '../bridge/openai-strict.js';
import { convertResult, errorResult } from '../bridge/result.js';
import type { LlmProvider, SchemaNote, ToolDef, ToolResult } from '../bridge/types.js';
import { SchemaCompiler } from '../bridge/validate.js';
import {
  ToolArgumentsError,
  ToolCallError,
  ToolNameCollisionError,
  ToolNotFoundError,
  ToolResultError,
  ToolValidationError,
  TOOL_INPUT_INVALID,
} from '../errors/bridge-errors.js';
import { allowMatcher, compileSchemas, isCallToolResult, mcpEntry, nativeEntry, releaseSchemas, type Entry } from './entry.js';
import { closeMatches } from '../util/did-you-mean.js';
import { placeSiblings, rename, renamedTool, yieldedTo, yielding } from './name-clashes.js';
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
import type {
  AgentTool,
  CallContext,
  NamingProblems,
  RegisterReport,
  RegistryEvents,
  RegistryOptions,
  RenamedTool,
  ReplaceReport,
  ServerToolOptions,
  SkippedTool,
} from './types.js';

/** The spec type per target: the providers' function-calling formats, and the OpenAI Responses API's flat tools. */
export interface LlmSpecByTarget extends LlmSpecByProvider {
  'openai-responses': ResponsesFunctionTool;
}

/** Every format `toLLMSpecs` produces. */
export type LlmSpecTarget = keyof LlmSpecByTarget;

/** LLM specs for every registered tool, plus what each conversion changed. */
export interface LlmSpecs<P extends LlmSpecTarget> {
  specs: LlmSpecByTarget[P][];
  /** Per tool (exposed name), the notes of its conversion; tools converted unchanged are left out. */
  notes: { tool: string; notes: SchemaNote[] }[];
}

/**
 * Tools an agent can call: MCP tools (registered per server by the manager) and native tools,
 * each under a unique exposed name. `list()` order is registration order and stays stable across
 * refreshes. Events: `changed`, `collision`, `problem`.
 */
export class Registry {
  readonly events = new Emitter<RegistryEvents>();
  private entries = new Map<string, Entry>();
  private readonly serverOptions = new Map<string, ServerToolOptions>();
  private readonly compiler = new SchemaCompiler();
  /** Tools dropped by a name collision at the latest registration, per server (`''` for native tools). */
  private readonly dropped = new Map<string, SkippedTool[]>();
  /** Exposed names of a server that is down, and what to tell a caller of one (see withdrawServer). */
  private readonly withdrawn = new Map<string, { server: string; tool: string; why: (tool: string) => McpBridgeError }>();

  constructor(private readonly options: RegistryOptions = {}) {}

  /** Registers a native tool. A taken name is reported (`skipped`, `collision` event), never overwritten. */
  register(tool: AgentTool): RegisterReport {
    const report = emptyReport();
    this.admit(nativeEntry(tool), report);
    if (report.skipped.length > 0) this.dropped.set('', [...(this.dropped.get('') ?? []), ...report.skipped]);
    if (report.added.length > 0) this.events.emit('changed', { added: report.added, removed: [], updated: [] });
    return report;
  }

  /** Removes one tool by exposed name (native or MCP); returns whether it existed. */
  unregister(name: string): boolean {
    const entry = this.entries.get(name);
    if (!entry) return false;
    this.drop(name);
    this.events.emit('changed', { ...(entry.def.server !== undefined ? { server: entry.def.server } : {}), added: [], removed: [name], updated: [] });
    return true;
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
    if (this.serverOptions.has(server)) return this.replaceServerTools(server, tools, options);
    this.serverOptions.set(server, options);
    const report = emptyReport();
    const allow = allowMatcher(options.allow, options.deny);
    for (const entry of this.siblings(server, tools, options, allow, report).values()) this.admit(entry, report);
    report.unmatchedAllow = allow.unmatched();
    this.dropped.set(
      server,
      report.skipped.filter((s) => s.reason === 'collision'),
    );
    this.clearWithdrawn(server);
    if (report.added.length > 0) this.events.emit('changed', { server, added: report.added, removed: [], updated: [] });
    return report;
  }

  /** Removes every tool of `server` and forgets its options; returns the exposed names removed. */
  removeServer(server: string): string[] {
    const removed = this.namesOf(server);
    for (const name of removed) this.drop(name);
    this.serverOptions.delete(server);
    this.dropped.delete(server);
    this.clearWithdrawn(server);
    if (removed.length > 0) this.events.emit('changed', { server, added: [], removed, updated: [] });
    return removed;
  }

  /**
   * Replaces the tools of `server` with a fresh list (after `list_changed` or a restart): tools
   * that are gone are removed, changed ones updated in place (their validators recompiled),
   * unchanged ones kept as they are, new ones appended, so the order the LLM sees stays stable.
   * `options` default to those of the previous registration. Emits one `changed` event.
   */
  replaceServerTools(server: string, tools: readonly Tool[], options?: ServerToolOptions): ReplaceReport {
    const opts = options ?? this.serverOptions.get(server);
    if (!opts) throw new TypeError(`replaceServerTools: server "${server}" was never registered and no options were given`);
    this.serverOptions.set(server, opts);
    const report: ReplaceReport = { ...emptyReport(), removed: [], updated: [], unchanged: [] };
    const allow = allowMatcher(opts.allow, opts.deny);
    const fresh = this.siblings(server, tools, opts, allow, report);
    report.unmatchedAllow = allow.unmatched();
    const next = new Map<string, Entry>();
    for (const [name, current] of this.entries) {
      if (current.def.server !== server) {
        next.set(name, current);
        continue;
      }
      const replacement = fresh.get(name);
      fresh.delete(name);
      if (!replacement) {
        releaseSchemas(current, this.compiler);
        report.removed.push(name);
        continue;
      }
      if (replacement.fingerprint === current.fingerprint) {
        // Same definition: keep the compiled validators and spec cache, but call through the new options.
        current.invoke = replacement.invoke;
        next.set(name, current);
        report.unchanged.push(name);
        continue;
      }
      releaseSchemas(current, this.compiler);
      this.prepare(replacement, report);
      next.set(name, replacement);
      report.updated.push(name);
    }
    this.entries = next;
    for (const entry of fresh.values()) this.admit(entry, report);
    this.dropped.set(
      server,
      report.skipped.filter((s) => s.reason === 'collision'),
    );
    this.clearWithdrawn(server);
    if (report.added.length + report.removed.length + report.updated.length > 0) {
      this.events.emit('changed', { server, added: report.added, removed: report.removed, updated: report.updated });
    }
    return report;
  }

  /** The definition registered under an exposed name. */
  get(name: string): ToolDef | undefined {
    return this.entries.get(name)?.def;
  }

  /** Whether an exposed name is registered. */
  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Every definition, in registration order. */
  list(): ToolDef[] {
    return [...this.entries.values()].map((e) => e.def);
  }

  /** The exposed names of one server's tools, in order. */
  namesOf(server: string): string[] {
    return [...this.entries.values()].filter((e) => e.def.server === server).map((e) => e.def.name);
  }

  /** Reverse lookup: the definition of `server`'s tool `originalName`. */
  findByOrigin(server: string, originalName: string): ToolDef | undefined {
    for (const entry of this.entries.values()) if (entry.def.server === server && entry.def.originalName === originalName) return entry.def;
    return undefined;
  }

  /**
   * Withdraws the tools of a server that went down (crash, restart): they leave `list()` and the
   * specs, but a call to one answers with `why(originalName)` (typically `MCPB_SERVER_UNAVAILABLE`, naming the
   * server's state and when it is retried) instead of "no such tool". Registering the server's
   * tools again, or removing the server, ends the withdrawal. Returns the names withdrawn.
   */
  withdrawServer(server: string, why: (tool: string) => McpBridgeError): string[] {
    const names = this.namesOf(server);
    for (const name of names) {
      this.withdrawn.set(name, { server, tool: this.entries.get(name)!.def.originalName, why });
      this.drop(name);
    }
    if (names.length > 0) this.events.emit('changed', { server, added: [], removed: names, updated: [] });
    return names;
  }

  /**
   * Every tool that is not exposed under its own name: `renamed` (sanitised, shortened, or given a
   * suffix because an exact name took its place) and `dropped` (its name was taken), with who
   * took it. `doctor` lists each as a problem.
   */
  namingProblems(): NamingProblems {
    const renamed: RenamedTool[] = [];
    for (const entry of this.entries.values()) if (entry.nameChanges.length > 0) renamed.push(renamedTool(entry));
    return { renamed, dropped: [...this.dropped.values()].flat() };
  }

  /**
   * Function specs for every tool in the format `provider` accepts, with conversion notes (cached
   * per tool): `openai` (Chat Completions), `openai-responses` (the Responses API's flat tools, same
   * schemas), `anthropic`, `gemini` (OpenAPI-subset `parameters`, or with `jsonSchema: true` the
   * tool's JSON Schema as `parametersJsonSchema`).
   */
  toLLMSpecs<P extends LlmSpecTarget>(provider: P, options: LlmSpecOptions = {}): LlmSpecs<P> {
    if (provider === 'openai-responses') {
      const chat = this.toLLMSpecs('openai', options);
      const deferred = new Set(
        this.list()
          .filter((d) => d.deferred)
          .map((d) => d.name),
      );
      const specs = chat.specs.map((spec) => ({ ...toResponsesTool(spec), ...(deferred.has(spec.function.name) ? { defer_loading: true } : {}) }));
      return { specs, notes: chat.notes } as LlmSpecs<P>;
    }
    if (provider === 'gemini' && options.jsonSchema) {
      const converted = this.list().map((def) => ({ def, ...toGeminiJsonSchemaDeclaration(def) }));
      return {
        specs: converted.map((c) => c.spec),
        notes: converted.filter((c) => c.notes.length > 0).map((c) => ({ tool: c.def.name, notes: c.notes })),
      } as LlmSpecs<P>;
    }
    return this.providerSpecs(provider as LlmProvider, options) as LlmSpecs<P>;
  }

  private providerSpecs<P extends LlmProvider>(provider: P, options: LlmSpecOptions): { specs: LlmSpecByProvider[P][]; notes: LlmSpecs<P>['notes'] } {
    const specs: LlmSpecByProvider[P][] = [];
    const notes: LlmSpecs<P>['notes'] = [];
    const key = `${provider}${options.strict ? ':strict' : ''}`;
    for (const entry of this.entries.values()) {
      let conversion = entry.specs.get(key) as LlmSpecConversion<P> | undefined;
      if (!conversion) entry.specs.set(key, (conversion = toLLMSpec(entry.def, provider, options)));
      const spec = structuredClone(conversion.spec);
      if (entry.def.deferred && provider === 'anthropic') (spec as AnthropicToolSpec).defer_loading = true;
      specs.push(spec);
      if (conversion.notes.length > 0) notes.push({ tool: entry.def.name, notes: conversion.notes.map((n) => ({ ...n })) });
    }
    return { specs, notes };
  }

  /**
   * Runs a tool: validates `args` against its inputSchema first (nothing is sent when they are
   * invalid), calls it, and converts the result. Never rejects: an unknown tool (with close
   * matches), invalid arguments (per field), a failed or aborted call all come back as error
   * results with `error.code` set.
   */
  async execute(name: string, args: unknown, context: CallContext = {}): Promise<ToolResult> {
    const entry = this.entries.get(name);
    const gone = entry ? undefined : this.withdrawn.get(name);
    if (gone) return errorResult(gone.why(gone.tool));
    if (!entry) {
      const error = new ToolNotFoundError(
        name,
        closeMatches(name, this.entries.keys(), (n) => [this.entries.get(n)?.def.originalName ?? n]),
      );
      // The message already carries the suggestions as its hint; saying them twice was issue 11 item 16.
      return errorResult(error, `${error.message}.`);
    }
    const def = entry.def;
    const server = def.server !== undefined ? { server: def.server } : {};
    const input = args === undefined || args === null ? {} : args;
    if (typeof input !== 'object' || Array.isArray(input)) {
      const issue = {
        path: '',
        field: '(root)',
        keyword: 'type',
        message: 'arguments must be an object',
        expected: 'object',
        received: Array.isArray(input) ? 'array' : typeof input,
      };
      return errorResult(new ToolValidationError(TOOL_INPUT_INVALID, name, [issue], server), invalidArgumentsText(name, [issue]));
    }
    // A strict-mode model sends null for optional properties it leaves out; the server must not see
    // those. Where they are is a function of the definition alone, whether or not specs were made.
    entry.strictNullPaths ??= strictNullPaths(def.inputSchema);
    const prepared = stripStrictNulls(input as Record<string, unknown>, entry.strictNullPaths);
    const issues = entry.input?.check(prepared) ?? [];
    if (issues.length > 0) return errorResult(new ToolValidationError(TOOL_INPUT_INVALID, name, issues, server), invalidArgumentsText(name, issues));
    if (context.signal?.aborted) return errorResult(new ToolCallError(name, 'aborted before it was sent', server));
    let raw;
    try {
      raw = await entry.invoke(prepared, context);
    } catch (cause) {
      if (cause instanceof ToolResultError) return errorResult(cause);
      const reason = cause instanceof Error ? cause.message : String(cause);
      const code = (cause as { code?: unknown })?.code;
      return errorResult(new ToolCallError(name, reason, { ...server, ...(typeof code === 'string' ? { causeCode: code } : {}) }, { cause }));
    }
    if (!isCallToolResult(raw)) return errorResult(new ToolResultError(name, 'expected a CallToolResult ({content: [...]})', server));
    return convertResult(raw, {
      textBudget: entry.textBudget ?? this.options.textBudget,
      hasOutputSchema: def.outputSchema !== undefined,
      ...(entry.output ? { checkOutput: entry.output.check } : {}),
      strictOutput: entry.strictOutput ?? this.options.strictOutput ?? false,
    });
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
    return toOpenAiToolMessage(id, await this.executeParsed(name, () => parseOpenAiArguments(name, fn?.arguments), context), name);
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

  /** The tools as one `@google/genai` `CallableTool` for automatic function calling. */
  toGeminiCallableTool(options: GeminiCallableToolOptions = {}): GeminiCallableTool {
    return toGeminiCallableTool(this, { subsetSpecs: () => this.toLLMSpecs('gemini').specs, ...options });
  }

  /** The tools as LangChain StructuredTools, built with the `tool` function you pass (`@langchain/core/tools`). */
  toLangChainTools<T>(options: LangChainToolsOptions<T>): T[] {
    return toLangChainTools(this, options);
  }

  /** The tools as runnable tools for Anthropic's `client.beta.messages.toolRunner()`. */
  toAnthropicRunnableTools(options: AnthropicRunnableToolsOptions = {}): AnthropicRunnableTool[] {
    return toAnthropicRunnableTools(this, this.toLLMSpecs('anthropic').specs, options);
  }

  private async executeParsed(name: string, parse: () => Record<string, unknown>, context: CallContext): Promise<ToolResult> {
    let args: Record<string, unknown>;
    try {
      args = parse();
    } catch (error) {
      if (error instanceof ToolArgumentsError) return errorResult(error);
      throw error;
    }
    return this.execute(name, args, context);
  }

  /**
   * The entries for one server's tool list, keyed by exposed name, in list order. Among siblings
   * an exact name wins over a rewritten one, which takes a suffix; two exact names keep the first.
   */
  private siblings(
    server: string,
    tools: readonly Tool[],
    options: ServerToolOptions,
    allow: ReturnType<typeof allowMatcher>,
    report: RegisterReport,
  ): Map<string, Entry> {
    const listed: Entry[] = [];
    for (const tool of tools) {
      if (!allow.matches(tool.name)) report.skipped.push(notAllowed(server, tool.name));
      else listed.push(mcpEntry(server, tool, options));
    }
    return placeSiblings(listed, (kept, rejected) => this.collide(kept, rejected, options.prefix ?? '', report));
  }

  /**
   * Adds an entry; compiles its schemas. When its name is taken, an exact name displaces a
   * rewritten one (which moves to a suffixed name, in place), a rewritten one takes a suffix
   * itself, and otherwise the first stays and the collision is reported.
   */
  private admit(entry: Entry, report: RegisterReport): void {
    const existing = this.entries.get(entry.def.name);
    if (existing) {
      const clash = yielding(existing, entry, (name) => this.entries.has(name));
      if (!clash) {
        this.collide(existing, entry, this.serverOptions.get(entry.def.server ?? '')?.prefix ?? '', report);
        return;
      }
      const { loser, winner, name } = clash;
      const before = loser.def.name;
      rename(loser, name, yieldedTo(winner, name.slice(before.length)));
      this.events.emit('renamed', renamedTool(loser));
      if (loser === existing) {
        // Keep the list order: the displaced tool stays where it was, under its new name.
        this.entries = new Map([...this.entries].map(([n, e]) => (e === existing ? [name, e] : [n, e])));
        report.renamed.push(renamedTool(loser));
        this.events.emit('changed', {
          ...(existing.def.server !== undefined ? { server: existing.def.server } : {}),
          added: [name],
          removed: [before],
          updated: [],
        });
      }
    }
    this.prepare(entry, report);
    this.entries.set(entry.def.name, entry);
    report.added.push(entry.def.name);
  }

  private prepare(entry: Entry, report: RegisterReport): void {
    for (const problem of compileSchemas(entry, this.compiler, (late) => this.events.emit('problem', late))) {
      report.problems.push(problem);
      this.events.emit('problem', problem);
    }
    if (entry.nameChanges.length > 0) report.renamed.push(renamedTool(entry));
  }

  private collide(kept: Entry, rejected: Entry, prefix: string, report: RegisterReport): void {
    const keptOrigin = { ...(kept.def.server !== undefined ? { server: kept.def.server } : {}), tool: kept.def.originalName };
    const rejectedOrigin = { ...(rejected.def.server !== undefined ? { server: rejected.def.server } : {}), tool: rejected.def.originalName };
    // A prefix only helps when the clash is with someone else; siblings that sanitise alike need an allow-list.
    const suggestion = rejected.def.server !== undefined && rejected.def.server !== kept.def.server ? suggestPrefix(rejected.def.server, prefix) : undefined;
    const error = new ToolNameCollisionError(rejected.def.name, keptOrigin, rejectedOrigin, suggestion);
    report.skipped.push({
      tool: rejected.def.originalName,
      ...(rejected.def.server !== undefined ? { server: rejected.def.server } : {}),
      reason: 'collision',
      message: error.message,
      error,
    });
    this.events.emit('collision', error);
  }

  private clearWithdrawn(server: string): void {
    for (const [name, gone] of this.withdrawn) if (gone.server === server) this.withdrawn.delete(name);
  }

  private drop(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    releaseSchemas(entry, this.compiler);
    this.entries.delete(name);
  }
}

function emptyReport(): RegisterReport {
  return { added: [], skipped: [], problems: [], renamed: [], unmatchedAllow: [] };
}

function notAllowed(server: string, tool: string): RegisterReport['skipped'][number] {
  return { tool, server, reason: 'not-allowed', message: `tool "${tool}" of server "${server}" is not in the server's allow list` };
}
