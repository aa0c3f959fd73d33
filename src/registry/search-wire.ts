// Tool search over the providers' own deferral wires, our search run client-side. Anthropic: every
// tool is listed, the deferred ones with `defer_loading: true`, and the search tool answers with
// `tool_reference` blocks the API expands into those definitions. OpenAI Responses: a `tool_search`
// tool with `execution: "client"`, answered by a `tool_search_output` item carrying the definitions
// found. Either way the request's `tools` never change during a conversation, so the cached prompt
// prefix holds, and a found tool costs context only once it is found.
import type { JsonSchema } from '../../protocol/index.js';
import type { ToolResult } from '../bridge/types.js';
import type { CallContext } from './types.js';
import { callName } from './tool-calls.js';
import type { ResponsesFunctionTool } from '../bridge/responses-spec.js';

/** A reference to a deferred tool inside an Anthropic `tool_result`: the API loads its definition. */
export interface AnthropicToolReference {
  type: 'tool_reference';
  tool_name: string;
}

/** The `tool_result` answering a client-side tool search on Anthropic. */
export interface AnthropicToolSearchResult {
  type: 'tool_result';
  tool_use_id: string;
  /** One reference per deferred tool found; text when none was found (or only tools already loaded). */
  content: AnthropicToolReference[] | string;
  is_error: boolean;
}

/** The Responses API's client-executed tool search tool (`tools: [{ type: 'tool_search', execution: 'client', ... }]`). */
export interface ResponsesToolSearchTool {
  type: 'tool_search';
  execution: 'client';
  description: string;
  parameters: JsonSchema;
}

/** A `tool_search_call` output item (client execution): the model's search. */
export interface ResponsesToolSearchCall {
  type: 'tool_search_call';
  call_id: string | null;
  /** The arguments of our search tool's parameters (`{ query, limit }`); a JSON string is accepted too. */
  arguments: unknown;
  execution?: 'server' | 'client';
  id?: string;
  status?: string;
}

/** The input item answering a `tool_search_call`: the definitions found, loaded from the next turn on. */
export interface ResponsesToolSearchOutput {
  type: 'tool_search_output';
  call_id: string | null;
  execution: 'client';
  status: 'completed';
  tools: ResponsesFunctionTool[];
}

/** What the native wires need of the registry (structural). */
export interface NativeToolSearchRunner {
  /** Runs the search tool (which also records what was found). */
  execute(name: string, args: unknown, context?: CallContext): Promise<ToolResult>;
}

/** Names of the tools a search result found (the search tool's `structuredContent`). */
export function foundNames(result: ToolResult): string[] {
  const tools = (result.structured as { tools?: { name?: unknown }[] } | undefined)?.tools;
  return Array.isArray(tools) ? tools.map((t) => t?.name).filter((n): n is string => typeof n === 'string') : [];
}

/**
 * The Anthropic answer to a search: a `tool_reference` block per found tool that is deferred in the
 * request (`isDeferred`); a tool the request loads already needs no reference, so it is named in text
 * when nothing else was found.
 */
export function toAnthropicToolSearchResult(toolUseId: string, result: ToolResult, isDeferred: (name: string) => boolean): AnthropicToolSearchResult {
  if (result.isError) return { type: 'tool_result', tool_use_id: toolUseId, content: result.text, is_error: true };
  const found = foundNames(result);
  const references = found.filter(isDeferred).map((name): AnthropicToolReference => ({ type: 'tool_reference', tool_name: name }));
  if (references.length > 0) return { type: 'tool_result', tool_use_id: toolUseId, content: references, is_error: false };
  const text = found.length > 0 ? `Already available, call them directly: ${found.join(', ')}.` : result.text;
  return { type: 'tool_result', tool_use_id: toolUseId, content: text, is_error: false };
}

/** The search arguments of a `tool_search_call`, parsed when they come as JSON text. */
function searchArguments(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = { query: raw };
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Runs a Responses `tool_search_call` through the registry's search tool and answers it with a
 * `tool_search_output` item carrying the found tools' definitions (`definition(name)`, marked
 * `defer_loading: true` as loaded-by-search tools are). Never throws: a failed search answers with no tools.
 */
export async function executeResponsesToolSearchCall(
  runner: NativeToolSearchRunner,
  searchTool: string,
  item: ResponsesToolSearchCall,
  definition: (name: string) => ResponsesFunctionTool | undefined,
  context: CallContext = {},
): Promise<ResponsesToolSearchOutput> {
  const loose = (item ?? {}) as { call_id?: unknown; arguments?: unknown };
  const callId = callName(loose.call_id) ?? null;
  const result = await runner.execute(searchTool, searchArguments(loose.arguments), context);
  const tools: ResponsesFunctionTool[] = [];
  for (const name of result.isError ? [] : foundNames(result)) {
    const spec = definition(name);
    if (spec) tools.push({ ...spec, defer_loading: true });
  }
  return { type: 'tool_search_output', call_id: callId, execution: 'client', status: 'completed', tools };
}
