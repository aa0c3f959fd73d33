export { CallPipeline } from './chain.js';
export { INTERCEPTOR_STAGES } from './types.js';
export type { CallContext, CallEntry, EarlyRefusal, Interceptor, InterceptorStage, NextInterceptor, ToolCall } from './types.js';
export { noteDecision, notedDecision } from './decision.js';
export { createInterceptor } from './hooks.js';
export type { InterceptionEvent, MutationResult, MutatorHook, ValidationResult, ValidatorHook } from './hooks.js';
