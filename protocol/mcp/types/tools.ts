// Tool definitions and the tools/list and tools/call messages (TOOLS-*).
import type { ContentBlock } from './content.js';
import type { Icon } from './initialize.js';

/** Behaviour hints; untrusted unless the server is (TOOLS-4). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** A JSON Schema object as servers send it; kept intact and untyped beyond the root. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  [key: string]: unknown;
}

/** A tool as listed by `tools/list`. */
export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
  /** 2025-06-18+: schema of `structuredContent`. */
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  execution?: { taskSupport?: string; [key: string]: unknown };
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ListToolsParams {
  cursor?: string;
  [key: string]: unknown;
}

export interface ListToolsResult {
  tools: Tool[];
  nextCursor?: string | null;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface CallToolParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The result of `tools/call`. `isError: true` is a tool execution error, still a result (TOOLS-8). */
export interface CallToolResult {
  /** The blocks; narrow each by `type`. Blocks of newer kinds are kept too: see {@link isUnknownContent}. */
  content: ContentBlock[];
  /** 2025-06-18+: an object up to 2025-11-25, any JSON value in 2026 (TOOLS-9). */
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}
