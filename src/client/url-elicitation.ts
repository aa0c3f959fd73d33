// URL elicitation required (-32042, 2025-11-25, ELICIT-9..11): turns the server's error into a typed
// one carrying the elicitations, and, when the caller set a hook, lets it complete them and retries
// the request, a bounded number of times so a server repeating the demand cannot loop us forever.
// Loaded with connect.ts: only a connected client gets the error.
import { ErrorCodes, isMcpError } from '../../protocol/index.js';
import { UrlElicitationRequiredError } from '../errors/client-errors.js';
import { MAX_URL_ELICITATION_ROUNDS } from './client-options.js';

type UrlElicitation = UrlElicitationRequiredError['elicitations'][number];

/** Decides what to do about URL elicitations a request needs; resolve `true` to retry the request. */
export type UrlElicitationHook = (
  elicitations: UrlElicitation[],
  context: { server?: string; method: string; signal?: AbortSignal },
) => boolean | Promise<boolean>;

/** The typed error for a -32042 answer, or `undefined` for any other error. */
export function asUrlElicitationError(error: unknown, ctx: { server?: string; method: string }): UrlElicitationRequiredError | undefined {
  if (!isMcpError(error) || error.code !== ErrorCodes.UrlElicitationRequired) return undefined;
  const raw = (error.data as { elicitations?: unknown } | undefined)?.elicitations;
  const list = Array.isArray(raw) ? raw.filter((e): e is UrlElicitation => typeof e?.url === 'string' && typeof e?.elicitationId === 'string') : [];
  return new UrlElicitationRequiredError(
    ctx,
    list.map((e) => ({ ...e, mode: 'url', message: typeof e.message === 'string' ? e.message : '' })),
    error,
  );
}

/**
 * Runs `send`; on -32042 throws the typed error, or with a hook lets it complete the elicitations
 * and sends again (at most {@link MAX_URL_ELICITATION_ROUNDS} times).
 */
export function withUrlElicitation<R>(
  send: () => Promise<R>,
  ctx: { server?: string; method: string; signal?: AbortSignal },
  hook?: UrlElicitationHook,
): Promise<R> {
  let first: Promise<R>;
  try {
    first = send();
  } catch (error) {
    first = Promise.reject(error);
  }
  return first.catch((error: unknown) => afterUrlElicitationError(error, send, ctx, hook));
}

/**
 * {@link withUrlElicitation} from the first failure on: a caller that sent the request itself hands
 * its error here, so a request that succeeds pays for none of this (every tool call takes the path).
 */
export async function afterUrlElicitationError<R>(
  error: unknown,
  send: () => Promise<R>,
  ctx: { server?: string; method: string; signal?: AbortSignal },
  hook: UrlElicitationHook | undefined,
): Promise<R> {
  for (let round = 0; ; round++) {
    const typed = asUrlElicitationError(error, { server: ctx.server, method: ctx.method });
    if (!typed) throw error;
    if (!hook || round >= MAX_URL_ELICITATION_ROUNDS || typed.elicitations.length === 0) throw typed;
    if (!(await hook(typed.elicitations, ctx))) throw typed;
    try {
      return await send();
    } catch (next) {
      error = next;
    }
  }
}
