// The shapes OAuth works with: per-server options, what discovery found, the client identity, tokens,
// and the record a TokenStore keeps (absolute expiry, keyed by server URL and issuer).
import type { Logger } from '../log.js';

/** How a login may reach the user. `never`: fail with MCPB_AUTH_REQUIRED instead. */
export type InteractiveMode = 'auto' | 'browser' | 'device' | 'paste' | 'never';

/** Per-server OAuth options (the `auth:` block of a config, or code). Secrets here are never logged. */
export interface OAuthOptions {
  /**
   * `oauth` (authorization code, device), `client_credentials`, `workload_identity` (the RFC 7523
   * jwt-bearer grant with a token the platform issued, see {@link OAuthOptions.workload}), `cross-app`
   * (RFC 8693 + jwt-bearer), or `none` (no OAuth). @defaultValue 'oauth'
   */
  mode?: 'oauth' | 'client_credentials' | 'workload_identity' | 'cross-app' | 'none';
  /** A pre-registered client id (AUTH-12); else CIMD, else dynamic registration. */
  clientId?: string;
  clientSecret?: string;
  /** PKCS#8 PEM for `private_key_jwt` (RFC 7523). */
  privateKeyPem?: string;
  /** A file holding that PEM (read when first needed). */
  privateKeyFile?: string;
  /** JWS algorithm for `private_key_jwt`. @defaultValue from the key: ES256/ES384/ES512 or RS256 */
  signingAlgorithm?: string;
  /** The HTTPS URL of this client's metadata document (CIMD); used when the AS supports it. */
  clientMetadataUrl?: string;
  /** Scopes to ask for when neither the challenge nor the resource metadata names any. */
  scopes?: string[];
  /** Where the loopback listener takes the redirect. @defaultValue 127.0.0.1, an ephemeral port then persisted, /callback */
  redirect?: { host?: string; port?: number; path?: string };
  /** The RFC 8707 `resource` sent: auto (from metadata), false (never, for ASes that refuse it), or an explicit URI. @defaultValue 'auto' */
  resource?: 'auto' | false | string;
  /** @defaultValue 'never' in a library; the CLI's `auth login` uses 'auto' */
  interactive?: InteractiveMode;
  /** Ask for `offline_access` when the AS lists it (refresh tokens). @defaultValue true */
  offlineAccess?: boolean;
  /**
   * DPoP (RFC 9449, SEP-1932): sender-constrained tokens, with a key pair per client identity kept in
   * the token store. `auto` uses it when the server asks for it (a `DPoP` challenge, or
   * `dpop_bound_access_tokens_required` in its resource metadata). @defaultValue 'auto'
   */
  dpop?: boolean | 'auto';
  /**
   * Workload identity (`mode: workload_identity`, RFC 7523 §2.1): where the platform puts the JWT this
   * workload presents as its assertion (a Kubernetes projected service-account token, a GitHub Actions
   * OIDC token, a cloud identity token). Read again for every grant, so a rotated token is picked up.
   * One of: a file, an environment variable, or a value or function (code).
   */
  workload?: { assertionFile?: string; assertionEnv?: string; assertion?: string | (() => string | Promise<string>) };
  /** Cross-app access: the IdP's token endpoint, client id and the user's ID token (SEP-990). */
  crossApp?: { idpTokenEndpoint: string; idpClientId?: string; idpClientSecret?: string; idToken: string | (() => Promise<string>) };
}

/** What a login step may use to reach the user. */
export interface LoginUi {
  /** Where to print the URL and instructions (stderr by default). */
  print(line: string): void;
  /** Opens a URL in the browser (without a shell); false when it could not. */
  openBrowser?(url: string): Promise<boolean>;
  /** Reads one line from the user (paste fallback). */
  readLine?(prompt: string): Promise<string>;
}

/** Authorization-server metadata (RFC 8414) as used here; unknown fields kept. */
export interface AuthServerMetadata {
  issuer: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  registration_endpoint?: string;
  revocation_endpoint?: string;
  device_authorization_endpoint?: string;
  scopes_supported?: string[];
  code_challenge_methods_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
  grant_types_supported?: string[];
  client_id_metadata_document_supported?: boolean;
  authorization_response_iss_parameter_supported?: boolean;
  [key: string]: unknown;
}

/** The outcome of discovery for one server. */
export interface Discovered {
  as: AuthServerMetadata;
  /** The `resource` to send (RFC 8707), or undefined for none. */
  resource?: string;
  /** `scopes_supported` of the protected-resource metadata. */
  resourceScopes?: string[];
  /** `dpop_bound_access_tokens_required` of the protected-resource metadata (RFC 9728 §2). */
  dpopRequired?: boolean;
  /** How the AS was found: `prm` (2025-06-18+), `legacy-metadata` or `legacy-defaults` (2025-03-26). */
  via: 'prm' | 'legacy-metadata' | 'legacy-defaults';
}

/** A client identity at one AS. */
export interface ClientIdentity {
  client_id: string;
  client_secret?: string;
  token_endpoint_auth_method?: string;
  /** The redirect URI registered with it (the loopback port is persisted this way). */
  redirect_uri?: string;
  /** `configured`, `cimd` or `dcr`. */
  source: 'configured' | 'cimd' | 'dcr';
}

/** Tokens with an absolute expiry (ms since epoch). */
export interface TokenSet {
  access_token: string;
  token_type: string;
  /** Absolute expiry in ms since the epoch, when the AS said `expires_in`. */
  expires_at?: number;
  /** When the token was issued (ms since the epoch), so the refresh margin can follow its lifetime. */
  issued_at?: number;
  refresh_token?: string;
  /** Granted scopes (the answer's `scope`, else what was requested). */
  scope?: string[];
}

/** What a TokenStore keeps per (server URL, issuer). */
export interface StoredAuth {
  version: 1;
  server: string;
  issuer: string;
  as: AuthServerMetadata;
  resource?: string;
  client?: ClientIdentity;
  tokens?: TokenSet;
  /** Scopes requested by the last authorization. */
  requested?: string[];
  /** The DPoP key pair of this client identity, when its tokens are DPoP-bound (RFC 9449). */
  dpop?: import('./dpop.js').StoredDpopKey;
}

/** What the handler needs besides the options. */
export interface OAuthContext {
  serverName?: string;
  logger?: Logger;
  /** Where tokens live: a store, or `file` (the per-user state dir) / `memory`. @defaultValue memory */
  store?: import('./store.js').TokenStore | 'file' | 'memory';
  ui?: LoginUi;
  /**
   * Replaces the user-facing authorization step (tests, conformance): given the authorization URL
   * and the redirect URI, resolves with the callback URL the AS redirected to.
   */
  authorize?: (authorizationUrl: URL, redirectUri: string, signal?: AbortSignal) => Promise<URL>;
  /** Fixed redirect URI for `authorize` hooks that never listen. */
  redirectUri?: string;
  /** Clock for expiry (tests). */
  now?: () => number;
}
