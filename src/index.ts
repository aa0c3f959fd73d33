// Public entry of mcp-bridge: connect to MCP servers and use their tools as agent tools. The
// lighter "mcp-bridge/client" entry has the client alone.
export * from './client/index.js';

// The bridge: config, manager, registry, schema conversion and result conversion.
export { loadConfig, parseConfig, redactServerConfig, ConfigError, configFromObject, defineConfig } from './config/index.js';
export type { ConfigInput, ServerInput, HostServerInput, ObjectConfigOptions } from './config/index.js';
export type {
  AuditConfig,
  BridgeConfig,
  ServerConfig,
  StdioServerConfig,
  HttpServerConfig,
  PinsConfig,
  ProfileConfig,
  TelemetryConfig,
  ToolSearchConfig,
  ScanModeConfig,
  TransportKind,
  ConfigIssue,
} from './config/index.js';
export type { PolicyActionConfig, PolicyConfig, PolicyRuleConfig } from './config/index.js';
// The governance steps' errors and types; their factories (createPins, createScanner, createPolicy,
// createAuditLog...) are in "mcp-bridge/governance", loaded only by who uses them.
export { NotConfirmedError, PolicyDeniedError } from './pipeline/policy/errors.js';
export type {
  ConfirmHandler,
  EffectiveHints,
  NotConfirmedReason,
  PolicyAction,
  PolicyDecision,
  PolicyHint,
  PolicyInterceptor,
  PolicyOptions,
  PolicyRule,
  PolicySettings,
  RefusedCall,
} from './pipeline/policy/index.js';
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
export type { CallEntry, EarlyRefusal, Interceptor, InterceptorStage, NextInterceptor, ToolCall } from './pipeline/index.js';
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

export { ToolChangedError, PinLockError, PinLockMissingError } from './errors/pin-errors.js';
export type { PinDecision, Pins, PinsOptions } from './pipeline/pins/pins.js';
export type { PinChange, PinChangeKind } from './pipeline/pins/classify.js';
export type { PinLock, LockServer, LockTool } from './pipeline/pins/lock.js';
export type { PinnedFields } from './pipeline/pins/definition.js';
export { ToolFlaggedError } from './errors/scan-errors.js';
export type { ScanMode, ScannerOptions, ScannerStep, ScanTarget, ScanFinding, ScanRuleId, ScanSeverity, ScanContext } from './pipeline/scan/index.js';
export type { FlaggedFinding } from './errors/scan-errors.js';
// OpenTelemetry tracing of every request, loaded (with @opentelemetry/api) only when asked for.
export { createTelemetry } from './telemetry/index.js';
export type { TelemetryOptions, TracerLike } from './telemetry/index.js';

// Framework adapters (AI SDK, OpenAI Responses and Agents, Anthropic tool runner, Gemini, LangChain).
export * from './adapters/index.js';

// What a step of the caller's own may record of its decision, and the audit log's write failure.
export { noteDecision, notedDecision } from './pipeline/decision.js';
export { AuditWriteError } from './errors/audit-errors.js';
export type { AuditArgsMode, AuditLog, AuditLogOptions, AuditOutcome, AuditRecord } from './pipeline/audit/index.js';
