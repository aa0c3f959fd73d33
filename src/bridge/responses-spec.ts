// The OpenAI Responses API's flat function tool: the Chat Completions spec's schema, flattened,
// with `strict` always said.
import type { JsonSchema } from '../../protocol/index.js';
import type { OpenAiToolSpec } from './llm-specs.js';

/** A Responses API function tool. */
export interface ResponsesFunctionTool {
  type: 'function';
  name: string;
  description: string;
  parameters: JsonSchema;
  /**
   * Always set: `true` for a schema converted to strict form, `false` otherwise. The API reads an
   * absent or `null` value as "strict when the schema is compatible", which would hold a schema to
   * rules it was never converted for.
   */
  strict: boolean;
  defer_loading?: boolean;
}

/** The Responses shape of one Chat Completions spec: the same schema, flattened, `strict` said explicitly. */
export function toResponsesTool(spec: OpenAiToolSpec): ResponsesFunctionTool {
  const fn = spec.function;
  return { type: 'function', name: fn.name, description: fn.description, parameters: fn.parameters, strict: fn.strict ?? false };
}
