// OpenAI Responses API: flat function tools (the Chat Completions spec nests them under `function`)
// and `function_call` items answered by `function_call_output` items, images as `input_image`.
import type { ToolResult } from '../bridge/types.js';
import type { CallContext } from '../registry/types.js';
import { callName, malformedCall, parseOpenAiArguments } from '../registry/tool-calls.js';
import { ToolArgumentsError } from '../errors/bridge-errors.js';
import { errorResult } from '../bridge/result.js';
import { dataUrl, imagesOf, type ToolRunner } from './runner.js';

export { toResponsesTool, type ResponsesFunctionTool } from '../bridge/responses-spec.js';

/** A `function_call` output item of a response. */
export interface ResponsesFunctionCall {
  type: 'function_call';
  call_id: string;
  name: string;
  /** JSON text, as the API sends it (an object is accepted too). */
  arguments: string | Record<string, unknown>;
  id?: string;
  namespace?: string;
}

/** Content of a `function_call_output` when the result carries images. */
export type ResponsesOutputContent = { type: 'input_text'; text: string } | { type: 'input_image'; image_url: string; detail: 'auto' };

/** The input item answering a `function_call`. */
export interface ResponsesFunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string | ResponsesOutputContent[];
}

/** The output item for a result: plain text, or text and images when the tool returned images. */
export function toResponsesOutput(callId: string, result: ToolResult): ResponsesFunctionCallOutput {
  const images = imagesOf(result.parts);
  if (images.length === 0) return { type: 'function_call_output', call_id: callId, output: result.text };
  const content: ResponsesOutputContent[] = [{ type: 'input_text', text: result.text }];
  for (const image of images) content.push({ type: 'input_image', image_url: dataUrl(image), detail: 'auto' });
  return { type: 'function_call_output', call_id: callId, output: content };
}

/** Runs one `function_call` item; never throws (a malformed item becomes an error output). */
export async function executeResponsesCall(runner: ToolRunner, item: ResponsesFunctionCall, context: CallContext = {}): Promise<ResponsesFunctionCallOutput> {
  const loose = (item ?? {}) as { call_id?: unknown; name?: unknown; arguments?: unknown };
  const callId = callName(loose.call_id) ?? '';
  const name = callName(loose.name);
  if (name === undefined) return toResponsesOutput(callId, malformedCall('the function_call item has no name', 'OpenAI Responses'));
  let args: Record<string, unknown>;
  try {
    args = parseOpenAiArguments(name, loose.arguments);
  } catch (error) {
    if (error instanceof ToolArgumentsError) return toResponsesOutput(callId, errorResult(error));
    throw error;
  }
  return toResponsesOutput(callId, await runner.execute(name, args, context));
}
