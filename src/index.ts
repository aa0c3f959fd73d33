// Public entry of mcp-bridge: connect to MCP servers and use their tools as agent tools. The
// lighter "mcp-bridge/client" entry has the client alone.
export * from './client/index.js';

// The bridge: config, manager, registry, schema conversion and result conversion.
export { loadConfig, parseConfig, redactServerConfig, ConfigError, configFromObject, defineConfig } from './config/index.js';
export type { ConfigInput, ServerInput, HostServerInput, ObjectConfigOptions } from './config/index.js';
export type { BridgeConfig, ServerConfig, StdioServerConfig, HttpServerConfig, ToolSearchConfig, TransportKind, ConfigIssue } from './config/index.js';
export { Manager } from './manager/manager.js';
export type { ManagerOptions, ManagerEvents, StartSummary } from './manager/manager.js';
export type { ServerHandle } from './manager/server-handle.js';
export type { ServerState, ServerStatus } from './manager/server-handle.js';
export type { HeadersProvider } from '../protocol/http/headers.js';
export { DEFAULT_RESTART_POLICY } from './manager/restart-policy.js';
export type { RestartPolicy } from './manager/restart-policy.js';
export { fileToolListStore, memoryToolListStore } from './manager/saved-tools.js';
export type { SavedToolList, ToolListStore } from './manager/saved-tools.js';
export type { ToolsOrigin } from './manager/lazy-start.js';
export * from './errors/manager-errors.js';
export { Registry } from './adapters/registry.js';
export { ToolRegistry } from './registry/registry.js';
export type { LlmSpecs, LlmSpecByTarget, LlmSpecTarget, ResponsesNativeSpec, ToolSearchSpecOptions } from './registry/registry.js';
export type * from './registry/types.js';
export type * from './registry/tool-calls.js';
export type { ToolSearchOptions, ToolSearchResult, ToolSearchSettings } from './registry/tool-search.js';
export type { EmbedTexts } from './registry/search/vectors.js';
export type * from './bridge/types.js';
export type * from './bridge/llm-specs.js';
export { convertResult, DEFAULT_TEXT_BUDGET, errorResult } from './bridge/result.js';
export { CallPipeline, INTERCEPTOR_STAGES, createInterceptor } from './pipeline/index.js';
export type { InterceptionEvent, MutationResult, MutatorHook, ValidationResult, ValidatorHook } from './pipeline/index.js';
export * from './errors/pipeline-errors.js';
export type { CallEntry, Interceptor, InterceptorStage, NextInterceptor, ToolCall } from './pipeline/index.js';
export { promptToOpenAiMessages, promptToAnthropicMessages, promptToGeminiContents } from './bridge/prompt-messages.js';
export type * from './bridge/prompt-messages.js';
export {
  ToolNotFoundError,
  ToolValidationError,
  ToolSchemaError,
  ToolNameCollisionError,
  ToolCallError,
  ToolArgumentsError,
  ToolCallMalformedError,
  ToolResultError,
} from './errors/bridge-errors.js';

// Framework adapters (AI SDK, OpenAI Responses and Agents, Anthropic tool runner, Gemini, LangChain).
export * from './adapters/index.js';
