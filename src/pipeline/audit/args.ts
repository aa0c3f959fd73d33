// The arguments an audit line carries, by mode: none, the redacted copy (keys kept, secret-looking
// values masked by the repo's secret rules in protocol/redact.ts), or the arguments in full. In every
// mode the configured secrets (the servers' env, headers, flags, `secrets`) are masked wherever they
// appear, so the audit file never holds a value the config marks secret.
import { isSecretName, looksLikeSecret, MASK, noRedaction, redactUrl, redactValue, type Redact } from '../../../protocol/redact.js';
import { canonicalJson, jsonString } from '../../util/canonical-json.js';

/** What an audit line says of the arguments. */
export type AuditArgsMode = 'none' | 'redacted' | 'full';

/** How deep the redacted copy goes; deeper values are masked whole rather than copied unchecked. */
const MAX_DEPTH = 32;

/** The `args` of an audit line for `mode`, or undefined for `none`. */
export function auditArgs(args: unknown, mode: AuditArgsMode, redact: Redact = noRedaction): unknown {
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

/** What one line says of the arguments, as text. */
export interface ArgsTexts {
  /** The RFC 8785 canonical JSON of the arguments as given: what the digest is taken of. */
  canonical: string;
  /** The `args` member's JSON for `mode` (members in canonical order), or undefined for `none`. */
  json: string | undefined;
}

/**
 * The texts of one line's arguments. Written straight to JSON in canonical member order, with no
 * masked copy in between; when nothing was masked (most calls) the same text is the digest's
 * input, so the arguments are walked once. With configured secrets the slower value path runs (a
 * secret inside a string is masked before JSON escapes it).
 * @throws TypeError for arguments JSON cannot hold (a bigint, a non-finite number).
 */
export function argsTexts(args: unknown, mode: AuditArgsMode, redact: Redact = noRedaction): ArgsTexts {
  if (mode === 'none') return { canonical: canonicalJson(args), json: undefined };
  if (redact !== noRedaction) return { canonical: canonicalJson(args), json: canonicalJson(auditArgs(args, mode, redact)) };
  const walk: Walk = { mask: mode === 'redacted', changed: false };
  const json = argsJson(args, walk, false, MAX_DEPTH);
  return { canonical: walk.changed ? canonicalJson(args) : json, json };
}

interface Walk {
  /** Mask as `redacted` does (else write as `full` does). */
  readonly mask: boolean;
  /** The text differs from the canonical JSON of the arguments: a value was masked, or was no plain JSON. */
  changed: boolean;
}

const MASKED = JSON.stringify(MASK);

/**
 * `value` as JSON, masked as {@link maskSecrets} masks it when `walk.mask`: the same text as
 * `canonicalJson(maskSecrets(value))` for plain JSON values. Anything else (a Date, a class
 * instance, a `toJSON`) is written as JSON.stringify writes it and marks the walk changed.
 */
function argsJson(value: unknown, walk: Walk, secret: boolean, depth: number): string {
  switch (typeof value) {
    case 'string': {
      if (!walk.mask) return jsonString(value);
      if (secret || looksLikeSecret(value)) {
        walk.changed = true;
        return MASKED;
      }
      const text = maskUrls(value);
      if (text !== value) walk.changed = true;
      return jsonString(text);
    }
    case 'number':
      if (walk.mask && secret) {
        walk.changed = true;
        return MASKED;
      }
      if (Number.isFinite(value)) return `${value}`;
      walk.changed = true;
      return 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (walk.mask && depth <= 0) {
        walk.changed = true;
        return MASKED;
      }
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += `${i === 0 ? '' : ','}${member(value[i], walk, secret, depth - 1) ?? 'null'}`;
        return `${out}]`;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      const record = value as Record<string, unknown>;
      if ((proto !== Object.prototype && proto !== null) || typeof record.toJSON === 'function') {
        walk.changed = true;
        return JSON.stringify(walk.mask ? maskSecrets(value, secret, depth) : value) ?? 'null';
      }
      let out = '{';
      for (const key of Object.keys(record).sort()) {
        const text = member(record[key], walk, walk.mask && (secret || isSecretName(key)), depth - 1);
        if (text !== undefined) out += `${out.length === 1 ? '' : ','}${jsonString(key)}:${text}`;
      }
      return `${out}}`;
    }
    case 'undefined':
      return 'null';
    case 'bigint':
      throw new TypeError('a bigint cannot be written as JSON');
    default:
      // A function or a symbol: JSON leaves it out (null in an array); canonical JSON refuses it.
      walk.changed = true;
      return 'null';
  }
}

/** A member's text, or undefined when JSON leaves the member out. */
function member(value: unknown, walk: Walk, secret: boolean, depth: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'function' || typeof value === 'symbol') {
    walk.changed = true;
    return undefined;
  }
  return argsJson(value, walk, secret, depth);
}
