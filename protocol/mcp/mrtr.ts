// Multi-round-trip requests (MRTR-1..7), the pure half: reading an `input_required` result and
// building the retry's params. The loop that answers the input requests lives in src/client.
import type { JsonObject } from '../jsonrpc/messages.js';

/** The methods that may answer `input_required` (MRTR-1). */
export const INPUT_REQUIRED_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** The kinds of input a server may ask for, each answered by one client hook. */
export const INPUT_METHODS: ReadonlySet<string> = new Set(['elicitation/create', 'sampling/createMessage', 'roots/list']);

/** One entry of `inputRequests`: what a legacy server would have sent as its own request. */
export interface InputRequest {
  method: string;
  params?: JsonObject;
}

/** An `input_required` result, checked. */
export interface InputRequired {
  /** Keyed input requests; empty when the server sent only `requestState`. */
  inputRequests: Record<string, InputRequest>;
  /** Opaque; echoed byte-exact, never parsed (MRTR-3). */
  requestState?: string;
}

/** Reads an `input_required` result, or returns why it is malformed. */
export function parseInputRequired(result: JsonObject): InputRequired | { invalid: string } {
  const raw = result.inputRequests;
  const state = result.requestState;
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) return { invalid: '"inputRequests" is not an object' };
  if (state !== undefined && typeof state !== 'string') return { invalid: '"requestState" is not a string' };
  if (raw === undefined && state === undefined) return { invalid: 'an input_required result has neither "inputRequests" nor "requestState"' };
  const inputRequests: Record<string, InputRequest> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    const req = value as { method?: unknown; params?: unknown };
    if (typeof req?.method !== 'string') return { invalid: `input request "${key}" has no method` };
    inputRequests[key] = { method: req.method, params: typeof req.params === 'object' && req.params !== null ? (req.params as JsonObject) : undefined };
  }
  return { inputRequests, requestState: state };
}

/**
 * MRTR-3/5: the retry repeats the original params and adds this round's answers and the state,
 * and nothing from an earlier round (a round's answers belong to that one retry).
 */
export function retryParams(original: JsonObject | undefined, inputResponses: Record<string, unknown>, requestState: string | undefined): JsonObject {
  const out: JsonObject = { ...original };
  if (Object.keys(inputResponses).length > 0) out.inputResponses = inputResponses;
  if (requestState !== undefined) out.requestState = requestState;
  return out;
}
