// Small helpers for the OAuth module's own requests: JSON GETs with a bound, and the
// oauth4webapi options that route every request through the server's dispatcher.
import type { AuthFetch } from '../transports/http/auth-handler.js';

/** Bound on one OAuth request (metadata, registration, token). */
export const OAUTH_REQUEST_TIMEOUT_MS = 30_000;

/** A signal that aborts with the caller's or after the OAuth request timeout. */
export function boundedSignal(signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(OAUTH_REQUEST_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** GETs `url` as JSON; undefined for a non-2xx answer or a body that is not a JSON object. */
export async function getJson(fetch: AuthFetch, url: string, signal?: AbortSignal): Promise<{ status: number; value?: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'GET',
    headers: { accept: 'application/json', 'mcp-protocol-version': '2025-11-25' },
    signal: boundedSignal(signal),
    redirect: 'manual',
  });
  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status };
  }
  const text = await response.text();
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? { status: response.status, value: value as Record<string, unknown> }
      : { status: response.status };
  } catch {
    return { status: response.status };
  }
}

/** Strings of a JSON array field, or undefined. */
export function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/** An Error with only the name, message and string code of `error`: no cause, no parsed values. */
export function bareCopy(error: unknown): Error | undefined {
  if (!(error instanceof Error)) return undefined;
  const copy = new Error(error.message);
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') Object.defineProperty(copy, 'code', { value: code, enumerable: true });
  copy.stack = `${error.name}: ${error.message}`;
  return copy;
}
