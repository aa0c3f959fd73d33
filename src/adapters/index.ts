// Framework adapters: each turns the registry's live tools into what one agent stack takes, with no
// dependency on that stack (its shapes are structural; a class, where needed, is passed in).
export { toAiSdkTools, toAiSdkOutput } from './ai-sdk.js';
export type { AiSdk6Part, AiSdk7Part, AiSdkDynamicTool, AiSdkToolOutput, AiSdkToolsOptions, AiSdkToolCallOptions, StandardJsonSchema } from './ai-sdk.js';
export { executeResponsesCall, toResponsesOutput, toResponsesTool } from './openai-responses.js';
export type { ResponsesFunctionCall, ResponsesFunctionCallOutput, ResponsesFunctionTool, ResponsesOutputContent } from './openai-responses.js';
export { executeGeminiFunctionCall, toGeminiCallableTool, toGeminiFunctionResponse, toGeminiJsonSchemaDeclaration } from './gemini.js';
export type { GeminiCallableTool, GeminiCallableToolOptions, GeminiFunctionCall, GeminiFunctionResponsePart, GeminiJsonSchemaDeclaration } from './gemini.js';
export { toAnthropicRunnableTools } from './anthropic-runnable.js';
export type { AnthropicRunnableContent, AnthropicRunnableTool, AnthropicRunnableToolsOptions } from './anthropic-runnable.js';
export { toAgentsMcpServer, toAgentsToolSearch } from './openai-agents.js';
export type {
  AgentsHostedToolSearch,
  AgentsMcpServer,
  AgentsMcpServerOptions,
  AgentsMcpTool,
  AgentsToolFactory,
  AgentsToolSearchOptions,
  AgentsToolSearchRunner,
} from './openai-agents.js';
export { executeResponsesToolSearchCall, toAnthropicToolSearchResult } from '../registry/search-wire.js';
export type {
  AnthropicToolReference,
  AnthropicToolSearchResult,
  NativeToolSearchRunner,
  ResponsesToolSearchCall,
  ResponsesToolSearchOutput,
  ResponsesToolSearchTool,
} from '../registry/search-wire.js';
export { toLangChainTools } from './langchain.js';
export type { LangChainArtifact, LangChainToolFactory, LangChainToolFields, LangChainToolsOptions } from './langchain.js';
export type { ToolRunner, ToolSelection } from './runner.js';
