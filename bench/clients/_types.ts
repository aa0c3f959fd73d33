// The one interface every benchmarked client implements. Adding a client = one file in bench/clients/
// (not starting with `_`) whose default export is a BenchClient.

/** Where the bench server is: a stdio command, or a Streamable HTTP endpoint. */
export type ServerSpec = { kind: 'stdio'; command: string; args: string[]; env?: Record<string, string> } | { kind: 'http'; url: string };

/** Per-call options. */
export interface CallOptions {
  /** Give up after this long; adapters pass it to their client's own timeout. */
  timeoutMs?: number;
}

/** One live connection to a server (after the initialize handshake). */
export interface BenchConnection {
  /** tools/list; resolves to the number of tools. */
  listTools(): Promise<number>;
  /** tools/call; resolves to the result's first text block (the bench checks its length or value). */
  call(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<string>;
  /** Ends the session and, for stdio, the server process. */
  close(): Promise<void>;
}

/** A client under test. */
export interface BenchClient {
  /** Short name used in tables and JSON, e.g. `mcp-bridge`, `sdk`, `raw`. */
  readonly name: string;
  /**
   * The modules a user imports to use this client over stdio (W1 import time): absolute file URLs,
   * or specifiers the adapter resolves itself. Imported in a fresh `node` process.
   */
  importModules(): string[];
  /**
   * Optional: the modules of the client's whole package entry, when that differs from what a user
   * who only connects imports (W1 reports both).
   */
  fullImportModules?(): string[];
  /**
   * Optional: the steps (results keys, e.g. `w3.par.stdio`) this client runs; without it, every step.
   * A client that is one transport's variant of another (raw-unbatched, raw-node-http) runs only the
   * workloads where the variant matters, and shows `–` elsewhere.
   */
  covers?(stepKey: string): boolean;
  /** Undefined when usable here, else why not (e.g. `dist/src/index.js not built`). */
  unavailable(): Promise<string | undefined>;
  /** Spawns or reaches the server and completes the handshake. */
  connect(server: ServerSpec): Promise<BenchConnection>;
  /**
   * Optional (W7): starts `count` copies of a stdio server the way this client's users run many
   * servers (e.g. its manager). Without it, W7 runs `connect()` `count` times in parallel.
   */
  fleet?(server: Extract<ServerSpec, { kind: 'stdio' }>, count: number): Promise<BenchFleet>;
  /** Optional (W7): what `fleet()` needs before the clock starts (its module, its parsed config). */
  prepareFleet?(server: Extract<ServerSpec, { kind: 'stdio' }>, count: number): Promise<void>;
  /**
   * Optional (W9): starts one server and readies its tools for an agent the way this client's users
   * do (e.g. a manager filling a tool registry). Without it, W9 runs connect() and tools/list.
   * `agent` is the client's tool registry, when it has one (W9's spec and per-call figures).
   */
  manyTools?(server: Extract<ServerSpec, { kind: 'stdio' }>): Promise<{ how: string; tools: number; agent?: BenchAgentTools; close(): Promise<void> }>;
  /** Optional (W11): a registry with and one without the pipeline's governance steps; clients without a registry show n/a. */
  governed?(server: Extract<ServerSpec, { kind: 'stdio' }>): Promise<BenchGoverned>;
}

/**
 * W11: two registries over two copies of a stdio server, one with no pipeline step and one with the
 * governance a config turns on (pins, policy and audit, as far as the build has them), for the pipeline's overhead.
 */
export interface BenchGoverned {
  /** What `on` carries, for the notes. */
  readonly how: string;
  /** An agent's call through the registry with no step; resolves to the result's text. */
  off(args: Record<string, unknown>): Promise<string>;
  /** The same through the governed registry. */
  on(args: Record<string, unknown>): Promise<string>;
  /** Waits for what the steps do after a call (the audit file's writes). */
  settle(): Promise<void>;
  /** Nanoseconds an empty pipeline adds to one call over the bare terminal step, timed in-process. */
  emptyPipelineExtraNs(): number;
  close(): Promise<void>;
}

/** The LLM function-calling formats W9 times. */
export const SPEC_TARGETS = ['openai', 'openai-responses', 'anthropic', 'gemini'] as const;
export type SpecTarget = (typeof SPEC_TARGETS)[number];

/** W9: what a client with a tool registry offers an agent, over the tools a started server listed. */
export interface BenchAgentTools {
  /** The tools the server listed (original names and input schemas). */
  readonly tools: readonly { name: string; inputSchema: Record<string, unknown> }[];
  /**
   * A new registry holding those tools, whose calls are answered in-process (no server), so a call
   * costs only the registry's lookup, validation and result conversion. Built outside any clock.
   */
  fresh(): BenchRegistry;
}

/** One registry of W9. */
export interface BenchRegistry {
  /** The specs of every tool in `target`'s format; resolves to their number. */
  specs(target: SpecTarget): number;
  /** The exposed name of the tool listed as `original`. */
  exposedName(original: string): string;
  /** Runs a tool the way an agent does (lookup, argument validation, call, conversion); whether the result is an error. */
  execute(name: string, args: Record<string, unknown>): Promise<{ isError: boolean }>;
  /** Tool search, where the client has one: the best 5 tools for a task; resolves to how many came back. */
  search?(query: string): Promise<number>;
}

/** Many started servers, callable one by one, closed together. */
export interface BenchFleet {
  /** How the fleet was started, e.g. `manager` or `connect x10`. */
  readonly how: string;
  /** Each server's tool count (tools/list done during start, as the manager does). */
  readonly toolCounts: number[];
  call(index: number, name: string, args: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** First text block of an MCP CallToolResult-shaped value, or throws saying what was received. */
export function firstText(result: unknown): string {
  const content = (result as { content?: unknown } | null)?.content;
  const first = Array.isArray(content) ? (content[0] as { type?: unknown; text?: unknown } | undefined) : undefined;
  if (first && first.type === 'text' && typeof first.text === 'string') return first.text;
  if ((result as { isError?: unknown } | null)?.isError) throw new Error(`tool returned isError: ${JSON.stringify(result).slice(0, 200)}`);
  throw new Error(`unexpected tool result shape: ${JSON.stringify(result).slice(0, 200)}`);
}
