// Prompts: listing (paginated to the end) and filling one in. Gated on the `prompts` capability.
import { Methods, type GetPromptResult, type Prompt } from '../../protocol/index.js';
import { InvalidResultError } from '../errors/session-errors.js';
import { arrayField, listAll, requestOptions, requireCapability, type FeatureHost, type FeatureOptions } from './features.js';

/** Every prompt the server lists, following `nextCursor` to the end. */
export async function listPrompts(host: FeatureHost, options: FeatureOptions = {}): Promise<Prompt[]> {
  requireCapability(host, Methods.promptsList, 'prompts');
  return listAll<Prompt>(host, Methods.promptsList, 'prompts', options);
}

/** Prompt arguments; the wire carries strings, so numbers and booleans are sent as their text. */
export type PromptArguments = Record<string, string | number | boolean>;

/** Fills in a prompt. A missing required argument or unknown prompt is the server's McpError (-32602). */
export async function getPrompt(host: FeatureHost, name: string, args: PromptArguments = {}, options: FeatureOptions = {}): Promise<GetPromptResult> {
  requireCapability(host, Methods.promptsGet, 'prompts');
  // `arguments` goes out even when empty: the spec makes it optional, but SDK servers up to 1.29
  // validate it as an object and refuse a prompt whose arguments are all optional without it (-32602).
  const strings = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)]));
  const params = { name, arguments: strings };
  const result = await host.request<GetPromptResult>(Methods.promptsGet, params, requestOptions(options));
  const messages = arrayField<GetPromptResult['messages'][number]>(host, Methods.promptsGet, result, 'messages');
  for (const m of messages) {
    if (typeof m !== 'object' || m === null || (m.role !== 'user' && m.role !== 'assistant') || typeof m.content !== 'object' || m.content === null) {
      throw new InvalidResultError({ server: host.serverName, method: Methods.promptsGet }, `a message of prompt "${name}" has no valid role or content`);
    }
  }
  return result;
}
