// DPoP (RFC 9449, SEP-1932): the key pair of one client identity (WebCrypto ES256, kept in its
// StoredAuth record as JWKs so refreshes and restarts present the same key), the proofs for resource
// requests (fresh jti and iat, htm, htu, ath, the server's nonce), and the nonce each origin gave last.
// Token requests get their proofs from oauth4webapi's DPoP handle over the same key (grants.ts).
import type { webcrypto } from 'node:crypto';
import { AuthRefusedError } from '../errors/auth-errors.js';

type JsonWebKey = webcrypto.JsonWebKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

/** The stored form of a DPoP key pair. The private JWK is a secret: the handler's redactor learns `d`. */
export interface StoredDpopKey {
  alg: 'ES256';
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey;
}

/** A usable key: the CryptoKeys and the public JWK as it goes into proof headers. */
export interface DpopKey {
  stored: StoredDpopKey;
  pair: CryptoKeyPair;
  /** `{ kty, crv, x, y }`: what RFC 9449 §4.2 puts in the `jwk` header (never `d`). */
  jwk: { kty: string; crv: string; x: string; y: string };
}

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;

function subtle(): webcrypto.SubtleCrypto {
  return globalThis.crypto.subtle as unknown as webcrypto.SubtleCrypto;
}

function b64url(bytes: ArrayBuffer | Uint8Array | string): string {
  return Buffer.from(typeof bytes === 'string' ? bytes : bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url');
}

/** A new ES256 key pair for one client identity. */
export async function generateDpopKey(): Promise<DpopKey> {
  const pair = (await subtle().generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const stored: StoredDpopKey = {
    alg: 'ES256',
    privateJwk: await subtle().exportKey('jwk', pair.privateKey),
    publicJwk: await subtle().exportKey('jwk', pair.publicKey),
  };
  return importDpopKey(stored);
}

/** The key of a stored record. The public key stays extractable: oauth4webapi's handle exports it into its proofs. */
export async function importDpopKey(stored: StoredDpopKey): Promise<DpopKey> {
  const { kty, crv, x, y } = stored.publicJwk as { kty: string; crv: string; x: string; y: string };
  const publicKey = await subtle().importKey('jwk', { kty, crv, x, y }, EC, true, ['verify']);
  const privateKey = await subtle().importKey('jwk', stored.privateJwk, EC, false, ['sign']);
  return { stored, pair: { publicKey, privateKey }, jwk: { kty, crv, x, y } };
}

/** `htu` (RFC 9449 §4.2): the request URI without query and fragment. */
export function htuOf(url: string | URL): string {
  const u = new URL(String(url));
  return `${u.origin}${u.pathname}`;
}

/** A DPoP proof JWT for one request; `accessToken` adds `ath` (RFC 9449 §4.2, §7.1). */
export async function dpopProof(key: DpopKey, request: { htm: string; htu: string; accessToken?: string; nonce?: string; now?: number }): Promise<string> {
  const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: key.jwk };
  const payload = {
    jti: globalThis.crypto.randomUUID(),
    htm: request.htm,
    htu: request.htu,
    iat: Math.floor((request.now ?? Date.now()) / 1000),
    ...(request.accessToken !== undefined ? { ath: b64url(await subtle().digest('SHA-256', new TextEncoder().encode(request.accessToken))) } : {}),
    ...(request.nonce !== undefined ? { nonce: request.nonce } : {}),
  };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  // WebCrypto's ECDSA signature is already r || s, the JWS form (RFC 7518 §3.4).
  const signature = await subtle().sign({ name: 'ECDSA', hash: 'SHA-256' }, key.pair.privateKey, new TextEncoder().encode(input));
  return `${input}.${b64url(signature)}`;
}

/** Whether the token answer or record says the token is DPoP-bound (`token_type: DPoP`, case-insensitive). */
export function isDpopTokenType(tokenType: string | undefined): boolean {
  return tokenType?.toLowerCase() === 'dpop';
}

/**
 * The DPoP side of one OAuth handler: the key of the current record (imported once), the nonce each
 * resource origin gave last, and the one retry a `use_dpop_nonce` challenge earns per token and nonce.
 */
export class DpopState {
  private key?: { stored: StoredDpopKey; key: Promise<DpopKey> };
  private readonly nonces = new Map<string, string>();
  private retried?: string;

  /** The usable key of `stored` (the record's), imported once. */
  keyOf(stored: StoredDpopKey): Promise<DpopKey> {
    if (this.key?.stored !== stored) this.key = { stored, key: importDpopKey(stored) };
    return this.key.key;
  }

  /**
   * The key for a new authorization, or undefined for bearer tokens: `option` true always, false never,
   * `auto` when the server asks (a DPoP challenge or `dpop_bound_access_tokens_required`) or the
   * identity already has a key. The key of the identity is kept; a new identity gets a new key.
   * @throws AuthRefusedError (`MCPB_AUTH_REFUSED`) when DPoP is wanted and the authorization server lists algorithms without ES256.
   */
  async forAuthorization(input: {
    option: boolean | 'auto' | undefined;
    serverAsks: boolean;
    previous?: StoredDpopKey;
    algorithms: unknown;
    server?: string;
  }): Promise<DpopKey | undefined> {
    const wanted = input.option === true || (input.option !== false && (input.serverAsks || input.previous !== undefined));
    if (!wanted) return undefined;
    if (Array.isArray(input.algorithms) && !input.algorithms.includes('ES256'))
      throw new AuthRefusedError({
        server: input.server,
        step: 'DPoP',
        description: `the authorization server's dpop_signing_alg_values_supported (${input.algorithms.join(', ')}) lacks ES256, the algorithm mcp-bridge signs proofs with; set auth.dpop: false for bearer tokens`,
      });
    const key = input.previous ? await importDpopKey(input.previous) : await generateDpopKey();
    this.key = { stored: key.stored, key: Promise.resolve(key) };
    return key;
  }

  /** Remembers a server's nonce (RFC 9449 §8, §9) for its origin. */
  onNonce(url: string, nonce: string): void {
    this.nonces.set(new URL(url).origin, nonce);
  }

  /** The `DPoP` header for a resource request carrying `accessToken`. */
  async headers(stored: StoredDpopKey, httpMethod: string, url: string, accessToken: string, now?: number): Promise<Record<string, string>> {
    const key = await this.keyOf(stored);
    return { dpop: await dpopProof(key, { htm: httpMethod, htu: htuOf(url), accessToken, nonce: this.nonces.get(new URL(url).origin), now }) };
  }

  /** Whether a `use_dpop_nonce` refusal of `sent` earns a retry: once per token and nonce, so a server cannot loop us. */
  retryForNonce(url: string, sent: string | undefined): boolean {
    const nonce = this.nonces.get(new URL(url).origin);
    if (sent === undefined || nonce === undefined) return false;
    const mark = `${sent} ${nonce}`;
    if (this.retried === mark) return false;
    this.retried = mark;
    return true;
  }
}
