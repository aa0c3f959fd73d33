// LangChain.js: StructuredTools built with the caller's own `tool` function from `@langchain/core/tools`
// (passed in, so LangChain is not a dependency), content and artifact kept apart.
import type { JsonSchema, ToolUi } from '../../protocol/index.js';
import type { ResultPart } from '../bridge/types.js';
import { selectTools, type ToolRunner, type ToolSelection } from './runner.js';

/** What the adapter passes to LangChain's `tool(fn, fields)`. */
export interface LangChainToolFields {
  name: string;
  description: string;
  schema: JsonSchema;
  responseFormat: 'content_and_artifact';
  /** MCP Apps: the tool's UI (`ui.resourceUri`, `ui.visibility`), for a host that renders it. */
  metadata?: { ui: ToolUi };
}

/** LangChain's `tool` function, structurally. */
export type LangChainToolFactory<T> = (
  fn: (input: unknown, config?: { signal?: AbortSignal }) => Promise<[string, LangChainArtifact]>,
  fields: LangChainToolFields,
) => T;

/** The artifact of a call: everything the model does not need as text. */
export interface LangChainArtifact {
  isError: boolean;
  parts: ResultPart[];
  structured?: unknown;
  errorCode?: string;
}

/** Options of {@link toLangChainTools}. */
export interface LangChainToolsOptions<T> {
  /** `tool` from `@langchain/core/tools`. */
  tool: LangChainToolFactory<T>;
  tools?: ToolSelection;
  timeoutMs?: number;
}

/** The registry's tools as LangChain tools; each call goes through the live registry. */
export function toLangChainTools<T>(runner: ToolRunner, options: LangChainToolsOptions<T>): T[] {
  return selectTools(runner, options.tools).map((def) => {
    const name = def.name;
    return options.tool(
      async (input, config) => {
        const result = await runner.execute(name, input, {
          ...(config?.signal ? { signal: config.signal } : {}),
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        });
        const artifact: LangChainArtifact = {
          isError: result.isError,
          parts: result.parts,
          ...(result.structured !== undefined ? { structured: result.structured } : {}),
          ...(result.error ? { errorCode: result.error.code } : {}),
        };
        return [result.text, artifact];
      },
      { name, description: def.description, schema: def.inputSchema, responseFormat: 'content_and_artifact', ...(def.ui ? { metadata: { ui: def.ui } } : {}) },
    );
  });
}
