// Interceptors in the shape of the MCP interceptors proposal (SEP-2624): a validator or a mutator
// that hooks the request phase, the response phase or both, in `active` mode (it decides) or `audit`
// mode (it is heard, never obeyed), failing closed unless `failOpen`. Turned into a pipeline step.
import type { ToolResult } from '../bridge/types.js';
import { errorResult } from '../bridge/result.js';
import { InterceptorFailedError, InterceptorRejectedError } from '../errors/pipeline-errors.js';
import type { Interceptor, InterceptorStage, ToolCall } from './types.js';

/** What a hook is shown: the call before it is sent, or the call and its result. */
export type InterceptionEvent = { phase: 'request'; call: ToolCall } | { phase: 'response'; call: ToolCall; result: ToolResult };

/** A validator's verdict. */
export interface ValidationResult {
  valid: boolean;
  /** Why, for the error and the audit callback. */
  messages?: string[];
}

/** A mutator's answer: the arguments (request phase) or the result (response phase) to use instead. */
export type MutationResult = { modified: false } | { modified: true; arguments: Record<string, unknown> } | { modified: true; result: ToolResult };

interface HookOptions {
  name: string;
  /** Which phases the hook sees. @defaultValue `'request'` */
  phase?: 'request' | 'response' | 'both';
  /** `active`: the verdict or change applies; `audit`: it is reported to `onAudit` and the call goes on unchanged. @defaultValue `'active'` */
  mode?: 'active' | 'audit';
  /** When the hook throws, let the call through (true) or refuse it (false). @defaultValue `false` */
  failOpen?: boolean;
  /** Where the step sits. @defaultValue `'user'` */
  stage?: InterceptorStage;
  /** Told what an `audit`-mode hook would have done, and any failure let through by `failOpen`. */
  onAudit?: (report: {
    interceptor: string;
    phase: 'request' | 'response';
    call: ToolCall;
    verdict?: ValidationResult | MutationResult;
    error?: unknown;
  }) => void;
}

/** A validating interceptor: says whether a call (or its result) may go on. */
export interface ValidatorHook extends HookOptions {
  type: 'validation';
  handler(event: InterceptionEvent): ValidationResult | Promise<ValidationResult>;
}

/** A mutating interceptor: may replace a call's arguments or its result. */
export interface MutatorHook extends HookOptions {
  type: 'mutation';
  handler(event: InterceptionEvent): MutationResult | Promise<MutationResult>;
}

/**
 * A pipeline step from a SEP-2624-shaped validator or mutator.
 * @example
 * registry.use(createInterceptor({
 *   name: 'no-paths-outside-tmp', type: 'validation',
 *   handler: ({ call }) => ({ valid: !String(call.arguments.path ?? '/tmp').startsWith('/etc'), messages: ['paths under /etc are off limits'] }),
 * }));
 */
export function createInterceptor(hook: ValidatorHook | MutatorHook): Interceptor {
  const phase = hook.phase ?? 'request';
  const onRequest = phase !== 'response';
  const onResponse = phase !== 'request';
  const audit = hook.mode === 'audit';
  const context = (call: ToolCall) => (call.server !== undefined ? { server: call.server } : {});

  // Runs the hook; undefined means "go on unchanged", else the verdict to apply.
  const ask = async (event: InterceptionEvent): Promise<ValidationResult | MutationResult | ToolResult | undefined> => {
    let verdict: ValidationResult | MutationResult;
    try {
      verdict = await hook.handler(event);
      if (typeof verdict !== 'object' || verdict === null)
        throw new TypeError(`expected ${hook.type === 'validation' ? '{ valid }' : '{ modified }'}, got ${String(verdict)}`);
    } catch (error) {
      if (hook.failOpen || audit) {
        hook.onAudit?.({ interceptor: hook.name, phase: event.phase, call: event.call, error });
        return undefined;
      }
      const reason = error instanceof Error ? error.message : String(error);
      return errorResult(new InterceptorFailedError(hook.name, event.call.name, event.phase, reason, context(event.call), { cause: error }));
    }
    if (audit) {
      hook.onAudit?.({ interceptor: hook.name, phase: event.phase, call: event.call, verdict });
      return undefined;
    }
    return verdict;
  };

  return {
    name: hook.name,
    stage: hook.stage ?? 'user',
    async intercept(call, next) {
      if (onRequest) {
        const verdict = await ask({ phase: 'request', call });
        if (verdict && 'text' in verdict) return verdict;
        if (verdict && 'valid' in verdict && !verdict.valid)
          return errorResult(new InterceptorRejectedError(hook.name, call.name, 'request', verdict.messages ?? [], context(call)));
        if (verdict && 'modified' in verdict && verdict.modified && 'arguments' in verdict) call.arguments = verdict.arguments;
      }
      const result = await next(call);
      if (!onResponse) return result;
      const verdict = await ask({ phase: 'response', call, result });
      if (verdict && 'text' in verdict) return verdict;
      if (verdict && 'valid' in verdict && !verdict.valid)
        return errorResult(new InterceptorRejectedError(hook.name, call.name, 'response', verdict.messages ?? [], context(call)));
      if (verdict && 'modified' in verdict && verdict.modified && 'result' in verdict) return verdict.result;
      return result;
    },
  };
}
