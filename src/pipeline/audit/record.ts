// One audit line, built from the call and its result: pure, so the line's shape is tested without a
// file. What counts as a refusal and what as a failure is read off the result: the server's own error
// (`isError` with no bridge error) is a tool error, a bridge error from the call itself is a failure,
// and any other bridge error was a step of the pipeline refusing the call before it was sent.
import type { ToolResult } from '../../bridge/types.js';
import type { CallEntry, ToolCall } from '../types.js';

/** How a call ended, as the audit log records it. */
export type AuditOutcome = 'ok' | 'tool-error' | 'refused' | 'failed';

/** One line of the audit log (JSONL), in the order its keys are written. */
export interface AuditRecord {
  /** When the call entered the pipeline, ISO 8601 in UTC. */
  time: string;
  /** The configured server; null for a native tool. */
  server: string | null;
  /** The tool's name at its origin (the MCP tool name). */
  tool: string;
  /** The exposed name the model called. */
  name: string;
  /** Where the call came from: `registry` (and every adapter), `cli`, `server`, `gateway`. */
  entry: CallEntry;
  /** What the policy decided: `allow`, `confirmed`, `deny`, `not-confirmed`; for a refusal by another step, that step's error code. */
  decision: string;
  outcome: AuditOutcome;
  /** The error code of a refusal or failure; null otherwise. */
  code: string | null;
  /** For a failure, what made the call fail (`MCPB_REQUEST_TIMEOUT`, `MCPB_SERVER_EXITED`...). */
  causeCode?: string;
  /** Milliseconds from entering the pipeline to the result. */
  durationMs: number;
  /** SHA-256 (hex) of the RFC 8785 canonical JSON of the arguments as the call gave them. */
  argsSha256: string;
  /** The arguments as configured (`redacted` or `full`); absent with `none`. */
  args?: unknown;
}

/** The codes of a call that was sent (or was being sent) and failed: everything else with a code is a refusal. */
const FAILURE_CODES: ReadonlySet<string> = new Set(['MCPB_TOOL_CALL_FAILED', 'MCPB_TOOL_RESULT_INVALID', 'MCPB_TOOL_OUTPUT_INVALID']);

/** How `result` ended, and its code. */
export function outcomeOf(result: ToolResult): { outcome: AuditOutcome; code: string | null } {
  if (!result.isError) return { outcome: 'ok', code: null };
  const code = result.error?.code;
  if (code === undefined) return { outcome: 'tool-error', code: null };
  return { outcome: FAILURE_CODES.has(code) ? 'failed' : 'refused', code };
}

/** The policy's refusals, as the decision they stand for. */
const POLICY_REFUSALS: Readonly<Record<string, string>> = { MCPB_POLICY_DENIED: 'deny', MCPB_NOT_CONFIRMED: 'not-confirmed' };

/**
 * What the line says the policy decided: what a step noted on the call (`confirmed`...), else the
 * policy's refusal read off its code (`deny`, `not-confirmed`), else the code of whichever step
 * refused (pins, a user interceptor), else `allow`.
 */
export function decisionOf(outcome: AuditOutcome, code: string | null, noted?: string): string {
  if (outcome === 'refused' && code !== null) return POLICY_REFUSALS[code] ?? noted ?? code;
  return noted ?? 'allow';
}

/** What {@link buildRecord} needs besides the call and its result. */
export interface RecordFacts {
  /** `Date.now()` when the call reached the audit step. */
  startedAtMs: number;
  /** Milliseconds the call took. */
  durationMs: number;
  argsSha256: string;
  args?: unknown;
  /** What a step noted on the call (see `noteDecision`), when one did. */
  policyDecision?: string;
}

/** The audit line for `call`, ended with `result`. */
export function buildRecord(call: ToolCall, result: ToolResult, facts: RecordFacts): AuditRecord {
  const { outcome, code } = outcomeOf(result);
  const causeCode = outcome === 'failed' ? result.error?.causeCode : undefined;
  return {
    time: new Date(facts.startedAtMs).toISOString(),
    server: call.server ?? null,
    tool: call.tool,
    name: call.name,
    entry: call.entry,
    decision: decisionOf(outcome, code, facts.policyDecision),
    outcome,
    code,
    ...(causeCode === undefined ? {} : { causeCode }),
    durationMs: Math.round(facts.durationMs * 1000) / 1000,
    argsSha256: facts.argsSha256,
    ...(facts.args === undefined ? {} : { args: facts.args }),
  };
}
