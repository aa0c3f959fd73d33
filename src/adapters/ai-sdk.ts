// Vercel AI SDK (ai 6 and 7, and Mastra, which takes AI SDK tools): `dynamic` tools whose input
// schema is a Standard JSON Schema object, so no `ai` import is needed, and whose `execute` runs
// through the registry, so validation, timeouts and restarts behave as for any other call.
import type { JsonSchema, ToolUi } from '../../protocol/index.js';
import type { ToolResult } from '../bridge/types.js';
import { imagesOf, selectTools, type ToolRunner, type ToolSelection } from './runner.js';

/** Options of {@link toAiSdkTools}. */
export interface AiSdkToolsOptions {
  /** Which tools to expose (exposed names or a predicate); all when absent. */
  tools?: ToolSelection;
  /** The AI SDK major version, which decides the shape of image parts in `toModelOutput`. @defaultValue 6 */
  sdk?: 6 | 7;
  /** Milliseconds per call, passed to the registry (the server's timeout when absent). */
  timeoutMs?: number;
}

/** The part of an AI SDK tool's execution options the adapter reads. */
export interface AiSdkToolCallOptions {
  toolCallId?: string;
  abortSignal?: AbortSignal;
}

/** A content part of a model output in ai 6 (`image-data`) and in ai 7 (`file` with inline data). */
export type AiSdk6Part = { type: 'text'; text: string } | { type: 'image-data'; data: string; mediaType: string };
export type AiSdk7Part = { type: 'text'; text: string } | { type: 'file'; mediaType: string; data: { type: 'data'; data: string } };

/** An AI SDK model-output value (its `ToolResultOutput` union, as far as these tools produce it). */
export type AiSdkToolOutput<P = AiSdk6Part | AiSdk7Part> =
  | { type: 'text'; value: string }
  | { type: 'error-text'; value: string }
  | { type: 'content'; value: P[] };

/** A Standard Schema (v1) that carries a JSON Schema: what `asSchema` in the AI SDK accepts. */
export interface StandardJsonSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'mcp-bridge';
    /** Accepts every value: the registry validates against the server's own schema when the tool runs. */
    validate(value: unknown): { value: unknown };
    readonly jsonSchema: { input(options?: unknown): JsonSchema; output(options?: unknown): JsonSchema };
  };
}

/** One AI SDK `dynamic` tool; `P` is the content-part shape of the SDK version it was built for. */
export interface AiSdkDynamicTool<P = AiSdk6Part> {
  type: 'dynamic';
  description: string;
  title?: string;
  inputSchema: StandardJsonSchema;
  /** ai 7: offered through tool search only (the server or tool is configured with `defer`). */
  deferLoading?: boolean;
  /** MCP Apps: the tool's UI link, as MCP lists it (`_meta.ui.resourceUri`), like the AI SDK's own MCP client keeps it. */
  _meta?: { ui: ToolUi };
  execute(input: unknown, options: AiSdkToolCallOptions): Promise<ToolResult>;
  toModelOutput(options: { output: ToolResult }): AiSdkToolOutput<P>;
}

/**
 * The registry's tools as an AI SDK `ToolSet` (`generateText({ tools })`, `streamText`, agents).
 * `execute` resolves the tool by name at call time; rebuild the set on `registry.events` `changed`
 * to offer new tools. The output is the full {@link ToolResult}; the model sees its text, and
 * images as image parts.
 */
export function toAiSdkTools(runner: ToolRunner, options?: AiSdkToolsOptions & { sdk?: 6 }): Record<string, AiSdkDynamicTool<AiSdk6Part>>;
export function toAiSdkTools(runner: ToolRunner, options: AiSdkToolsOptions & { sdk: 7 }): Record<string, AiSdkDynamicTool<AiSdk7Part>>;
export function toAiSdkTools(runner: ToolRunner, options: AiSdkToolsOptions = {}): Record<string, AiSdkDynamicTool<AiSdk6Part | AiSdk7Part>> {
  const tools: Record<string, AiSdkDynamicTool<AiSdk6Part | AiSdk7Part>> = Object.create(null);
  const sdk = options.sdk ?? 6;
  for (const def of selectTools(runner, options.tools)) {
    const name = def.name;
    const schema = def.inputSchema;
    tools[name] = {
      type: 'dynamic',
      description: def.description,
      ...(def.title !== def.originalName ? { title: def.title } : {}),
      inputSchema: standardJsonSchema(schema),
      ...(def.deferred ? { deferLoading: true } : {}),
      ...(def.ui ? { _meta: { ui: def.ui } } : {}),
      execute: (input, call) =>
        runner.execute(name, input, {
          ...(call?.abortSignal ? { signal: call.abortSignal } : {}),
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        }),
      toModelOutput: ({ output }) => toAiSdkOutput(output, sdk),
    };
  }
  return tools;
}

/** The model-facing output of a result for the given AI SDK major version. */
export function toAiSdkOutput(result: ToolResult, sdk: 6 | 7 = 6): AiSdkToolOutput {
  if (result.isError) return { type: 'error-text', value: result.text };
  const images = imagesOf(result.parts);
  if (images.length === 0) return { type: 'text', value: result.text };
  const value: Array<AiSdk6Part | AiSdk7Part> = [{ type: 'text', text: result.text }];
  for (const image of images) {
    value.push(
      sdk === 7
        ? { type: 'file', mediaType: image.mediaType, data: { type: 'data', data: image.data } }
        : { type: 'image-data', mediaType: image.mediaType, data: image.data },
    );
  }
  return { type: 'content', value };
}

function standardJsonSchema(schema: JsonSchema): StandardJsonSchema {
  const copy = (): JsonSchema => structuredClone(schema);
  return {
    '~standard': {
      version: 1,
      vendor: 'mcp-bridge',
      validate: (value) => ({ value }),
      jsonSchema: { input: copy, output: copy },
    },
  };
}
