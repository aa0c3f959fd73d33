// Public surface of the tool registry: the Registry class, its options and reports, provider tool-call types.
export { Registry } from './registry.js';
export type { ToolSearchOptions, ToolSearchResult, ToolSearchSettings } from './tool-search.js';
export type { EmbedTexts } from './search/vectors.js';
export type { LlmSpecs } from './registry.js';
export type {
  AgentTool,
  CallContext,
  NamingProblems,
  NativeCallContext,
  RegisterReport,
  RegistryChange,
  RegistryEvents,
  RegistryOptions,
  RenamedTool,
  ReplaceReport,
  ServerToolOptions,
  SkippedTool,
  ToolCaller,
} from './types.js';
export { parseOpenAiArguments, toOpenAiToolMessage, toAnthropicToolResult } from './tool-calls.js';
export type { OpenAiToolCall, OpenAiToolMessage, AnthropicToolUse, AnthropicToolResult, AnthropicToolResultContent } from './tool-calls.js';
export { closeMatches } from '../util/did-you-mean.js';
