// The arguments an audit line carries, by mode: none, the redacted copy (keys kept, secret-looking
// values masked by the repo's secret rules in protocol/redact.ts), or the arguments in full. In every
// mode the configured secrets (the servers' env, headers, flags, `secrets`) are masked wherever they
// appear, so the audit file never holds a value the config marks secret.
import { isSecretName, looksLikeSecret, MASK, noRedaction, redactUrl, redactValue, type Redact } from '../../../protocol/redact.js';

/** What an audit line says of the arguments. */
export type AuditArgsMode = 'none' | 'redacted' | 'full';

/** How deep the redacted copy goes; deeper values are masked whole rather than copied unchecked. */
const MAX_DEPTH = 32;

/** The `args` of an audit line for `mode`, or undefined for `none`. */
export function auditArgs(args: Record<string, unknown>, mode: AuditArgsMode, redact: Redact = noRedaction): unknown {
  if (mode === 'none') return undefined;
  const copy = mode === 'redacted' ? maskSecrets(args, false, MAX_DEPTH) : args;
  return redact === noRedaction ? copy : redactValue(copy, redact, MAX_DEPTH);
}

/**
 * A copy with every value under a secret-named key (`token`, `apiKey`, `password`, `auth`...) masked
 * down to its leaves, every string shaped like a credential (`sk-...`, a JWT, a long opaque token)
 * masked, and URL userinfo and secret-named query values masked. Keys and structure are kept, so a
 * reader still sees which arguments were given.
 */
export function maskSecrets(value: unknown, secret: boolean, depth: number): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return secret ? MASK : value;
  if (typeof value === 'string') return secret || looksLikeSecret(value) ? MASK : maskUrls(value);
  if (typeof value !== 'object') return value;
  if (depth <= 0) return MASK;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, secret, depth - 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // defineProperty: a key named __proto__ stays data, never the copy's prototype.
    Object.defineProperty(out, key, { value: maskSecrets(item, secret || isSecretName(key), depth - 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function maskUrls(text: string): string {
  if (!text.includes('//') && !text.includes('?')) return text;
  // redactUrl also normalises a URL it parses (a trailing '/'); keep the text as given unless a part was masked.
  const masked = redactUrl(text);
  return masked.includes(MASK) ? masked : text;
}
