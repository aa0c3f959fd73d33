// The OpenAI Agents SDK (`new Agent({ mcpServers: [...] })`): its MCPServer interface, structurally,
// over the registry, so the manager keeps supervision, prefixing, validation and timeouts.
import type { CallToolResult, JsonSchema, ToolUi } from '../../protocol/index.js';
import { selectTools, type ToolRunner, type ToolSelection } from './runner.js';

/** Options of {@link toAgentsMcpServer}. */
export interface AgentsMcpServerOptions {
  /** The server's name in traces. @defaultValue `'mcp-bridge'` */
  name?: string;
  tools?: ToolSelection;
  timeoutMs?: number;
}

/** A tool as the Agents SDK lists it. */
export interface AgentsMcpTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** MCP Apps: the tool's UI link, as MCP lists it (`_meta.ui.resourceUri`). */
  _meta?: { ui: ToolUi };
}

/** The Agents SDK `MCPServer` interface, as far as it is needed (structural; no import of the SDK). */
export interface AgentsMcpServer {
  readonly name: string;
  /** The registry is live, so the SDK must not cache the list. */
  cacheToolsList: false;
  connect(): Promise<void>;
  close(): Promise<void>;
  listTools(): Promise<AgentsMcpTool[]>;
  callTool(
    toolName: string,
    args: Record<string, unknown> | null,
    meta?: Record<string, unknown> | null,
    options?: { signal?: AbortSignal },
  ): Promise<CallToolResult['content']>;
  callToolResult(
    toolName: string,
    args: Record<string, unknown> | null,
    meta?: Record<string, unknown> | null,
    options?: { signal?: AbortSignal },
  ): Promise<CallToolResult>;
  invalidateToolsCache(): Promise<void>;
}

/**
 * The registry as one Agents SDK MCP server. `connect` and `close` do nothing: the servers' life
 * belongs to the manager that fills the registry (close the manager when done).
 */
export function toAgentsMcpServer(runner: ToolRunner, options: AgentsMcpServerOptions = {}): AgentsMcpServer {
  const run = async (toolName: string, args: Record<string, unknown> | null, signal?: AbortSignal): Promise<CallToolResult> => {
    const result = await runner.execute(toolName, args ?? {}, {
      ...(signal ? { signal } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
    return result.raw;
  };
  return {
    name: options.name ?? 'mcp-bridge',
    cacheToolsList: false,
    connect: async () => {},
    close: async () => {},
    invalidateToolsCache: async () => {},
    listTools: async () =>
      selectTools(runner, options.tools).map((d) => ({
        name: d.name,
        description: d.description,
        inputSchema: d.inputSchema,
        ...(d.ui ? { _meta: { ui: d.ui } } : {}),
      })),
    callTool: async (toolName, args, _meta, opts) => (await run(toolName, args, opts?.signal)).content,
    callToolResult: (toolName, args, _meta, opts) => run(toolName, args, opts?.signal),
  };
}
