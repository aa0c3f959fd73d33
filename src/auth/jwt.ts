// private_key_jwt (RFC 7523 §2.2, §3): a client assertion signed with node:crypto. aud is the AS
// issuer; iss = sub = client_id; a short exp and a random jti.
import { createPrivateKey, randomUUID, sign, type KeyObject } from 'node:crypto';

function b64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

/** The JWS algorithm a key signs with by default. */
export function defaultAlgorithm(key: KeyObject): string {
  if (key.asymmetricKeyType === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    return curve === 'secp384r1' ? 'ES384' : curve === 'secp521r1' ? 'ES512' : 'ES256';
  }
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  return 'RS256';
}

/** Signs a client assertion for `clientId` at `audience` (the AS issuer). */
export function signClientAssertion(options: { privateKeyPem: string; algorithm?: string; clientId: string; audience: string; now?: number }): string {
  const key = createPrivateKey(options.privateKeyPem);
  const alg = options.algorithm ?? defaultAlgorithm(key);
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const header = b64url(JSON.stringify({ alg, typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ iss: options.clientId, sub: options.clientId, aud: options.audience, iat: now, exp: now + 60, jti: randomUUID() }));
  const input = `${header}.${payload}`;
  const hash = alg === 'EdDSA' ? null : `sha${alg.slice(2)}`;
  const signature = alg.startsWith('ES')
    ? sign(hash, Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' })
    : alg.startsWith('PS')
      ? sign(hash, Buffer.from(input), { key, padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: 32 })
      : sign(hash, Buffer.from(input), key);
  return `${input}.${b64url(signature)}`;
}
