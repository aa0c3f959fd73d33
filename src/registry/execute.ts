// Running one registered tool: look the name up (a withdrawn server's tool answers why it is gone;
// an unknown name gets close matches), drop the nulls a strict-mode model sends for omitted
// properties, fill the declared defaults of required properties the call left out, validate the arguments (nothing is sent when they are invalid), call, and convert
// the result. Between validation and the server, the call passes the pipeline's steps. Never rejects:
// every failure is an error result with a `code`. An OpenAI tool call's arguments are parsed here
// first, and a call whose arguments do not parse never reaches the pipeline.
import type { CallToolResult, McpBridgeError } from '../../protocol/index.js';
import { stripStrictNulls, strictNullPaths } from '../bridge/openai-strict.js';
import { fillRequiredDefaults, requiredDefaultsPlan } from '../bridge/required-defaults.js';
import { convertResult, errorResult } from '../bridge/result.js';
import type { ToolResult } from '../bridge/types.js';
import { invalidArgumentsText } from '../bridge/validation-issues.js';
import {
  ToolArgumentsError,
  ToolCallError,
  ToolNotFoundError,
  ToolResultError,
  ToolValidationError,
  TOOL_INPUT_INVALID,
  type ValidationIssue,
} from '../errors/bridge-errors.js';
import { closeMatches } from '../util/did-you-mean.js';
import { isCallToolResult, type Entry } from './entry.js';
import type { CallPipeline } from '../pipeline/chain.js';
import type { ToolCall } from '../pipeline/types.js';
import { callName, malformedCall, parseOpenAiArguments, toOpenAiToolMessage, type OpenAiToolCall, type OpenAiToolMessage } from './tool-calls.js';
import type { CallContext, RegistryOptions } from './types.js';

/** A tool of a server that is down, and what to tell its callers (see `Registry.withdrawServer`). */
export interface Withdrawn {
  server: string;
  tool: string;
  why: (tool: string) => McpBridgeError;
}

/** What a call reads from the registry. */
export interface ExecuteTable {
  readonly entries: ReadonlyMap<string, Entry>;
  readonly withdrawn: ReadonlyMap<string, Withdrawn>;
}

/** How a call is run once it is valid: through `pipeline`, and converted without cutting when a later step keeps oversized results. */
export interface ExecutePlan {
  pipeline: CallPipeline;
  /** The pipeline's budget step keeps oversized results itself: convert without cutting. */
  uncut: boolean;
  /** Tools that go straight to their handler (the registry's own: search, read_result). */
  direct?: (name: string) => boolean;
}

/** Runs the tool exposed as `name`; see `Registry.execute`. */
export function executeTool(
  table: ExecuteTable,
  options: RegistryOptions,
  plan: ExecutePlan,
  name: string,
  args: unknown,
  context: CallContext,
): Promise<ToolResult> {
  // Not async: an async function returning the pipeline's promise would wait two more turns of the
  // microtask queue for it to settle, and make one more promise, on every call.
  try {
    return Promise.resolve(runTool(table, options, plan, name, args, context));
  } catch (error) {
    return Promise.reject(error);
  }
}

function runTool(
  table: ExecuteTable,
  options: RegistryOptions,
  plan: ExecutePlan,
  name: string,
  args: unknown,
  context: CallContext,
): ToolResult | Promise<ToolResult> {
  const entries = table.entries;
  const entry = entries.get(name);
  const gone = entry ? undefined : table.withdrawn.get(name);
  if (gone) return refusedEarly(table, plan, name, args, context, errorResult(gone.why(gone.tool)));
  if (!entry) {
    const error = new ToolNotFoundError(
      name,
      closeMatches(name, entries.keys(), (n) => [entries.get(n)?.def.originalName ?? n]),
    );
    // The message already carries the suggestions as its hint; saying them twice was issue 11 item 16.
    return refusedEarly(table, plan, name, args, context, errorResult(error, `${error.message}.`));
  }
  const def = entry.def;
  const server = serverContext(def.server);
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
    return refusedEarly(table, plan, name, input, context, invalidArguments(name, [issue], server));
  }
  // A strict-mode model sends null for optional properties it leaves out; the server must not see
  // those. Where they are is a function of the definition alone, whether or not specs were made.
  entry.strictNullPaths ??= strictNullPaths(def.inputSchema);
  // null caches "no plan" (the common case): `??=` would work it out again on every call.
  if (entry.requiredDefaults === undefined) entry.requiredDefaults = requiredDefaultsPlan(def.inputSchema) ?? null;
  const prepared = fillRequiredDefaults(stripStrictNulls(input as Record<string, unknown>, entry.strictNullPaths), entry.requiredDefaults ?? undefined);
  const issues = entry.input?.check(prepared) ?? [];
  if (issues.length > 0) return refusedEarly(table, plan, name, input, context, invalidArguments(name, issues, server));
  if (context.signal?.aborted)
    return refusedEarly(table, plan, name, input, context, errorResult(new ToolCallError(name, 'aborted before it was sent', server)));
  const terminal = (call: ToolCall) => invokeAndConvert(entry, call, options, plan.uncut);
  const call: ToolCall = {
    name,
    ...server,
    tool: def.originalName,
    definition: def,
    arguments: prepared,
    context,
    entry: context.entry ?? 'registry',
    startedAt: performance.now(),
  };
  return plan.direct?.(name) ? terminal(call) : plan.pipeline.run(call, terminal);
}

/**
 * The context naming an MCP tool's server, in its errors and in the pipeline's view of its call;
 * empty for a native tool. Built once per call, and again only on a failure's path.
 */
function serverContext(server: string | undefined): { server?: string } {
  return server !== undefined ? { server } : {};
}

/** The error result for arguments that do not match the tool's input schema. */
function invalidArguments(name: string, issues: ValidationIssue[], server: { server?: string }): ToolResult {
  return errorResult(new ToolValidationError(TOOL_INPUT_INVALID, name, issues, server), invalidArgumentsText(name, issues));
}

/**
 * Tells the pipeline's steps of a call to `name` refused before they ran (the audit log records it)
 * and gives back `result`. The registry's own tools, which skip the pipeline, are not told of.
 */
export function refusedEarly(table: ExecuteTable, plan: ExecutePlan, name: string, given: unknown, context: CallContext, result: ToolResult): ToolResult {
  const pipeline = plan.pipeline;
  if (!pipeline.watchesRefusals || plan.direct?.(name)) return result;
  const def = table.entries.get(name)?.def;
  const gone = def ? undefined : table.withdrawn.get(name);
  pipeline.refusedEarly(
    {
      name,
      ...serverContext(def?.server ?? gone?.server),
      tool: def?.originalName ?? gone?.tool ?? name,
      ...(def ? { definition: def } : {}),
      arguments: given,
      entry: context.entry ?? 'registry',
      startedAt: performance.now(),
    },
    result,
  );
  return result;
}

/** The pipeline's last step: the call to the server (or native handler), its result converted. */
function invokeAndConvert(entry: Entry, call: ToolCall, options: RegistryOptions, uncut: boolean): Promise<ToolResult> {
  // One reaction on the server's answer, not an async frame: every call through the registry ends here.
  let sent: Promise<CallToolResult>;
  try {
    // A caller given to the registry may hand back a plain value or a thenable: as `await` did, take any.
    sent = Promise.resolve(entry.invoke(call.arguments, call.context));
  } catch (cause) {
    return Promise.resolve(callFailed(entry, call.name, cause));
  }
  return sent.then(
    (raw) => converted(entry, call.name, raw, options, uncut),
    (cause: unknown) => callFailed(entry, call.name, cause),
  );
}

function callFailed(entry: Entry, name: string, cause: unknown): ToolResult {
  if (cause instanceof ToolResultError) return errorResult(cause);
  const server = serverContext(entry.def.server);
  const reason = cause instanceof Error ? cause.message : String(cause);
  const code = (cause as { code?: unknown })?.code;
  return errorResult(new ToolCallError(name, reason, { ...server, ...(typeof code === 'string' ? { causeCode: code } : {}) }, { cause }));
}

function converted(entry: Entry, name: string, raw: unknown, options: RegistryOptions, uncut: boolean): ToolResult {
  const def = entry.def;
  if (!isCallToolResult(raw)) return errorResult(new ToolResultError(name, 'expected a CallToolResult ({content: [...]})', serverContext(def.server)));
  return convertResult(raw, {
    textBudget: uncut ? Number.POSITIVE_INFINITY : (entry.textBudget ?? options.textBudget),
    hasOutputSchema: def.outputSchema !== undefined,
    ...(entry.output ? { checkOutput: entry.output.check } : {}),
    strictOutput: entry.strictOutput ?? options.strictOutput ?? false,
  });
}

/** What running a provider's tool call needs of the registry (structural). */
export interface ToolCallRunner {
  execute(name: string, args: unknown, context: CallContext): Promise<ToolResult>;
}

/**
 * Runs an OpenAI tool call through `runner` and answers it; see `Registry.executeOpenAiToolCall`.
 * Arguments that do not parse become an error result, of which `refused` is told (the call never
 * reached `execute`, nor the pipeline's steps).
 */
export async function answerOpenAiToolCall(
  runner: ToolCallRunner,
  call: OpenAiToolCall,
  context: CallContext,
  refused: (name: string, given: unknown, result: ToolResult) => void,
): Promise<OpenAiToolMessage> {
  const fn = (call as { function?: { name?: unknown; arguments?: unknown } } | null | undefined)?.function;
  const id = callName((call as { id?: unknown } | null | undefined)?.id);
  const name = callName(fn?.name);
  if (name === undefined) return toOpenAiToolMessage(id, malformedCall('it has no function name', 'OpenAI'));
  let args: Record<string, unknown>;
  try {
    args = parseOpenAiArguments(name, fn?.arguments);
  } catch (error) {
    if (!(error instanceof ToolArgumentsError)) throw error;
    const result = errorResult(error);
    refused(name, fn?.arguments, result);
    return toOpenAiToolMessage(id, result, name);
  }
  return toOpenAiToolMessage(id, await runner.execute(name, args, context), name);
}
