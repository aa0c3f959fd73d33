// Errors of the call pipeline's steps: a call refused before anything was sent, or a step that failed.
import { McpBridgeError } from '../../protocol/index.js';

export const INTERCEPTOR_REJECTED = 'MCPB_INTERCEPTOR_REJECTED';
export const INTERCEPTOR_FAILED = 'MCPB_INTERCEPTOR_FAILED';

/** A validating interceptor found the call (or its result) invalid; with `phase: 'request'` nothing was sent. */
export class InterceptorRejectedError extends McpBridgeError {
  constructor(interceptor: string, tool: string, phase: 'request' | 'response', messages: string[], context: { server?: string } = {}) {
    const why = messages.length > 0 ? `: ${messages.join('; ')}` : '';
    const sent = phase === 'request' ? ', nothing was sent' : ', after the server answered';
    super(INTERCEPTOR_REJECTED, `Interceptor "${interceptor}" rejected the ${phase} of tool "${tool}"${sent}${why}`, {
      ...context,
      tool,
      interceptor,
      phase,
      hint: `change the call, or the interceptor's rules; set mode: 'audit' on it to log without blocking`,
    });
  }
}

/** An interceptor threw (or returned something unusable) and is not `failOpen`: the call was refused. */
export class InterceptorFailedError extends McpBridgeError {
  constructor(
    interceptor: string,
    tool: string,
    phase: 'request' | 'response',
    reason: string,
    context: { server?: string } = {},
    options?: { cause?: unknown },
  ) {
    super(
      INTERCEPTOR_FAILED,
      `Interceptor "${interceptor}" failed on the ${phase} of tool "${tool}": ${reason}`,
      { ...context, tool, interceptor, phase, hint: `fix the interceptor, or set failOpen: true to let calls through when it fails` },
      options,
    );
  }
}
