// A 2026-07-28 host cannot be sent requests. When a backend needs input (sampling, elicitation,
// roots) during such a host's call, the gateway answers the call with `input_required` (MRTR) while
// the backend call keeps waiting; the host's retry, carrying the answers and the `requestState` we
// handed out, resumes it. The state is a random handle to the waiting call, good for one retry.
// What waits is bounded: a call not resumed in time is cancelled at its backend, and only so many
// calls may wait at once.
import { randomBytes } from 'node:crypto';
import { ErrorCodes, type JsonObject, type Progress } from '../../protocol/index.js';
import { RpcError } from './rpc-error.js';

/** How long a call waits for the host's retry before its backend call is cancelled. */
export const DEFAULT_INPUT_WAIT_MS = 5 * 60_000;
/** How many calls may wait for a retry at once, across every host of the gateway. */
export const DEFAULT_MAX_WAITING = 100;

export interface InputRoundsOptions {
  /** @defaultValue DEFAULT_INPUT_WAIT_MS */
  waitMs?: number;
  /** @defaultValue DEFAULT_MAX_WAITING */
  maxWaiting?: number;
}

/** Puts one input request to the host; resolves with the host's answer. */
export type AskInput = (method: string, params: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;

/** What a round of a host's call carries. */
export interface RoundRequest {
  /** The tool called: a retry must repeat it with the same arguments (MRTR-3, SERVE-12). */
  tool: string;
  arguments?: unknown;
  requestState?: unknown;
  inputResponses?: unknown;
  /** The round's progress sink (the token and stream of the host's current request). */
  progress?: (progress: Progress) => void;
  /** A connection whose end cancels the waiting call (stdio); absent for stateless HTTP requests. */
  owner?: object;
}

/** Starts the backend call: `ask` reaches the host, `signal` cancels the call, `progress` goes to the current round. */
export type BeginCall = (ask: AskInput, signal: AbortSignal, progress: (progress: Progress) => void) => Promise<JsonObject>;

const KEY_PREFIX: Record<string, string> = { 'sampling/createMessage': 'sampling', 'elicitation/create': 'elicitation', 'roots/list': 'roots' };

type Settled = { value: JsonObject } | { error: unknown };

interface Ask {
  method: string;
  params: Record<string, unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** One host call across its rounds. */
class Trip {
  readonly controller = new AbortController();
  readonly asks = new Map<string, Ask>();
  outcome!: Promise<Settled>;
  progress: ((progress: Progress) => void) | undefined;
  private nextKey = 1;
  private wake: (() => void) | undefined;

  constructor(
    readonly tool: string,
    readonly call: string,
    readonly owner: object | undefined,
  ) {
    this.controller.signal.addEventListener(
      'abort',
      () => {
        for (const ask of this.asks.values()) ask.reject(this.controller.signal.reason);
        this.asks.clear();
      },
      { once: true },
    );
  }

  ask(method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    if (this.controller.signal.aborted) return Promise.reject(this.controller.signal.reason);
    if (signal.aborted) return Promise.reject(signal.reason);
    const key = `${KEY_PREFIX[method] ?? 'input'}-${this.nextKey++}`;
    return new Promise((resolve, reject) => {
      // The backend withdrew its request: the host is not asked it again.
      const onAbort = () => {
        if (this.asks.delete(key)) reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => signal.removeEventListener('abort', onAbort);
      this.asks.set(key, {
        method,
        params,
        resolve: (value) => {
          done();
          resolve(value);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      this.wake?.();
    });
  }

  /** Gives the backend the host's answer to `key`; false when nothing waits under that key. */
  answer(key: string, value: unknown): boolean {
    const ask = this.asks.get(key);
    if (!ask || value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    this.asks.delete(key);
    ask.resolve(value);
    return true;
  }

  /** Resolves once something is asked; the asks of one turn (a backend asking several at once) go together. */
  asked(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.asks.size === 0) return;
        this.wake = undefined;
        setImmediate(resolve);
      };
      this.wake = check;
      check();
    });
  }

  stopWaiting(): void {
    this.wake = undefined;
    this.progress = undefined;
  }
}

/** The calls of 2026 hosts that wait for the host's input, by the `requestState` handed out. */
export class InputRounds {
  private readonly waiting = new Map<string, { trip: Trip; timer: NodeJS.Timeout }>();
  private readonly waitMs: number;
  private readonly maxWaiting: number;

  constructor(options: InputRoundsOptions = {}) {
    this.waitMs = options.waitMs ?? DEFAULT_INPUT_WAIT_MS;
    this.maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
  }

  /** Calls waiting for a retry now. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /**
   * Runs one round of a host's call: the first round begins the backend call, a retry (with
   * `requestState`) resumes the waiting one with the host's answers. Resolves with the call's result
   * or, when the backend asks for input meanwhile, with the `input_required` result to give the host.
   * `signal` is the host request's: it cancels the backend call only while this round runs.
   * @throws RpcError -32602 `MCPB_SERVE_INPUT_STATE_UNKNOWN` for a retry no call waits for; -32603
   *   `MCPB_SERVE_INPUT_LIMIT` when too many calls already wait.
   */
  async run(request: RoundRequest, signal: AbortSignal, begin: BeginCall): Promise<JsonObject> {
    let trip: Trip;
    if (request.requestState === undefined) {
      const fresh = new Trip(request.tool, callKey(request), request.owner);
      fresh.outcome = begin(
        (method, params, s) => fresh.ask(method, params, s),
        fresh.controller.signal,
        (p) => fresh.progress?.(p),
      ).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      trip = fresh;
    } else {
      trip = this.resume(request);
    }
    trip.progress = request.progress;
    const onAbort = () => trip.controller.abort(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    try {
      const next = await Promise.race([trip.outcome, trip.asked().then(() => undefined)]);
      if (next) {
        if ('error' in next) throw next.error;
        return next.value;
      }
      // A cancelled round cancelled the call: nothing is left to resume.
      if (signal.aborted) throw signal.reason;
      return this.park(trip);
    } finally {
      signal.removeEventListener('abort', onAbort);
      trip.stopWaiting();
    }
  }

  /** Cancels the waiting calls begun on `owner` (its connection ended). */
  dropOwner(owner: object, reason = 'the host went away'): void {
    for (const [state, { trip, timer }] of this.waiting) {
      if (trip.owner !== owner) continue;
      this.waiting.delete(state);
      clearTimeout(timer);
      trip.controller.abort(new Error(reason));
    }
  }

  /** Cancels every waiting call (shutdown). */
  close(): void {
    for (const { trip, timer } of this.waiting.values()) {
      clearTimeout(timer);
      trip.controller.abort(new Error('the gateway is shutting down'));
    }
    this.waiting.clear();
  }

  private resume(request: RoundRequest): Trip {
    const state = request.requestState;
    const entry = typeof state === 'string' ? this.waiting.get(state) : undefined;
    if (!entry) {
      throw new RpcError(
        ErrorCodes.InvalidParams,
        `tools/call "${request.tool}": its requestState is unknown or expired in mcp-bridge serve (each one answers a single retry, within ${Math.round(this.waitMs / 1000)} s); call the tool again without requestState and inputResponses`,
        { code: 'MCPB_SERVE_INPUT_STATE_UNKNOWN', tool: request.tool },
      );
    }
    this.waiting.delete(state as string);
    clearTimeout(entry.timer);
    const trip = entry.trip;
    if (trip.call !== callKey(request)) {
      trip.controller.abort(new Error('the retry is another call'));
      const what = trip.tool === request.tool ? `"${trip.tool}" with other arguments` : `"${trip.tool}"`;
      throw new RpcError(
        ErrorCodes.InvalidParams,
        `tools/call "${request.tool}": its requestState belongs to a call of ${what} (a retry repeats the original request); that call was cancelled`,
        { code: 'MCPB_SERVE_INPUT_STATE_UNKNOWN', tool: request.tool },
      );
    }
    const responses = request.inputResponses;
    if (responses !== null && typeof responses === 'object' && !Array.isArray(responses)) {
      // An answer missing or malformed leaves its request waiting: the next round asks it again.
      for (const [key, value] of Object.entries(responses)) trip.answer(key, value);
    }
    return trip;
  }

  private park(trip: Trip): JsonObject {
    if (this.waiting.size >= this.maxWaiting) {
      trip.controller.abort(new Error('too many calls wait for input'));
      throw new RpcError(
        ErrorCodes.InternalError,
        `tools/call "${trip.tool}" needs input from the host, but ${this.maxWaiting} calls already wait for theirs in mcp-bridge serve; the call was cancelled, retry it once others finished`,
        { code: 'MCPB_SERVE_INPUT_LIMIT', tool: trip.tool },
      );
    }
    const state = randomBytes(24).toString('base64url');
    const timer = setTimeout(() => {
      if (this.waiting.delete(state)) trip.controller.abort(new Error(`the host did not retry within ${Math.round(this.waitMs / 1000)} s`));
    }, this.waitMs);
    timer.unref();
    this.waiting.set(state, { trip, timer });
    const inputRequests: JsonObject = {};
    for (const [key, ask] of trip.asks) inputRequests[key] = { method: ask.method, params: ask.params as JsonObject };
    return { resultType: 'input_required', inputRequests, requestState: state };
  }
}

// SERVE-12: a state answers only a retry of the request it was handed out for: same tool, same
// arguments (compared whatever the order of their keys).
function callKey(request: RoundRequest): string {
  return JSON.stringify([request.tool, request.arguments ?? {}], (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
