// Shapes the bridge produces: the agent tool definition, its parameters, schema-conversion notes and
// the converted tool result.
import type { ToolUi, CallToolResult, JsonSchema, Tool, ToolAnnotations } from '../../protocol/index.js';
import type { ValidationIssue } from '../errors/bridge-errors.js';

/** LLM providers whose function-calling schema dialect the bridge knows. */
export type LlmProvider = 'openai' | 'anthropic' | 'gemini';

/** One parameter as derived from a JSON Schema property (a summary; the schema itself stays intact). */
export interface ToolParam {
  name: string;
  /** `string`, `number`, `integer`, `boolean`, `object`, `array`, `null`, `any` (untyped) or `union` (several types). */
  type: string;
  /** The types of a `union` (or of a typed array such as `["string", "number"]`), without `null`. */
  types?: string[];
  /** Accepts `null` too (`type: [x, "null"]` or `anyOf` with a null branch). */
  nullable?: boolean;
  description?: string;
  required: boolean;
  enum?: unknown[];
  default?: unknown;
  /** Array element shape (its `name` is `[]`). */
  items?: ToolParam;
  /** Object members. */
  properties?: ToolParam[];
}

/** Agent-side tool definition for an MCP tool or a native one. */
export interface ToolDef {
  /** Exposed name: prefix + tool name, sanitised to `^[a-zA-Z0-9_-]{1,64}$`, starting with a letter or `_`. */
  name: string;
  /** Description for the LLM: the tool's description, else its title (TOOLS-13), else `''`. */
  description: string;
  /** Display name: `title`, else `annotations.title`, else the original name (TOOLS-13). */
  title: string;
  /** Parameters derived from `inputSchema` (local `$ref`s resolved). */
  params: ToolParam[];
  /** The input schema exactly as the server (or native tool) gave it. */
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  /** Configured server name; absent for native tools. */
  server?: string;
  /** The name to call the tool by at its origin (the MCP tool name). */
  originalName: string;
  /** Untrusted behaviour hints from the server (TOOLS-4). */
  annotations?: ToolAnnotations;
  /** The tool as listed, for MCP tools. */
  tool?: Tool;
  /** MCP Apps: the tool's UI (`_meta.ui.resourceUri`, a `ui://` resource a host may render its results with) and who may call it. */
  ui?: ToolUi;
  /** Offered to the model only on demand: providers' deferred loading (`defer_loading`, `deferLoading`). */
  deferred?: boolean;
}

/** One thing a schema conversion dropped or changed, located by a JSON pointer into the source schema (`#` = root). */
export interface SchemaNote {
  path: string;
  change: string;
}

/** A piece of a converted tool result; binary data is kept here, summarised in the text. */
export type ResultPart =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; mimeType: string; data: string; bytes: number }
  | { type: 'resource_link'; uri: string; name: string; title?: string; description?: string; mimeType?: string; size?: number }
  | { type: 'resource'; uri: string; mimeType?: string; text: string }
  | { type: 'blob'; uri: string; mimeType?: string; data: string; bytes: number }
  | { type: 'unknown'; blockType: string; block: unknown };

/** A tool result ready for an LLM, with the full MCP result kept beside it. */
export interface ToolResult {
  /** What to show the model: text blocks, binary summaries, notes; trimmed to the server's budget. */
  text: string;
  /** Every content block, converted, in order (binary data kept). */
  parts: ResultPart[];
  /** The tool reported an execution error (TOOLS-8), or the bridge refused or failed the call. */
  isError: boolean;
  /** The `structuredContent` the tool returned. */
  structured?: unknown;
  /** Present when `text` was trimmed to the budget. */
  truncated?: { budget: number; originalChars: number; shownChars: number };
  /** When `text` was cut: the handle under which the registry keeps the whole result for `read_result`. */
  handle?: string;
  /** Non-fatal problems, e.g. structuredContent that does not match the outputSchema. */
  warnings?: string[];
  /** Set when the bridge itself produced the error (unknown tool, invalid arguments, call failure). */
  error?: {
    code: string;
    message: string;
    issues?: ValidationIssue[];
    /** The code of what made the call fail (`MCPB_REQUEST_TIMEOUT`, `MCPB_SERVER_EXITED`...), for `MCPB_TOOL_CALL_FAILED`. */
    causeCode?: string;
  };
  /** The complete result as received (or, for a bridge error, as synthesised). */
  raw: CallToolResult;
}
