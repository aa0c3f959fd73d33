// Google Gemini: `functionCall` parts answered by `functionResponse` parts, a `CallableTool` for the
// SDK's automatic function calling, and declarations with `parametersJsonSchema` (plain JSON Schema,
// which Gemini accepts beside the OpenAPI-subset `parameters`).
import type { GeminiFunctionDeclaration } from '../bridge/llm-specs.js';
import type { ToolResult } from '../bridge/types.js';
import type { CallContext } from '../registry/types.js';
import { callName, malformedCall } from '../registry/tool-calls.js';
import { imagesOf, selectTools, type ToolRunner, type ToolSelection } from './runner.js';
import { toGeminiJsonSchemaDeclaration } from '../bridge/gemini-declaration.js';

export { toGeminiJsonSchemaDeclaration, type GeminiJsonSchemaDeclaration } from '../bridge/gemini-declaration.js';

/** A `functionCall` part of a Gemini response. */
export interface GeminiFunctionCall {
  id?: string;
  name?: string;
  args?: Record<string, unknown>;
}

/** A `functionResponse` part answering one call; images travel as inline-data parts. */
export interface GeminiFunctionResponsePart {
  functionResponse: {
    id?: string;
    name: string;
    response: { output: string } | { error: string };
    parts?: Array<{ inlineData: { mimeType: string; data: string } }>;
  };
}

/** The part answering a call, for a result. */
export function toGeminiFunctionResponse(call: { id?: string; name: string }, result: ToolResult): GeminiFunctionResponsePart {
  const images = imagesOf(result.parts);
  return {
    functionResponse: {
      ...(call.id !== undefined ? { id: call.id } : {}),
      name: call.name,
      response: result.isError ? { error: result.text } : { output: result.text },
      ...(images.length > 0 ? { parts: images.map((i) => ({ inlineData: { mimeType: i.mediaType, data: i.data } })) } : {}),
    },
  };
}

/** Runs one `functionCall`; never throws (a call without a name becomes an error response). */
export async function executeGeminiFunctionCall(runner: ToolRunner, call: GeminiFunctionCall, context: CallContext = {}): Promise<GeminiFunctionResponsePart> {
  const id = callName(call?.id);
  const name = callName(call?.name);
  if (name === undefined)
    return toGeminiFunctionResponse({ ...(id !== undefined ? { id } : {}), name: '' }, malformedCall('the functionCall has no name', 'Gemini'));
  const args = call.args === undefined || call.args === null ? {} : call.args;
  return toGeminiFunctionResponse({ ...(id !== undefined ? { id } : {}), name }, await runner.execute(name, args, context));
}

/** Options of {@link toGeminiCallableTool}. */
export interface GeminiCallableToolOptions {
  tools?: ToolSelection;
  /** Declare `parametersJsonSchema` (the tool's JSON Schema) instead of the OpenAPI-subset `parameters`. @defaultValue true */
  jsonSchema?: boolean;
  /** Declarations in the OpenAPI-subset form, for `jsonSchema: false` (the registry's `toLLMSpecs('gemini')`). */
  subsetSpecs?: () => GeminiFunctionDeclaration[];
  timeoutMs?: number;
}

/** `@google/genai`'s `CallableTool`, structurally: what `config.tools` takes for automatic function calling. */
export interface GeminiCallableTool {
  tool(): Promise<{ functionDeclarations: GeminiFunctionDeclaration[] }>;
  callTool(calls: GeminiFunctionCall[]): Promise<GeminiFunctionResponsePart[]>;
}

/** The registry as one Gemini `CallableTool`; declarations are read from the live registry each time. */
export function toGeminiCallableTool(runner: ToolRunner, options: GeminiCallableToolOptions = {}): GeminiCallableTool {
  const context: CallContext = options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {};
  return {
    async tool() {
      if (options.jsonSchema === false && options.subsetSpecs) {
        const wanted = new Set(selectTools(runner, options.tools).map((d) => d.name));
        return { functionDeclarations: options.subsetSpecs().filter((d) => wanted.has(d.name)) };
      }
      return { functionDeclarations: selectTools(runner, options.tools).map((d) => toGeminiJsonSchemaDeclaration(d).spec) };
    },
    callTool: (calls) => Promise.all((calls ?? []).map((call) => executeGeminiFunctionCall(runner, call, context))),
  };
}
