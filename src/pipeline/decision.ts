// What a governing step decided about a call, noted for the steps around it. The audit step, which
// wraps the others, reads it after the call ended: a step that lets a call through leaves no trace
// on the result, so `allow` and "confirmed by the user" would otherwise look the same.
import type { ToolCall } from './types.js';

const decisions = new WeakMap<ToolCall, string>();

/** Notes `decision` (`allow`, `confirmed`, `deny`...) for `call`; the step must pass this same call object on. */
export function noteDecision(call: ToolCall, decision: string): void {
  decisions.set(call, decision);
}

/** The decision noted for `call`, if a step noted one. */
export function notedDecision(call: ToolCall): string | undefined {
  return decisions.get(call);
}
