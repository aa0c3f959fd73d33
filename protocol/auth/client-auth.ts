// Client authentication at the token endpoint (RFC 6749 §2.3.1, RFC 7591 §2, RFC 7523): choosing the
// method, and the Basic header whose credentials are form-urlencoded before base64.

/** Token-endpoint client authentication methods mcp-bridge implements. */
export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

/** What is known when choosing. */
export interface ClientAuthInputs {
  /** `token_endpoint_auth_method` from the registration answer or configuration. */
  registered?: string;
  /** `token_endpoint_auth_methods_supported` of the AS (RFC 8414 default: `client_secret_basic`). */
  supported?: readonly string[];
  hasSecret: boolean;
  hasPrivateKey?: boolean;
}

const KNOWN = new Set<ClientAuthMethod>(['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt']);

/**
 * The registered method when it is one we implement and its credential is at hand; else, with a
 * private key, `private_key_jwt`; with a secret, the first of `client_secret_basic` and
 * `client_secret_post` that the AS lists (Basic when it lists neither, the RFC 8414 default); else `none`.
 */
export function selectClientAuthMethod(inputs: ClientAuthInputs): ClientAuthMethod {
  const registered = inputs.registered as ClientAuthMethod | undefined;
  if (registered && KNOWN.has(registered)) {
    if (registered === 'none') return 'none';
    if (registered === 'private_key_jwt' && inputs.hasPrivateKey) return registered;
    if ((registered === 'client_secret_basic' || registered === 'client_secret_post') && inputs.hasSecret) return registered;
  }
  const supported = inputs.supported;
  if (inputs.hasPrivateKey && (!supported || supported.includes('private_key_jwt'))) return 'private_key_jwt';
  if (inputs.hasSecret) {
    if (!supported || supported.length === 0) return 'client_secret_basic';
    for (const m of ['client_secret_basic', 'client_secret_post'] as const) if (supported.includes(m)) return m;
    return 'client_secret_basic';
  }
  return 'none';
}

/**
 * `Authorization: Basic …` for a client id and secret (RFC 6749 §2.3.1): each part form-urlencoded,
 * then `id:secret` base64-encoded. Encoding keeps the unreserved characters `- _ . ! ~ * ' ( )` as they
 * are (what servers compare against), spaces become `+`.
 */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  // Form-urlencoding leaves only ASCII, so btoa (no Node Buffer in protocol/) encodes it directly.
  return `Basic ${btoa(`${enc(clientId)}:${enc(clientSecret)}`)}`;
}
