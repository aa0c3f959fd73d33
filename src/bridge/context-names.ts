// What the manager needs of the context tools (context-tools.ts) on every call, whether or not a
// server offers them: their names, and the URIs a tool result links to (read_resource accepts them).
// The definitions and answers themselves are loaded only for a server that opts into resources or prompts.
import type { CallToolResult } from '../../protocol/index.js';

export const LIST_RESOURCES = 'list_resources';
export const READ_RESOURCE = 'read_resource';
export const GET_PROMPT = 'get_prompt';
export const LOAD_SKILL = 'load_skill';

/** URIs of the resource links and embedded resources of a tool result, so read_resource accepts them. */
export function linkedUris(result: CallToolResult): string[] {
  const out: string[] = [];
  for (const block of result.content ?? []) {
    const b = block as { type?: string; uri?: unknown; resource?: { uri?: unknown } };
    if (b.type === 'resource_link' && typeof b.uri === 'string') out.push(b.uri);
    if (b.type === 'resource' && typeof b.resource?.uri === 'string') out.push(b.resource.uri);
  }
  return out;
}
