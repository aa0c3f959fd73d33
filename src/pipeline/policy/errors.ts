// The two refusals of a policy, each with what was refused, which rule refused it, and what to
// change: a denied tool (MCPB_POLICY_DENIED) and a call nobody confirmed (MCPB_NOT_CONFIRMED).
import { McpBridgeError } from '../../../protocol/errors/base.js';
import type { PolicyDecision } from './types.js';

/** The code of {@link PolicyDeniedError}, in the catalogue. */
export const POLICY_DENIED = 'MCPB_POLICY_DENIED';
/** The code of {@link NotConfirmedError}, in the catalogue. */
export const NOT_CONFIRMED = 'MCPB_NOT_CONFIRMED';

/** The call that was refused, as a refusal names it. */
export interface RefusedCall {
  /** The exposed name. */
  name: string;
  server: string;
  /** The tool's name on its server. */
  tool: string;
}

/** Why a confirmation did not come: refused, nobody to ask, the asking failed, or the caller gave up. */
export type NotConfirmedReason = 'refused' | 'no-handler' | 'failed' | 'aborted';

/** A policy rule (or its default) denies this tool; nothing was sent. */
export class PolicyDeniedError extends McpBridgeError {
  constructor(call: RefusedCall, decision: PolicyDecision, source: string) {
    super(POLICY_DENIED, `${describeCall(call)} is denied by ${describeRule(decision, source)}; nothing was sent`, {
      ...context(call, decision),
      hint:
        decision.rule === undefined
          ? `to let it run, add a rule with action allow (or confirm) that matches it to the rules of ${source}`
          : `to let it run, change rules[${decision.rule}] of ${source}, or put a rule with action allow (or confirm) that matches it before that one`,
    });
  }
}

/** A `confirm` rule caught the call and it was not confirmed; nothing was sent. */
export class NotConfirmedError extends McpBridgeError {
  readonly reason: NotConfirmedReason;

  constructor(call: RefusedCall, decision: PolicyDecision, source: string, reason: NotConfirmedReason, options?: { cause?: unknown }) {
    const why = {
      refused: 'the confirmation was refused',
      'no-handler': 'there is no onConfirm handler to ask, so it was refused',
      failed: `asking for confirmation failed (${options?.cause instanceof Error ? options.cause.message : String(options?.cause)}), so it was refused`,
      aborted: 'the call was aborted while waiting for confirmation',
    }[reason];
    super(
      NOT_CONFIRMED,
      `${describeCall(call)} needs confirmation (${describeRule(decision, source)}) and ${why}; nothing was sent`,
      {
        ...context(call, decision),
        notConfirmed: reason,
        ...(reason === 'no-handler'
          ? { hint: 'pass onConfirm to the Manager, the Registry or createPolicy (on the command line: run it on a terminal, or pass --yes)' }
          : {}),
      },
      options,
    );
    this.reason = reason;
  }
}

function describeCall(call: RefusedCall): string {
  return `Tool "${call.tool}" of server "${call.server}"${call.name !== call.tool ? ` (exposed as "${call.name}")` : ''}`;
}

function describeRule(decision: PolicyDecision, source: string): string {
  if (decision.rule === undefined) return `the default (default: ${decision.action}) of ${source}`;
  return `rules[${decision.rule}] of ${source}${decision.reason !== undefined ? ` ("${decision.reason}")` : ''}`;
}

function context(call: RefusedCall, decision: PolicyDecision): Record<string, unknown> {
  return {
    server: call.server,
    tool: call.tool,
    name: call.name,
    action: decision.action,
    ...(decision.rule !== undefined ? { rule: decision.rule } : { rule: 'default' }),
    ...(decision.reason !== undefined ? { reason: decision.reason } : {}),
  };
}
