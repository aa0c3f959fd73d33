// The registry's public shapes: native tools, the per-server caller and options, registration
// reports and events.
import type { CallToolResult, JsonSchema, Progress } from '../../protocol/index.js';
import type { McpBridgeError } from '../../protocol/index.js';
import type { ToolNameCollisionError, ToolSchemaError } from '../errors/bridge-errors.js';
import type { CallContext, Interceptor } from '../pipeline/types.js';
import type { ResultBudgetSettings } from './result-budget.js';
import type { ToolSearchSettings } from './tool-search.js';

export type { CallContext } from '../pipeline/types.js';

/**
 * Calls one tool on its server by its ORIGINAL (unprefixed) name. The manager passes a function
 * bound to the server's client, e.g. `(name, args, ctx) => client.callTool(name, args, ctx)`.
 * It resolves with the server's CallToolResult (`isError` results included) and rejects on
 * protocol errors, timeouts and aborts; the registry turns rejections into error results.
 */
export type ToolCaller = (originalName: string, args: Record<string, unknown>, context: CallContext) => Promise<CallToolResult>;

/** How one server's tools are registered. */
export interface ServerToolOptions {
  /** Put before every tool name (e.g. `fs_`); the result is sanitised. @defaultValue `''` */
  prefix?: string;
  /** Original tool names to expose (`*` matches any run of characters); all tools when absent. */
  allow?: string[];
  /** Original tool names never to expose (`*` as in `allow`); wins over `allow`. */
  deny?: string[];
  /** Defer these tools (all of the server's with `true`, else original names, `*` allowed): specs mark them for deferred loading. */
  defer?: boolean | string[];
  caller: ToolCaller;
  /** Default call timeout for this server's tools. */
  timeoutMs?: number;
  /** LLM text budget per result in characters. @defaultValue the registry's (100_000) */
  textBudget?: number;
  /** Turn structuredContent that fails the outputSchema into an error result. @defaultValue the registry's (false) */
  strictOutput?: boolean;
}

/** What a native handler gets besides the arguments. */
export interface NativeCallContext {
  signal: AbortSignal;
  onProgress?: (progress: Progress) => void;
}

/** A tool implemented in-process, registered beside MCP tools under the same rules. */
export interface AgentTool {
  /** Exposed name (sanitised like any other). */
  name: string;
  description?: string;
  title?: string;
  /** Arguments schema; an object with no parameters when absent. */
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
  /** Returns plain text or a full CallToolResult; throwing produces an error result. */
  handler(args: Record<string, unknown>, context: NativeCallContext): string | CallToolResult | Promise<string | CallToolResult>;
  textBudget?: number;
  strictOutput?: boolean;
}

/** A tool that was not registered, and why. */
export interface SkippedTool {
  /** The tool's original name. */
  tool: string;
  server?: string;
  /** `collision`: its exposed name was taken; `not-allowed`: filtered out by `allow` or `deny`. */
  reason: 'collision' | 'not-allowed' | 'app-only';
  message: string;
  /** The collision, for `reason: 'collision'`. */
  error?: ToolNameCollisionError;
}

/** A tool registered under a name other than `prefix + name` (invalid characters, too long). */
export interface RenamedTool {
  tool: string;
  server?: string;
  exposed: string;
  changes: string[];
}

/** The outcome of a registration. */
export interface RegisterReport {
  /** Exposed names now registered, in order. */
  added: string[];
  skipped: SkippedTool[];
  /** Tools registered whose schema cannot be validated (they run unvalidated). */
  problems: ToolSchemaError[];
  renamed: RenamedTool[];
  /** Allow-list entries that matched no tool (likely typos). */
  unmatchedAllow: string[];
}

/** The outcome of {@link Registry.replaceServerTools}: a diff against the previous list. */
export interface ReplaceReport extends RegisterReport {
  removed: string[];
  /** Tools whose definition changed (kept in place). */
  updated: string[];
  unchanged: string[];
}

/** Payload of the `changed` event: exposed names added, removed and updated. */
export interface RegistryChange {
  /** The server whose tools changed; absent for native tools. */
  server?: string;
  added: string[];
  removed: string[];
  updated: string[];
}

/** Tools not exposed under their own name, from {@link Registry.namingProblems}. */
export interface NamingProblems {
  renamed: RenamedTool[];
  /** Tools not registered because their exposed name was taken (`reason: 'collision'`). */
  dropped: SkippedTool[];
}

/** Events of the registry. */
export interface RegistryEvents {
  /** A tool was moved to a suffixed name because an exact name took its place. */
  renamed: RenamedTool;
  /** The set of tools (or a definition) changed; regenerate LLM specs. */
  changed: RegistryChange;
  /** A tool was refused because its exposed name was taken. */
  collision: ToolNameCollisionError;
  /** A registered tool's schema cannot be validated (it stays registered). */
  problem: McpBridgeError;
}

/** Registry-wide defaults. */
export interface RegistryOptions {
  /** LLM text budget per result in characters. @defaultValue `results.maxResultTokens` × 4 (100,000) */
  textBudget?: number;
  /** Turn structuredContent that fails the outputSchema into an error result. @defaultValue false */
  strictOutput?: boolean;
  /**
   * Tool search ({@link Registry.searchTools}): an optional embedding function for hybrid ranking,
   * and deferred loading (`enabled`: the specs carry a search tool and the always-loaded tools).
   */
  toolSearch?: ToolSearchSettings;
  /**
   * Oversized results: past `maxResultTokens` the model gets a valid head, a handle and a
   * `read_result` tool over the kept result. `false` cuts at `textBudget` and keeps nothing.
   * A per-tool `textBudget` or a registry-wide one, when set, is the budget in characters.
   */
  results?: ResultBudgetSettings | false;
  /**
   * Steps every call passes before it reaches its server (pins, policy, audit, telemetry, your own),
   * ordered by their `stage`. More can be added with {@link Registry.use}.
   */
  interceptors?: readonly Interceptor[];
  /**
   * Asked for every call a policy's `confirm` rule catches when the policy has no `onConfirm` of its
   * own (one given to a call's context wins over this one): `true` runs the call. Without any, such
   * calls are refused.
   */
  onConfirm?: CallContext['onConfirm'];
}
