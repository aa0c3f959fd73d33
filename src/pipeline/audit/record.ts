// One audit line, built from the call and its result: pure, so the line's shape is tested without a
// file. What counts as a refusal and what as a failure is read off the result: the server's own error
// (`isError` with no bridge error) is a tool error, a bridge error from the call itself is a failure,
// and any other bridge error was a step of the pipeline refusing the call before it was sent.
// The line is written as a string, not as a record object given to JSON.stringify: on the call path
// the object and the generic stringify cost more than the SHA-256 of the arguments. Every string
// goes through `jsonString`, which is JSON.stringify's own escaping whenever a character needs one.
import type { ToolDef, ToolResult } from '../../bridge/types.js';
import { jsonString } from '../../util/canonical-json.js';
import type { CallEntry, ToolCall } from '../types.js';

/** How a call ended, as the audit log records it. */
export type AuditOutcome = 'ok' | 'tool-error' | 'refused' | 'failed';

/** One line of the audit log (JSONL), in the order its keys are written. */
export interface AuditRecord {
  /** When the call reached the audit step, ISO 8601 in UTC. */
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
  /** Milliseconds from entering the pipeline to the result, to the microsecond. */
  durationMs: number;
  /** SHA-256 (hex) of the RFC 8785 canonical JSON of the arguments as the call gave them. */
  argsSha256: string;
  /** The arguments as configured (`redacted` or `full`), members in canonical order; absent with `none`. */
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
  if (outcome === 'refused' && code !== null) return (Object.hasOwn(POLICY_REFUSALS, code) ? POLICY_REFUSALS[code] : undefined) ?? noted ?? code;
  return noted ?? 'allow';
}

/** What {@link auditLine} needs besides the call and its result. */
export interface RecordFacts {
  /** `Date.now()` when the call reached the audit step. */
  startedAtMs: number;
  /** Milliseconds the call took. */
  durationMs: number;
  argsSha256: string;
  /** The arguments' JSON text as the line carries it; none for `args: none`. */
  argsJson?: string;
  /** What a step noted on the call (see `noteDecision`), when one did. */
  policyDecision?: string;
}

/** What a line names of a call: a call that ran the pipeline, or one refused before it (no definition when its tool is unknown). */
export type LineCall = Pick<ToolCall, 'name' | 'server' | 'tool' | 'entry'> & { readonly definition?: ToolDef };

/** The audit line (JSON, no newline) for `call`, ended with `result`; its members are those of {@link AuditRecord}. */
export function auditLine(call: LineCall, result: ToolResult, facts: RecordFacts): string {
  const { outcome, code } = outcomeOf(result);
  const causeCode = outcome === 'failed' ? result.error?.causeCode : undefined;
  return (
    `{"time":"${isoTime(facts.startedAtMs)}"${whoPart(call)},"entry":${entryJson(call.entry)}` +
    `,"decision":${jsonString(decisionOf(outcome, code, facts.policyDecision))},"outcome":"${outcome}"` +
    `,"code":${code === null ? 'null' : jsonString(code)}${causeCode === undefined ? '' : `,"causeCode":${jsonString(causeCode)}`}` +
    `,"durationMs":${millis(facts.durationMs)},"argsSha256":"${facts.argsSha256}"${facts.argsJson === undefined ? '' : `,"args":${facts.argsJson}`}}`
  );
}

/** `,"server":…,"tool":…,"name":…` for a definition, written once: its calls name the same three. */
interface Who {
  server: string | undefined;
  tool: string;
  name: string;
  text: string;
}
const whoByDefinition = new WeakMap<ToolDef, Who>();

function whoPart(call: LineCall): string {
  const definition = call.definition;
  const known = definition === undefined ? undefined : whoByDefinition.get(definition);
  // A step may hand on a call with other names than its definition's: then the call's own are written.
  if (known !== undefined && known.server === call.server && known.tool === call.tool && known.name === call.name) return known.text;
  const text = `,"server":${call.server === undefined ? 'null' : jsonString(call.server)},"tool":${jsonString(call.tool)},"name":${jsonString(call.name)}`;
  if (definition !== undefined) whoByDefinition.set(definition, { server: call.server, tool: call.tool, name: call.name, text });
  return text;
}

const ENTRIES: Readonly<Record<string, string>> = { registry: '"registry"', cli: '"cli"', server: '"server"', gateway: '"gateway"' };

function entryJson(entry: CallEntry): string {
  return (Object.hasOwn(ENTRIES, entry) ? ENTRIES[entry] : undefined) ?? jsonString(String(entry));
}

// The ISO text of the current second, kept: toISOString per call cost more than the line's hash.
let isoSecond = Number.NaN;
let isoPrefix = '';

/** `ms` (since the epoch) as `Date.toISOString` writes it, `2026-12-05T05:14:51.123Z`. */
export function isoTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    // Everything up to the milliseconds: `…:51.` (years past 9999 are written `+010000-…`, still ending `.sssZ`).
    const iso = new Date(second * 1000).toISOString();
    isoPrefix = iso.slice(0, iso.length - 4);
    isoSecond = second;
  }
  const milli = Math.floor(ms) - second * 1000;
  return `${isoPrefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}

/**
 * A duration rounded to the microsecond, as JSON writes `Math.round(ms * 1000) / 1000`, from its
 * integer count of microseconds (the double's shortest text is what costs: integers and a join do not).
 */
export function millis(ms: number): string {
  const micros = Math.round(ms * 1000);
  if (!Number.isSafeInteger(micros) || micros < 0) return JSON.stringify(micros / 1000);
  const whole = Math.floor(micros / 1000);
  let frac = micros - whole * 1000;
  if (frac === 0) return `${whole}`;
  let digits = 3;
  while (frac % 10 === 0) {
    frac /= 10;
    digits--;
  }
  const text = `${frac}`;
  return `${whole}.${'00'.slice(0, digits - text.length)}${text}`;
}
