// LLM function specs from ToolDefs: OpenAI `{type:"function", function}`, Anthropic `{input_schema}`,
// Gemini functionDeclarations entries, each from the provider profile of the input schema.
import type { JsonSchema } from '../../protocol/index.js';
import { toOpenAiStrict } from './openai-strict.js';
import { toProviderSchema } from './schema-profiles.js';
import type { Node } from './schema-shapes.js';
import type { LlmProvider, SchemaNote, ToolDef } from './types.js';

/** An OpenAI Chat Completions tool. */
export interface OpenAiToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema; strict?: boolean };
}
/** An Anthropic Messages API tool. */
export interface AnthropicToolSpec {
  name: string;
  description: string;
  input_schema: JsonSchema;
  /** Loaded only when tool search finds it (set for deferred tools). */
  defer_loading?: boolean;
}
/** One Gemini `functionDeclarations` entry; `parameters` is left out for tools without parameters (Gemini rejects empty objects). */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: JsonSchema;
  /** The tool's JSON Schema, instead of `parameters` (`toLLMSpecs('gemini', { jsonSchema: true })`). */
  parametersJsonSchema?: JsonSchema;
}

/** The spec type per provider. */
export interface LlmSpecByProvider {
  openai: OpenAiToolSpec;
  anthropic: AnthropicToolSpec;
  gemini: GeminiFunctionDeclaration;
}

/** Options for spec generation. */
export interface LlmSpecOptions {
  /**
   * OpenAI only (Chat and Responses): emit strict-mode schemas (closed objects, all properties
   * required, optional → nullable) marked `strict: true`. Tools that cannot be made strict are sent
   * non-strict, with a note. Responses specs always carry `strict` (`false` without this option):
   * the API reads an absent value as "strict when compatible".
   */
  strict?: boolean;
  /** Gemini only (read by the registry): declare `parametersJsonSchema`, the tool's own JSON Schema, instead of the OpenAPI-subset `parameters`. */
  jsonSchema?: boolean;
}

/** One converted tool: its spec and what the conversion dropped or changed. */
export interface LlmSpecConversion<P extends LlmProvider> {
  spec: LlmSpecByProvider[P];
  notes: SchemaNote[];
  /** OpenAI strict only: where optional properties became nullable (see `stripStrictNulls`). */
  nullablePaths?: string[][];
}

/** Converts one ToolDef for `provider`; the def and its schema are not modified. */
export function toLLMSpec<P extends LlmProvider>(def: ToolDef, provider: P, options: LlmSpecOptions = {}): LlmSpecConversion<P> {
  const { schema, notes } = toProviderSchema(def.inputSchema, provider);
  if (provider === 'openai') {
    const fn: OpenAiToolSpec['function'] = { name: def.name, description: def.description, parameters: schema };
    if (options.strict) {
      const strict = toOpenAiStrict(schema as Node);
      notes.push(...strict.notes);
      fn.parameters = strict.schema as JsonSchema;
      fn.strict = strict.strict;
      return { spec: { type: 'function', function: fn } as LlmSpecByProvider[P], notes, nullablePaths: strict.nullablePaths };
    }
    return { spec: { type: 'function', function: fn } as LlmSpecByProvider[P], notes };
  }
  if (provider === 'anthropic') {
    return { spec: { name: def.name, description: def.description, input_schema: schema } as LlmSpecByProvider[P], notes };
  }
  const declaration: GeminiFunctionDeclaration = { name: def.name, description: def.description };
  const props = schema.properties;
  if (props && Object.keys(props).length > 0) declaration.parameters = schema;
  else notes.push({ path: '#', change: 'parameters omitted (tool takes no arguments; Gemini rejects an empty object)' });
  return { spec: declaration as LlmSpecByProvider[P], notes };
}
