// MRTR-2..6, the loop: answer each `input_required` round through the same hooks that answer a
// legacy server's own requests (roots, sampling, elicitation), then retry with a new id.
import { INPUT_REQUIRED_METHODS, parseInputRequired, resultTypeOf, retryParams, type JsonObject } from '../../protocol/index.js';
import { InputHandlerMissingError, InputRequestFailedError, InputRoundsExceededError } from '../errors/era-errors.js';
import { InvalidResultError } from '../errors/session-errors.js';
import type { RequestOptions, Session } from '../session/session.js';
import { DEFAULT_MAX_INPUT_ROUNDS } from './client-options.js';

/** Pause before a retry that only echoes `requestState` (no input asked): the server is polling us. */
const STATE_ONLY_PAUSE_MS = 100;

/** Sends one round; the path adds the envelope and returns the raw result. */
type SendRound = (params: JsonObject | undefined) => Promise<JsonObject>;

/**
 * Runs `method` to a complete result. Every round is a new request (MRTR-4) carrying the original
 * params plus this round's answers and the server's state, copied as received (MRTR-3, -5).
 * @throws InvalidResultError for an unknown `resultType` or `input_required` where it may not appear (MRTR-1).
 * @throws InputHandlerMissingError, InputRequestFailedError, InputRoundsExceededError.
 */
export async function runToCompletion(
  session: Session,
  method: string,
  params: JsonObject | undefined,
  send: SendRound,
  options: RequestOptions & { maxRounds?: number; server?: string },
): Promise<JsonObject> {
  const ctx = { server: options.server, method };
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_INPUT_ROUNDS;
  let roundParams = params;
  for (let round = 1; ; round++) {
    const result = await send(roundParams);
    const type = resultTypeOf(result);
    if (typeof type === 'object') throw new InvalidResultError(ctx, type.invalid);
    // A task (Tasks extension) is the path's to follow; it is no round of this loop.
    if (type === 'complete' || type === 'task') return result;
    if (!INPUT_REQUIRED_METHODS.has(method)) throw new InvalidResultError(ctx, `${method} may not answer input_required (MRTR-1)`);
    if (round >= maxRounds) throw new InputRoundsExceededError({ ...ctx, rounds: round });
    const asked = parseInputRequired(result);
    if ('invalid' in asked) throw new InvalidResultError(ctx, asked.invalid);
    const responses: Record<string, unknown> = {};
    const signal = options.signal ?? new AbortController().signal;
    for (const [key, input] of Object.entries(asked.inputRequests)) {
      const where = { ...ctx, inputMethod: input.method, key };
      if (!session.hasRequestHandler(input.method) || input.method === 'ping') throw new InputHandlerMissingError(where);
      const outcome = await session.serveLocally(input.method, input.params, signal);
      if ('error' in outcome) throw new InputRequestFailedError(where, `${outcome.error.message} (${outcome.error.code})`);
      responses[key] = outcome.result;
    }
    if (Object.keys(asked.inputRequests).length === 0) await pause(STATE_ONLY_PAUSE_MS, signal);
    roundParams = retryParams(params, responses, asked.requestState);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
