// Report types of a replay and the engine's pure look-ups over a trace: the recorded message closest
// to a deviating one (for the diff), and the recorded answer to an extra list request.
import type { TraceEvent } from './trace-format.js';
import { classify, compareClientMessage } from './normalize.js';

/** One thing the client did that a correct client would not have done. */
export interface ReplayFailure {
  kind: 'invalid-jsonrpc' | 'reused-id' | 'missing-initialized' | 'unexpected' | 'mismatch' | 'missing' | 'unknown-response';
  message: string;
  /** Multi-line readable diff or detail, when there is one. */
  detail?: string;
}

/** The summary a replay ends with; written as JSON for the suite to read. */
export interface ReplayReport {
  ok: boolean;
  protocolVersion?: string;
  expected: number;
  matched: number;
  failures: ReplayFailure[];
  /** Tolerated deviations (unrecorded pings and re-lists), for information. */
  notes: string[];
  /** Every message the client sent, as received (parsed, or raw text when not JSON). */
  received: Array<{ t: number; msg?: unknown; raw?: string }>;
}

/** What the engine does to the outside world. */
export interface ReplaySink {
  send(msg: unknown): void;
  stderr(line: string): void;
  /** The recorded server exited on its own at this point. */
  exit(code: number): void;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const key = (id: unknown) => JSON.stringify(id);
const msgAt = (events: TraceEvent[], i: number): unknown => (events[i] as { msg?: unknown }).msg;

/** Requests a client may repeat at will (after list_changed, on reconnect). */
export const LIST_METHODS: ReadonlySet<string> = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']);

/**
 * The recorded client message closest to `m` among `candidates`: same method (and tool name) first,
 * then eligible ones (index before `front`), then fewest differences, then earliest.
 */
export function closestRecorded(
  events: TraceEvent[],
  candidates: number[],
  front: number,
  m: Obj,
  mapLiveId: (id: unknown) => unknown,
): { i: number; sameStep: boolean } | undefined {
  const sameStep = (i: number) => {
    const r = msgAt(events, i);
    if (!isObj(r) || r.method !== m.method || 'id' in r !== 'id' in m) return false;
    const rn = isObj(r.params) ? r.params.name : undefined;
    const mn = isObj(m.params) ? m.params.name : undefined;
    return rn === mn;
  };
  const score = (i: number) => (sameStep(i) ? 0 : 2) + (i < front ? 0 : 1);
  const ranked = candidates
    .map((i) => ({ i, s: score(i), d: compareClientMessage(msgAt(events, i), m, mapLiveId).length }))
    .sort((a, b) => a.s - b.s || a.d - b.d || a.i - b.i);
  const top = ranked[0];
  return top === undefined ? undefined : { i: top.i, sameStep: sameStep(top.i) };
}

/**
 * For an unrecorded first-page list request: the recorded answer to the latest already-matched
 * request of the same method (or the first one recorded), and where that request is in the trace.
 */
export function recordedListAnswer(events: TraceEvent[], matched: boolean[], m: Obj): { answer: Obj; source: number } | undefined {
  if (!('id' in m) || !LIST_METHODS.has(m.method as string)) return undefined;
  if (isObj(m.params) && m.params.cursor !== undefined) return undefined;
  const requests = events.map((e, i) => ({ e, i })).filter(({ e }) => e.type === 'message' && e.dir === 'c2s' && isObj(e.msg) && e.msg.method === m.method);
  const source = [...requests].reverse().find(({ i }) => matched[i]) ?? requests[0];
  if (source === undefined) return undefined;
  const recId = key((source.e as { msg: Obj }).msg.id);
  const answer = events.find((e) => e.type === 'message' && e.dir === 's2c' && isObj(e.msg) && classify(e.msg).kind === 'response' && key(e.msg.id) === recId);
  if (answer === undefined) return undefined;
  return { answer: (answer as { msg: Obj }).msg, source: source.i };
}
