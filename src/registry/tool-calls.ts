// Provider tool-call plumbing: parse an OpenAI tool call's JSON arguments, and turn a ToolResult
// into an OpenAI `role: "tool"` message or an Anthropic `tool_result` block.
import type { ToolResult } from '../bridge/types.js';
import { ToolArgumentsError } from '../errors/bridge-errors.js';

/** A tool call from an OpenAI Chat Completions assistant message. */
export interface OpenAiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The message answering an OpenAI tool call. */
export interface OpenAiToolMessage {
  role: 'tool';
  tool_call_id: string;
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
export type AnthropicToolResultContent =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } };

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

/** Parses OpenAI `arguments` (a JSON string); `''` means no arguments. Throws {@link ToolArgumentsError}. */
export function parseOpenAiArguments(toolName: string, text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try { value = JSON.parse(text); } catch (error) {
    throw new ToolArgumentsError(toolName, (error as Error).message);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ToolArgumentsError(toolName, `got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
  return value as Record<string, unknown>;
}

/** The OpenAI tool message for a result (text only: tool messages carry no images). */
export function toOpenAiToolMessage(toolCallId: string, result: ToolResult): OpenAiToolMessage {
  return { role: 'tool', tool_call_id: toolCallId, content: result.text };
}

/** The Anthropic tool_result block for a result; readable images are passed as image blocks. */
export function toAnthropicToolResult(toolUseId: string, result: ToolResult): AnthropicToolResult {
  const images: AnthropicToolResultContent[] = [];
  for (const part of result.parts) {
    if (part.type === 'image' && ANTHROPIC_IMAGE_TYPES.has(part.mimeType)) {
      images.push({ type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } });
    }
  }
  const content = images.length === 0 ? result.text : [{ type: 'text' as const, text: result.text }, ...images];
  return { type: 'tool_result', tool_use_id: toolUseId, content, is_error: result.isError };
}
