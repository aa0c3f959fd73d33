// What a request that got no answer fails with: a typed connect failure when the cause is the
// network (refused, reset, unreachable, TLS), the error itself otherwise.
import { HttpConnectError } from '../../errors/http-errors.js';

const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'UND_ERR_PRX_TLS',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The code of an error or of the first coded error in its cause chain (undici wraps socket errors). */
export function errorCodeOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      e = errors[0];
      continue;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Where a request went, for the error. */
export interface ConnectWhere {
  server?: string;
  httpMethod: string;
  url: string;
  method?: string;
}

/** `error` as HttpConnectError (`MCPB_HTTP_CONNECT`) when it is a network failure; otherwise as it is. */
export function connectFailure(where: ConnectWhere, error: unknown): unknown {
  const causeCode = errorCodeOf(error);
  // A TLS handshake that got something else than TLS back (an https:// URL on a plain-HTTP port) is a connect failure too.
  if (causeCode === undefined || CONNECT_CODES.has(causeCode) || causeCode.startsWith('ERR_SSL_') || error instanceof TypeError) {
    return new HttpConnectError({ ...where, causeCode }, error);
  }
  return error;
}
