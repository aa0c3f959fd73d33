// The policy as a pipeline step: a denied tool is refused and left out of the specs, a tool to
// confirm runs only once `onConfirm` says yes, and the server is never asked about either. The
// consent comes from the host's hook alone: a server's own elicitation cannot stand in for it.
import { noteDecision } from '../decision.js';
import { errorResult } from '../../bridge/result.js';
import type { ToolDef, ToolResult } from '../../bridge/types.js';
import type { Interceptor, NextInterceptor, ToolCall } from '../types.js';
import { PolicyRules } from './decide.js';
import { NotConfirmedError, PolicyDeniedError, type NotConfirmedReason, type RefusedCall } from './errors.js';
import { checkPolicyOptions } from './options.js';
import type { ConfirmHandler, PolicyDecision, PolicyOptions } from './types.js';

/** The policy step: a pipeline {@link Interceptor} that can also say how it would decide. */
export interface PolicyInterceptor extends Interceptor {
  readonly stage: 'policy';
  /** How a call to `definition` would be decided (no call made, nobody asked). */
  decide(definition: ToolDef): PolicyDecision;
}

/**
 * A tool-call policy for the call pipeline: ordered rules, first match wins, `default` when none
 * matches. `deny` refuses the call with `MCPB_POLICY_DENIED` (and, unless `showDenied`, leaves the
 * tool out of the specs, `list()` and search); `confirm` runs it only when `onConfirm` returns
 * true, else refuses with `MCPB_NOT_CONFIRMED`; without `onConfirm` (here, on the Registry or the
 * Manager) it refuses. Nothing is sent to the server for a refused call.
 * @example
 * const registry = new Registry();
 * registry.use(createPolicy({
 *   default: 'confirm',
 *   rules: [{ annotations: { readOnlyHint: true }, action: 'allow' }, { tools: ['fs_write_*'], action: 'deny', reason: 'read-only agent' }],
 *   onConfirm: async (call) => askUser(`Run ${call.tool}?`),
 * }));
 * @throws InvalidOptionsError (`MCPB_INVALID_OPTIONS`) when an action, glob or hint is malformed.
 */
export function createPolicy(options: PolicyOptions = {}): PolicyInterceptor {
  checkPolicyOptions(options);
  const rules = new PolicyRules(options);
  const source = options.source ?? 'the policy';
  const showDenied = options.showDenied === true;
  // A decision is a function of the definition alone (its name, server and annotations) and the rules,
  // both fixed: kept per definition, so a call costs a lookup instead of the rules' globs. A tools/list_changed
  // brings new definition objects, decided on first sight.
  const decided = new WeakMap<ToolDef, PolicyDecision>();
  const decide = (definition: ToolDef): PolicyDecision => {
    let decision = decided.get(definition);
    if (decision === undefined) {
      decision = rules.decide(definition);
      decided.set(definition, decision);
    }
    return decision;
  };
  const refuseOrAsk = async (call: ToolCall, next: NextInterceptor, kept: PolicyDecision): Promise<ToolResult> => {
    const decision = { ...kept };
    const refused: RefusedCall = { name: call.name, server: call.server ?? call.definition.server ?? '', tool: call.tool };
    if (decision.action === 'deny') return errorResult(new PolicyDeniedError(refused, decision, source));
    const handler = options.onConfirm ?? call.context.onConfirm;
    const answer = await confirm(handler, call, decision);
    if (answer.ok) {
      noteDecision(call, 'confirmed');
      return next(call);
    }
    return errorResult(new NotConfirmedError(refused, decision, source, answer.reason, answer.cause === undefined ? undefined : { cause: answer.cause }));
  };
  return {
    name: 'policy',
    stage: 'policy',
    // A copy: the caller may change what it gets, the kept decision stays.
    decide: (definition) => ({ ...decide(definition) }),
    hides: (definition) => !showDenied && decide(definition).action === 'deny',
    // Not an async function: an allowed call costs a lookup and the next step, no promise of its own.
    intercept(call: ToolCall, next: NextInterceptor): Promise<ToolResult> {
      const decision = decide(call.definition);
      return decision.action === 'allow' ? next(call) : refuseOrAsk(call, next, decision);
    },
  };
}

type Answer = { ok: true } | { ok: false; reason: NotConfirmedReason; cause?: unknown };

/** Asks `handler`, giving up when the call's signal fires; only a literal `true` confirms. */
async function confirm(handler: ConfirmHandler | undefined, call: ToolCall, decision: PolicyDecision): Promise<Answer> {
  if (!handler) return { ok: false, reason: 'no-handler' };
  const signal = call.context.signal;
  if (signal?.aborted) return { ok: false, reason: 'aborted', cause: signal.reason };
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<Answer>((resolve) => {
    if (!signal) return;
    onAbort = () => resolve({ ok: false, reason: 'aborted', cause: signal.reason });
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const asked = (async (): Promise<Answer> => {
    try {
      return (await handler(call, decision)) === true ? { ok: true } : { ok: false, reason: 'refused' };
    } catch (cause) {
      return { ok: false, reason: 'failed', cause };
    }
  })();
  try {
    return await Promise.race([asked, aborted]);
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
