// Gemini's declaration that carries the tool's own JSON Schema (`parametersJsonSchema`), beside the
// OpenAPI-subset one the schema profile makes.
import type { JsonSchema } from '../../protocol/index.js';
import type { GeminiFunctionDeclaration } from './llm-specs.js';
import type { SchemaNote, ToolDef } from './types.js';

/** A declaration with `parametersJsonSchema` (mutually exclusive with `parameters`). */
export type GeminiJsonSchemaDeclaration = Omit<GeminiFunctionDeclaration, 'parameters'>;

/**
 * A declaration whose schema is the tool's own JSON Schema, lightly normalised: the `$schema`
 * marker is dropped (Gemini rejects unknown top-level keywords there) and nothing else changes.
 */
export function toGeminiJsonSchemaDeclaration(def: ToolDef): { spec: GeminiJsonSchemaDeclaration; notes: SchemaNote[] } {
  const notes: SchemaNote[] = [];
  const schema = structuredClone(def.inputSchema) as Record<string, unknown>;
  if ('$schema' in schema) {
    delete schema.$schema;
    notes.push({ path: '#/$schema', change: 'dropped the $schema marker' });
  }
  const props = schema.properties as Record<string, unknown> | undefined;
  const spec: GeminiJsonSchemaDeclaration = { name: def.name, description: def.description };
  if (props && Object.keys(props).length > 0) spec.parametersJsonSchema = schema as JsonSchema;
  else notes.push({ path: '#', change: 'parametersJsonSchema omitted (tool takes no arguments)' });
  return { spec, notes };
}
