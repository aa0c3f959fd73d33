// MCP Tool (or native tool description) → agent ToolDef: exposed name, LLM description with the
// TOOLS-13 title fallback, derived params, and the original schema kept intact.
import { toolUi, type JsonSchema, type Tool } from '../../protocol/index.js';
import { exposedName } from './naming.js';
import { schemaToParams } from './schema-to-params.js';
import type { ToolDef } from './types.js';

/** The schema used when a tool declares none: an object with no parameters. */
export const EMPTY_INPUT_SCHEMA: JsonSchema = Object.freeze({ type: 'object', properties: {} }) as JsonSchema;

/** Display name per TOOLS-13: `title`, else `annotations.title`, else the name. */
export function displayTitle(tool: Pick<Tool, 'name' | 'title' | 'annotations'>): string {
  if (typeof tool.title === 'string' && tool.title.length > 0) return tool.title;
  const annotated = tool.annotations?.title;
  if (typeof annotated === 'string' && annotated.length > 0) return annotated;
  return tool.name;
}

/** Builds the ToolDef of an MCP tool from `server`, exposed as `prefix + tool.name` (sanitised). */
export function toolDefFromMcp(server: string, tool: Tool, prefix = ''): ToolDef & { nameChanges: string[] } {
  const { name, changes } = exposedName(prefix, tool.name);
  const inputSchema = isSchemaObject(tool.inputSchema) ? tool.inputSchema : EMPTY_INPUT_SCHEMA;
  const title = displayTitle(tool);
  const description = typeof tool.description === 'string' && tool.description.trim().length > 0 ? tool.description : title !== tool.name ? title : '';
  const def: ToolDef & { nameChanges: string[] } = {
    name,
    description,
    title,
    params: schemaToParams(inputSchema),
    inputSchema,
    server,
    originalName: tool.name,
    tool,
    nameChanges: changes,
  };
  if (isSchemaObject(tool.outputSchema)) def.outputSchema = tool.outputSchema;
  if (tool.annotations) def.annotations = tool.annotations;
  const ui = toolUi(tool);
  if (ui?.resourceUri !== undefined) def.ui = ui;
  return def;
}

/** Builds the ToolDef of a native (in-process) tool; its name is sanitised like any other. */
export function toolDefFromNative(tool: {
  name: string;
  description?: string;
  title?: string;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
}): ToolDef & { nameChanges: string[] } {
  const { name, changes } = exposedName('', tool.name);
  const inputSchema = isSchemaObject(tool.inputSchema) ? tool.inputSchema : EMPTY_INPUT_SCHEMA;
  const title = tool.title ?? tool.name;
  const def: ToolDef & { nameChanges: string[] } = {
    name,
    description: tool.description ?? tool.title ?? '',
    title,
    params: schemaToParams(inputSchema),
    inputSchema,
    originalName: tool.name,
    nameChanges: changes,
  };
  if (isSchemaObject(tool.outputSchema)) def.outputSchema = tool.outputSchema;
  return def;
}

function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
