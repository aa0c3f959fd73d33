// Whether to follow an HTTP redirect on the MCP endpoint (pure). Only to the same origin, so custom
// headers (Authorization...) and the session id never reach a host the user did not name; only
// with the method kept (307/308 for a POST: 301/302/303 would turn it into a GET and drop the body).

/** Most redirects one exchange may follow before it is treated as a loop. */
export const MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export type RedirectDecision =
  /** Send the same request (method, headers, body) to `url`. */
  | { kind: 'follow'; url: URL }
  /** Do not follow; `location` is the resolved target when there is one, `reason` says why. */
  | { kind: 'refuse'; location?: URL; reason: string };

/** True for the statuses that carry a `Location` to go to instead. */
export function isRedirectStatus(status: number): boolean {
  return REDIRECTS.has(status);
}

/** Decides what to do with a redirect answered to `method` at `from`. */
export function decideRedirect(method: string, status: number, from: URL, location: string | undefined): RedirectDecision {
  if (location === undefined || location.trim() === '') return { kind: 'refuse', reason: 'the redirect has no Location header' };
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    return { kind: 'refuse', reason: `its Location ${JSON.stringify(location.slice(0, 200))} is not a valid URL` };
  }
  if (target.origin !== from.origin) {
    return { kind: 'refuse', location: target, reason: `it points to another origin (${target.origin}); mcp-bridge never sends requests or credentials there` };
  }
  if (method !== 'GET' && status !== 307 && status !== 308) {
    return { kind: 'refuse', location: target, reason: `HTTP ${status} would turn the ${method} into a GET; only 307 and 308 keep the method and body` };
  }
  return { kind: 'follow', url: target };
}
