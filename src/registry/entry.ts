// One registry entry: a ToolDef, how to invoke it, its compiled schemas and its spec cache; plus
// building entries from MCP tools and native tools.
import type { DefaultPlan } from '../bridge/required-defaults.js';
import type { CallToolResult, Tool } from '../../protocol/index.js';
import { toolDefFromMcp, toolDefFromNative } from '../bridge/tool-def.js';
import type { LlmSpecConversion } from '../bridge/llm-specs.js';
import type { LlmProvider, ToolDef } from '../bridge/types.js';
import type { CompiledSchema, SchemaCompiler } from '../bridge/validate.js';
import { ToolResultError, ToolSchemaError } from '../errors/bridge-errors.js';
import { globPattern } from '../util/glob.js';
import type { AgentTool, CallContext, ServerToolOptions } from './types.js';

/** A registered tool. */
export interface Entry {
  def: ToolDef;
  /** Calls the tool by its original name; resolves with its raw result. */
  invoke(args: Record<string, unknown>, context: CallContext): Promise<CallToolResult>;
  input?: CompiledSchema;
  output?: CompiledSchema;
  textBudget?: number;
  strictOutput?: boolean;
  timeoutMs?: number;
  /** Identity of the definition, to tell an updated tool from an unchanged one. */
  fingerprint: string;
  specs: Map<string, LlmSpecConversion<LlmProvider>>;
  nameChanges: string[];
  /** Where `null` means "absent" in a strict model's arguments; computed from `def` on the first call. */
  strictNullPaths?: string[][];
  /** Defaults of required properties to fill before validation; null once known to be none (computed on the first call). */
  requiredDefaults?: DefaultPlan | null;
}

/**
 * Checks the entry's schemas now and compiles them on first use; returns the problems found now
 * (the entry stays usable without validation). A schema that fails only at its late compile is
 * passed to `onLateProblem`.
 */
export function compileSchemas(entry: Entry, compiler: SchemaCompiler, onLateProblem: (problem: ToolSchemaError) => void = () => {}): ToolSchemaError[] {
  const problems: ToolSchemaError[] = [];
  const origin = { server: entry.def.server, tool: entry.def.originalName };
  const late = (which: 'inputSchema' | 'outputSchema') => (reason: string, cause: unknown) =>
    onLateProblem(new ToolSchemaError(origin, which, reason, { cause }));
  const input = compiler.prepare(entry.def.inputSchema, late('inputSchema'));
  if (input.ok) entry.input = input.schema;
  else problems.push(new ToolSchemaError(origin, 'inputSchema', input.reason, { cause: input.cause }));
  if (entry.def.outputSchema) {
    const output = compiler.prepare(entry.def.outputSchema, late('outputSchema'));
    if (output.ok) entry.output = output.schema;
    else problems.push(new ToolSchemaError(origin, 'outputSchema', output.reason, { cause: output.cause }));
  }
  return problems;
}

/** Lets go of the entry's compiled schemas. */
export function releaseSchemas(entry: Entry, compiler: SchemaCompiler): void {
  if (entry.input) compiler.release(entry.input);
  if (entry.output) compiler.release(entry.output);
}

/** Entry for an MCP tool of `server`, called through `options.caller`. */
export function mcpEntry(server: string, tool: Tool, options: ServerToolOptions): Entry {
  const { nameChanges, ...def } = toolDefFromMcp(server, tool, options.prefix ?? '');
  if (options.defer === true || (Array.isArray(options.defer) && allowMatcher(options.defer).matches(tool.name))) def.deferred = true;
  const entry: Entry = {
    def,
    invoke: invokerOf(tool.name, options),
    fingerprint: fingerprint({ ...tool, prefix: options.prefix ?? '' }),
    specs: new Map(),
    nameChanges,
  };
  if (options.textBudget !== undefined) entry.textBudget = options.textBudget;
  if (options.strictOutput !== undefined) entry.strictOutput = options.strictOutput;
  if (options.timeoutMs !== undefined) entry.timeoutMs = options.timeoutMs;
  return entry;
}

/**
 * Calls the server's caller with the call's own context object. Only a server timeout that the
 * context does not override needs a copy of it, and only for that call.
 */
function invokerOf(name: string, options: ServerToolOptions): Entry['invoke'] {
  const { caller, timeoutMs } = options;
  if (timeoutMs === undefined) return (args, context) => caller(name, args, context);
  return (args, context) => caller(name, args, context.timeoutMs === undefined ? { ...context, timeoutMs } : context);
}

/** Entry for a native tool; its handler's string or CallToolResult becomes the raw result. */
export function nativeEntry(tool: AgentTool): Entry {
  const { nameChanges, ...def } = toolDefFromNative(tool);
  const entry: Entry = {
    def,
    invoke: async (args, context) => {
      const controller = context.signal ? undefined : new AbortController();
      const value = await tool.handler(args, {
        signal: context.signal ?? controller!.signal,
        ...(context.onProgress ? { onProgress: context.onProgress } : {}),
      });
      if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
      if (isCallToolResult(value)) return value;
      throw new ToolResultError(tool.name, `expected a string or a CallToolResult ({content: [...]}), got ${value === null ? 'null' : typeof value}`);
    },
    fingerprint: fingerprint({
      name: tool.name,
      description: tool.description,
      title: tool.title,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
    }),
    specs: new Map(),
    nameChanges,
  };
  if (tool.textBudget !== undefined) entry.textBudget = tool.textBudget;
  if (tool.strictOutput !== undefined) entry.strictOutput = tool.strictOutput;
  return entry;
}

/** True for a value shaped like a CallToolResult (a `content` array). */
export function isCallToolResult(value: unknown): value is CallToolResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as { content?: unknown }).content);
}

function fingerprint(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(Math.random());
  }
}

/** Compiles `allow` patterns (`*` = any run of characters) into a matcher, and reports unused ones. */
export function allowMatcher(allow: readonly string[] | undefined, deny: readonly string[] = []): { matches(name: string): boolean; unmatched(): string[] } {
  const denied = deny.map(globPattern);
  const isDenied = (name: string) => denied.some((re) => re.test(name));
  if (!allow) return { matches: (name) => !isDenied(name), unmatched: () => [] };
  const used = new Set<string>();
  const patterns = allow.map((p) => ({ p, re: globPattern(p) }));
  return {
    matches: (name) => {
      let hit = false;
      for (const { p, re } of patterns)
        if (re.test(name)) {
          used.add(p);
          hit = true;
        }
      return hit && !isDenied(name);
    },
    unmatched: () => allow.filter((p) => !used.has(p)),
  };
}
