// The OpenAI Agents SDK (`new Agent({ mcpServers: [...] })`): its MCPServer interface, structurally,
// over the registry, so the manager keeps supervision, prefixing, validation and timeouts.
import { McpBridgeError, type CallToolResult, type JsonSchema, type ToolUi } from '../../protocol/index.js';
import { selectTools, type ToolRunner, type ToolSelection } from './runner.js';
import { foundNames } from '../registry/search-wire.js';

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

/** What {@link toAgentsToolSearch} builds each found tool with: `tool` from `@openai/agents-core`, structurally. */
export type AgentsToolFactory<T> = (options: {
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: false;
  deferLoading: true;
  execute(input: unknown): Promise<string>;
}) => T;

/** Options of {@link toAgentsToolSearch}. */
export interface AgentsToolSearchOptions<T, H> {
  /** `tool` from `@openai/agents-core`. */
  tool: AgentsToolFactory<T>;
  /** `attachClientToolSearchExecutor` from `@openai/agents-core`. */
  attachClientToolSearchExecutor: (hosted: AgentsHostedToolSearch, executor: (args: { toolCall: { arguments?: unknown } }) => Promise<T[]>) => H;
  timeoutMs?: number;
}

/** The Agents SDK's hosted `tool_search` tool with client execution (what `toolSearchTool({ execution: 'client' })` builds). */
export interface AgentsHostedToolSearch {
  type: 'hosted_tool';
  name: 'tool_search';
  providerData: { type: 'tool_search'; execution: 'client'; description: string; parameters: JsonSchema };
}

/** What {@link toAgentsToolSearch} needs of the registry. */
export interface AgentsToolSearchRunner extends ToolRunner {
  readonly searchToolName: string | undefined;
}

/**
 * Tool search for the OpenAI Agents SDK on the Responses wire: a client-executed `tool_search` tool
 * whose executor runs the registry's search and hands the runner the found tools as function tools
 * (deferred, loaded by the run from then on), each calling through the registry. Put it in the
 * agent's `tools` with the always-loaded tools; needs `toolSearch.enabled` on the registry.
 * @throws McpBridgeError `MCPB_INVALID_OPTIONS` when the registry has no tool search.
 */
export function toAgentsToolSearch<T, H>(runner: AgentsToolSearchRunner, options: AgentsToolSearchOptions<T, H>): H {
  const search = runner.searchToolName;
  const def = search ? runner.get(search) : undefined;
  if (!search || !def)
    throw new McpBridgeError('MCPB_INVALID_OPTIONS', 'toAgentsToolSearch needs a registry with tool search on', {
      hint: 'new Registry({ toolSearch: { enabled: true } })',
    });
  const built = new Map<string, T>();
  const context = options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {};
  const asTool = (name: string): T | undefined => {
    const found = runner.get(name);
    if (!found) return undefined;
    let made = built.get(name);
    if (!made) {
      made = options.tool({
        name,
        description: found.description,
        parameters: found.inputSchema,
        strict: false,
        deferLoading: true,
        execute: async (input) => (await runner.execute(name, typeof input === 'string' && input !== '' ? JSON.parse(input) : (input ?? {}), context)).text,
      });
      built.set(name, made);
    }
    return made;
  };
  const hosted: AgentsHostedToolSearch = {
    type: 'hosted_tool',
    name: 'tool_search',
    providerData: { type: 'tool_search', execution: 'client', description: def.description, parameters: def.inputSchema },
  };
  return options.attachClientToolSearchExecutor(hosted, async ({ toolCall }) => {
    const raw = toolCall?.arguments;
    const args = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : (raw ?? {});
    const result = await runner.execute(search, args, context);
    return foundNames(result)
      .map(asTool)
      .filter((t): t is T => t !== undefined);
  });
}
