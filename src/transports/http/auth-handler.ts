// The seam between the HTTP transports and authorization: a handler consulted before every POST, GET
// and DELETE (AUTH-2) for the Authorization value, and told about every 401, and every 403 whose
// challenge says insufficient_scope (AUTH-16). OAuth itself lives in src/auth and is loaded lazily.
import type { Redact } from '../../../protocol/redact.js';

/** The fetch the handler must use for its own OAuth requests: the server's dispatcher (proxies, timeouts). */
export type AuthFetch = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal; redirect?: 'manual' | 'follow' | 'error' },
) => Promise<Response>;

/** A refused request, as the handler sees it. */
export interface AuthChallengeContext {
  /** 401, or 403 with `error="insufficient_scope"`. */
  status: number;
  /** The raw `WWW-Authenticate` value, if any. */
  wwwAuthenticate?: string;
  httpMethod: string;
  /** JSON-RPC method carried by the refused request, when known. */
  rpcMethod?: string;
  /** The Authorization value the refused request carried (to tell a stale token from a fresh one). */
  sentAuthorization?: string;
  signal?: AbortSignal;
  fetch: AuthFetch;
}

/**
 * What the transports need from an authorization provider. Implemented by mcp-bridge's OAuth client
 * (`src/auth`), or by a host with tokens of its own.
 */
export interface AuthHandler {
  /** The `Authorization` header value to send now (refreshing first if due), or undefined for none yet. */
  authorization(context: { signal?: AbortSignal; fetch: AuthFetch }): Promise<string | undefined>;
  /**
   * Called on a challenge. Resolves `true` once a new authorization is in place and the refused
   * request should be sent again (once); `false` to hand the refusal to the caller; or rejects with a
   * typed error (`MCPB_AUTH_REQUIRED`, `MCPB_AUTH_STEP_UP_REQUIRED`, ...), which the request then fails with.
   */
  onChallenge(context: AuthChallengeContext): Promise<boolean>;
  /** A request carrying a token was accepted: resets step-up counts and loop guards. */
  onAccepted?(): void;
  /**
   * Masks the secrets the handler holds (tokens, client secrets, keys) in any text; the transport
   * applies it with its own redactor to every error and log line.
   */
  readonly redact?: Redact;
  /**
   * Headers that go with the Authorization value on one request: with DPoP (RFC 9449 §7.1), a fresh
   * proof for this method and URL.
   */
  proofHeaders?(context: { httpMethod: string; url: string; authorization: string }): Promise<Record<string, string> | undefined>;
  /** A response carried `DPoP-Nonce` (RFC 9449 §9): later proofs to that origin carry it. Called before {@link AuthHandler.onChallenge}. */
  onDpopNonce?(url: string, nonce: string): void;
  /** The handler's own request in flight (an OAuth discovery URL), so a start that timed out can name what hung. */
  stalledOn?(): { step: string; url: string } | undefined;
}

/** Whether a response status and challenge call for the handler (401; 403 with insufficient_scope). */
export function isAuthChallenge(status: number, wwwAuthenticate: string | undefined): boolean {
  if (status === 401) return true;
  return status === 403 && wwwAuthenticate !== undefined && /error\s*=\s*"?insufficient_scope"?/i.test(wwwAuthenticate);
}

/** Whether custom headers already carry credentials: static auth, no discovery (claude-code#56357). */
export function hasStaticAuthorization(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === 'authorization');
}
