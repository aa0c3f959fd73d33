// Anthropic's tool runner (`client.beta.messages.toolRunner({ tools })`): runnable tools with `run`
// and `parse`, built structurally so the SDK is not a dependency.
import type { AnthropicToolSpec } from '../bridge/llm-specs.js';
import type { CallContext } from '../registry/types.js';
import { toAnthropicToolResult, type AnthropicToolResultContent } from '../registry/tool-calls.js';
import type { ToolRunner } from './runner.js';
import type { AnthropicToolReference } from '../registry/search-wire.js';

/** Options of {@link toAnthropicRunnableTools}. */
export interface AnthropicRunnableToolsOptions {
  /**
   * The SDK's `ToolError` class (`@anthropic-ai/sdk/lib/tools/ToolError`): error results are thrown
   * as one, so the runner sends their content with `is_error: true`. Without it a plain Error is
   * thrown, which the runner reports as `Error: <text>`.
   */
  ToolError?: new (
    content: string | AnthropicToolResultContent[],
  ) => Error;
  timeoutMs?: number;
  /**
   * Tools answered by a function of their own instead of a plain call (the registry passes its search
   * tool here on the native tool-search wire, answered with `tool_reference` blocks).
   */
  answer?: Record<string, (args: unknown, context: CallContext) => Promise<string | AnthropicRunnableContent[]>>;
}

/** What a runnable tool returns: text, or content blocks (`tool_reference` blocks for a native tool search). */
export type AnthropicRunnableContent = AnthropicToolResultContent | AnthropicToolReference;

/** A runnable tool as the Anthropic tool runner expects it. */
export interface AnthropicRunnableTool extends AnthropicToolSpec {
  type: 'custom';
  run(args: unknown, context?: { signal?: AbortSignal | null }): Promise<string | AnthropicRunnableContent[]>;
  parse(content: unknown): unknown;
}

/** Runnable tools for the given Anthropic specs (the registry's `toLLMSpecs('anthropic')`), run through `runner`. */
export function toAnthropicRunnableTools(
  runner: ToolRunner,
  specs: readonly AnthropicToolSpec[],
  options: AnthropicRunnableToolsOptions = {},
): AnthropicRunnableTool[] {
  return specs.map((spec) => ({
    type: 'custom' as const,
    ...spec,
    parse: (content: unknown) => content,
    async run(args: unknown, context?: { signal?: AbortSignal | null }) {
      const call: CallContext = {
        ...(context?.signal ? { signal: context.signal } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      };
      const own = options.answer?.[spec.name];
      if (own) return own(args, call);
      const result = await runner.execute(spec.name, args, call);
      const { content } = toAnthropicToolResult('', result);
      if (!result.isError) return content;
      if (options.ToolError) throw new options.ToolError(content);
      throw new Error(result.text);
    },
  }));
}
