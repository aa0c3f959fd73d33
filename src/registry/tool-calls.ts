// Provider tool-call plumbing: parse an OpenAI tool call's JSON arguments, and turn a ToolResult
// into an OpenAI `role: "tool"` message or an Anthropic `tool_result` block.
import { errorResult, partText } from '../bridge/result.js';
import type { ToolResult } from '../bridge/types.js';
import { ToolArgumentsError, ToolCallMalformedError } from '../errors/bridge-errors.js';

/**
 * A tool call from an OpenAI Chat Completions assistant message, or from a compatible server:
 * Ollama sends `arguments` as an object and no `id`, some servers omit `type`.
 */
export interface OpenAiToolCall {
  id?: string;
  type?: 'function';
  function: { name: string; arguments?: string | Record<string, unknown> | null };
}

/** The message answering an OpenAI tool call; `tool_name` is set (for Ollama) when the call had no id. */
export interface OpenAiToolMessage {
  role: 'tool';
  tool_call_id?: string;
  tool_name?: string;
  content: string;
}

/** A `tool_use` content block from an Anthropic assistant message. */
export interface AnthropicToolUse {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/** Content Anthropic accepts inside a tool_result. */
export type AnthropicToolResultContent = { type: 'text'; text: string } | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } };

/** The block answering an Anthropic tool_use (goes in a `user` message). */
export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  /** Plain text, or text plus image blocks when the tool returned images Anthropic can read. */
  content: string | AnthropicToolResultContent[];
  is_error: boolean;
}

/** Image types the Anthropic API accepts in tool results. */
const ANTHROPIC_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * Parses tool-call arguments as providers send them: a JSON string (OpenAI; `''` means none), an
 * object (Ollama, some compatible servers), or nothing. Throws {@link ToolArgumentsError}.
 */
export function parseOpenAiArguments(toolName: string, input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  let value: unknown = input;
  if (typeof input === 'string') {
    if (input.trim() === '') return {};
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new ToolArgumentsError(toolName, (error as Error).message);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ToolArgumentsError(toolName, `got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
  return value as Record<string, unknown>;
}

/** The OpenAI tool message for a result (text only: tool messages carry no images). Without an id (Ollama), it names the tool instead. */
export function toOpenAiToolMessage(toolCallId: string | undefined, result: ToolResult, toolName?: string): OpenAiToolMessage {
  if (toolCallId !== undefined && toolCallId !== '') return { role: 'tool', tool_call_id: toolCallId, content: result.text };
  return { role: 'tool', ...(toolName !== undefined ? { tool_name: toolName } : {}), content: result.text };
}

/** An error result for a provider tool call too malformed to run (it names no tool). */
export function malformedCall(reason: string, provider: string): ToolResult {
  return errorResult(new ToolCallMalformedError(reason, provider));
}

/** The name of a call's tool when it has one, for calls whose shape is not to be trusted. */
export function callName(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The Anthropic tool_result block for a result. Readable images are passed as image blocks where
 * the server put them, between the text of the blocks around them (no placeholder for them); a
 * result without such images is plain text.
 */
export function toAnthropicToolResult(toolUseId: string, result: ToolResult): AnthropicToolResult {
  const readable = (p: ToolResult['parts'][number]) => p.type === 'image' && ANTHROPIC_IMAGE_TYPES.has(p.mimeType);
  const lines = result.parts.map(partText);
  const joined = lines.join('\n');
  const at = result.text.indexOf(joined);
  if (!result.parts.some(readable) || at < 0) return { type: 'tool_result', tool_use_id: toolUseId, content: result.text, is_error: result.isError };
  // What convertResult put around the parts' own text (an error line before, structured JSON after).
  const before = result.text.slice(0, at).replace(/\n$/, '');
  const after = result.text.slice(at + joined.length).replace(/^\n/, '');
  const content: AnthropicToolResultContent[] = [];
  let pending: string[] = before ? [before] : [];
  const flush = () => {
    const text = pending.join('\n');
    if (text.trim() !== '') content.push({ type: 'text', text });
    pending = [];
  };
  result.parts.forEach((part, i) => {
    if (part.type === 'image' && readable(part)) {
      flush();
      content.push({ type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } });
    } else pending.push(lines[i]!);
  });
  if (after) pending.push(after);
  flush();
  return { type: 'tool_result', tool_use_id: toolUseId, content, is_error: result.isError };
}
