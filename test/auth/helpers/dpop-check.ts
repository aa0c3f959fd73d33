// A resource server's DPoP proof check written from RFC 9449 §4.3 and §7.1 (never from src/): the
// proof's typ, alg, public jwk, signature, htm, htu, iat window, ath against the presented token,
// jti never seen before, the nonce when one is required, and the key thumbprint (RFC 7638) the token
// is bound to.
import { createHash, createPublicKey, verify } from 'node:crypto';

export interface ProofCheck {
  ok: boolean;
  error?: string;
  jkt?: string;
  nonce?: string;
}

function part(text: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** RFC 7638 thumbprint of an EC public key: SHA-256 over the required members in lexicographic order. */
export function thumbprint(jwk: { crv: string; kty: string; x: string; y: string }): string {
  return createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest('base64url');
}

export function checkProof(proof: string | undefined, request: { method: string; url: string; accessToken: string; seenJtis: Set<string> }): ProofCheck {
  if (!proof) return { ok: false, error: 'no DPoP header' };
  const [h, p, sig] = proof.split('.');
  if (!h || !p || !sig) return { ok: false, error: 'not a JWS' };
  const header = part(h) as { typ?: string; alg?: string; jwk?: { kty: string; crv: string; x: string; y: string; d?: string } };
  const payload = part(p) as { jti?: string; htm?: string; htu?: string; iat?: number; ath?: string; nonce?: string };
  if (header.typ !== 'dpop+jwt') return { ok: false, error: `typ ${header.typ}` };
  if (header.alg !== 'ES256' || !header.jwk || header.jwk.kty !== 'EC') return { ok: false, error: `alg ${header.alg}` };
  if (header.jwk.d !== undefined) return { ok: false, error: 'private key in the proof header' };
  const key = createPublicKey({ key: header.jwk, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url')))
    return { ok: false, error: 'bad signature' };
  const u = new URL(request.url);
  if (payload.htm !== request.method) return { ok: false, error: `htm ${payload.htm}` };
  if (payload.htu !== `${u.origin}${u.pathname}`) return { ok: false, error: `htu ${payload.htu}` };
  if (typeof payload.iat !== 'number' || Math.abs(Date.now() / 1000 - payload.iat) > 60) return { ok: false, error: 'iat outside the window' };
  if (payload.ath !== createHash('sha256').update(request.accessToken).digest('base64url')) return { ok: false, error: 'ath does not match the token' };
  if (typeof payload.jti !== 'string' || request.seenJtis.has(payload.jti)) return { ok: false, error: 'jti missing or replayed' };
  request.seenJtis.add(payload.jti);
  return { ok: true, jkt: thumbprint(header.jwk), ...(payload.nonce !== undefined ? { nonce: payload.nonce } : {}) };
}
