export { CallPipeline } from './chain.js';
export type { CallContext, CallEntry, Interceptor, NextInterceptor, ToolCall } from './types.js';
