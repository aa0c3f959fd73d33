// The one home of secret masking: how URLs and command lines are printed safely, which configured
// values are secrets (the name and shape rules are in secret-names.ts), and the redactor (a set of
// secret values → a mask function) that the transports, the client, the manager and the CLI apply
// to every string they produce. Pure.

import { isSecretEnv, isSecretName, looksLikeSecret, urlCredential } from './secret-names.js';

/** The mask written in place of a secret. */
export const MASK = '***';

export { isSecretEnv, isSecretName, looksLikeSecret } from './secret-names.js';

/**
 * A URL safe to print: userinfo becomes `***`, the values of secret-named query parameters
 * (token, key, secret, password, auth, jwt, bearer, sig, session, ...) become `***`.
 * Text that does not parse as a URL is masked the same way by pattern.
 */
export function redactUrl(url: string | URL): string {
  const text = String(url);
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return redactUrlsIn(text);
  }
  if (parsed.username || parsed.password) {
    parsed.username = MASK;
    parsed.password = '';
  }
  if (parsed.search) {
    // Rebuilt by hand: URLSearchParams would re-encode the untouched pairs too.
    parsed.search = parsed.search
      .slice(1)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const key = eq < 0 ? pair : pair.slice(0, eq);
        return eq >= 0 && isSecretName(safeDecode(key)) ? `${key}=${MASK}` : pair;
      })
      .join('&');
  }
  return parsed.href;
}

/** Masks URL userinfo and secret-named query values wherever they appear in free text. */
function redactUrlsIn(text: string): string {
  return text
    .replace(/(\/\/)[^/?#@\s"'<>]+@/g, `$1${MASK}@`)
    .replace(/([?&])([^=&#\s"'<>]+)=([^&#\s"'<>]*)/g, (all, sep: string, key: string) => (isSecretName(safeDecode(key)) ? `${sep}${key}=${MASK}` : all));
}

/**
 * Command-line arguments safe to print: `--api-key=x` → `--api-key=***`, the value after a
 * secret-named flag (`--token x`), `NAME=value` with a secret name, values shaped like a credential
 * (`sk-...`, a JWT, a long opaque token), and URL arguments through {@link redactUrl}.
 */
export function redactArgs(args: readonly string[]): string[] {
  return classifyArgs(args).map(({ arg, secret, prefix }) => (secret === undefined ? maskUrlArg(arg) : `${prefix}${MASK}`));
}

/** The secret values {@link redactArgs} hides, for a redactor that must hide them in any text. */
export function secretArgValues(args: readonly string[]): string[] {
  return classifyArgs(args).flatMap(({ secret }) => (secret === undefined || secret === '' ? [] : [secret]));
}

interface ArgClass {
  arg: string;
  prefix: string;
  secret?: string;
}

function classifyArgs(args: readonly string[]): ArgClass[] {
  const out: ArgClass[] = [];
  let valueOfSecretFlag = false;
  for (const arg of args) {
    if (valueOfSecretFlag && !arg.startsWith('-')) {
      out.push({ arg, prefix: '', secret: arg });
      valueOfSecretFlag = false;
      continue;
    }
    valueOfSecretFlag = false;
    const flag = /^(--?[A-Za-z0-9][\w.-]*)(=)?(.*)$/s.exec(arg);
    const assignment = /^([A-Za-z_][A-Za-z0-9_.-]*)=(.*)$/s.exec(arg);
    if (flag && isSecretName(flag[1]!)) {
      if (flag[2]) out.push({ arg, prefix: `${flag[1]}=`, secret: flag[3] });
      else {
        out.push({ arg, prefix: '' });
        valueOfSecretFlag = true;
      }
    } else if (flag?.[2] && looksLikeSecret(flag[3]!)) {
      out.push({ arg, prefix: `${flag[1]}=`, secret: flag[3] });
    } else if (!flag && assignment && (isSecretName(assignment[1]!) || looksLikeSecret(assignment[2]!))) {
      out.push({ arg, prefix: `${assignment[1]}=`, secret: assignment[2] });
    } else if (!flag && looksLikeSecret(arg)) {
      out.push({ arg, prefix: '', secret: arg });
    } else {
      out.push({ arg, prefix: '' });
    }
  }
  return out;
}

function maskUrlArg(arg: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(arg) || arg.includes('//') ? redactUrlsIn(arg) : arg;
}

/** A command line for messages, arguments redacted; those with spaces or quotes are JSON-quoted, the whole capped at 300 characters. */
export function formatCommand(command: string, args: readonly string[] = []): string {
  const line = [command, ...redactArgs(args)].map((a) => (a === '' || /[\s"'\\]/.test(a) ? JSON.stringify(a) : a)).join(' ');
  return line.length > 300 ? line.slice(0, 299) + '…' : line;
}

/** Masks every configured secret value in a string. Built by {@link createRedactor}. */
export type Redact = (text: string) => string;

/** Values shorter than this are never masked by search: they would garble ordinary text. */
export const MIN_SECRET_CHARS = 4;

/** Where secrets are configured for one server: every source the redactor learns values from. */
export interface SecretSources {
  /** Command-line arguments: secret-flag values and credential-shaped values. */
  args?: readonly string[];
  /**
   * Environment for the server: values of secret-named variables (see {@link isSecretEnv}), values
   * shaped like a known credential, and the password of a URL value. Paths, modes, hosts and other
   * ordinary values are not secrets, however long: masking them would corrupt tool results.
   */
  env?: Readonly<Record<string, string | null | undefined>>;
  /**
   * HTTP headers: every value, and the credential after an auth scheme (`Bearer x` → `x`). A
   * headers function has no values yet: see {@link createLearningRedactor}.
   */
  headers?: Readonly<Record<string, string>> | (() => unknown);
  /** Values the user marks secret, and `${VAR}` expansions of secret-named variables. */
  secrets?: readonly (string | undefined | null)[];
}

/** Every secret value configured in `sources` (unordered, duplicates possible). */
export function collectSecrets(sources: SecretSources): string[] {
  const out: string[] = [];
  for (const value of sources.secrets ?? []) if (typeof value === 'string') out.push(value);
  for (const [name, value] of Object.entries(sources.env ?? {})) {
    if (typeof value !== 'string') continue;
    if (isSecretEnv(name, value)) out.push(value);
    const credential = urlCredential(value);
    if (credential !== undefined) out.push(credential);
  }
  for (const value of typeof sources.headers === 'object' ? Object.values(sources.headers) : []) {
    out.push(value);
    const scheme = /^[A-Za-z][\w-]*\s+(\S.*)$/s.exec(value);
    if (scheme) out.push(scheme[1]!);
  }
  out.push(...secretArgValues(sources.args ?? []));
  return out;
}

/** The identity redactor, for when nothing secret is configured. */
export const noRedaction: Redact = (text) => text;

/**
 * The mask function for a set of secret values: every occurrence of a value (also JSON-escaped and
 * percent-encoded), URL userinfo and secret-named query values become `***`. Values shorter than
 * {@link MIN_SECRET_CHARS} are ignored. Redactors compose: pass another's output as input.
 * With `urls: false` only the values are masked (for content such as tool results, where a URL
 * with `?token=` may be the point of the answer).
 */
export function createRedactor(secrets: Iterable<string | undefined | null>, options: { urls?: boolean } = {}): Redact {
  const urls = options.urls ?? true;
  const variants = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_CHARS) continue;
    variants.add(secret);
    variants.add(JSON.stringify(secret).slice(1, -1));
    variants.add(encodeURIComponent(secret));
  }
  if (variants.size === 0) return urls ? redactUrlsIn : noRedaction;
  // Longest first, so a secret containing another is masked whole.
  const pattern = new RegExp(
    [...variants]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  return urls ? (text) => redactUrlsIn(text.replace(pattern, MASK)) : (text) => text.replace(pattern, MASK);
}

/** A redactor whose secrets grow while it runs: values produced late, such as headers from a function. */
export interface LearningRedactor {
  /** Masks every value learnt so far (values only; URLs are the other redactors' job). */
  readonly redact: Redact;
  /** Adds secret values; the mask is rebuilt only when a value is new. */
  learn(values: Iterable<string>): void;
}

/** Creates a {@link LearningRedactor} that knows no secret yet. */
export function createLearningRedactor(): LearningRedactor {
  const known = new Set<string>();
  let current: Redact = noRedaction;
  return {
    redact: (text) => current(text),
    learn(values) {
      const before = known.size;
      for (const value of values) if (typeof value === 'string' && value.length >= MIN_SECRET_CHARS) known.add(value);
      if (known.size !== before) current = createRedactor(known, { urls: false });
    },
  };
}

/** Combines redactors (each masks its own secrets). */
export function composeRedactors(...redactors: (Redact | undefined)[]): Redact {
  const list = redactors.filter((r): r is Redact => r !== undefined && r !== noRedaction);
  if (list.length === 0) return noRedaction;
  if (list.length === 1) return list[0]!;
  return (text) => list.reduce((t, r) => r(t), text);
}

/** A copy of `value` with every string inside (plain objects and arrays, to a bounded depth) redacted. */
export function redactValue<T>(value: T, redact: Redact, depth = 8): T {
  if (typeof value === 'string') return redact(value) as T;
  if (depth <= 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, redact, depth - 1)) as T;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = Object.create(proto);
  for (const [k, v] of Object.entries(value)) {
    Object.defineProperty(out, k, { value: redactValue(v, redact, depth - 1), enumerable: true, writable: true, configurable: true });
  }
  return out as T;
}

const REDACTED = Symbol.for('mcp-bridge.redacted');

/**
 * Masks an error in place, and its cause chain: `message`, `stack`, every string field (the
 * context of an mcp-bridge error, `body`, `stderrTail`, Node's `spawnargs`...). Returns the error.
 * Errors are rewritten in place so `instanceof`, `code` and identity survive.
 */
export function redactError<E>(error: E, redact: Redact, depth = 6): E {
  if (redact === noRedaction || depth <= 0 || !(error instanceof Error)) return error;
  const seen = error as unknown as Record<symbol, Set<Redact> | undefined>;
  if (seen[REDACTED]?.has(redact)) return error;
  if (!seen[REDACTED]) Object.defineProperty(error, REDACTED, { value: new Set<Redact>() });
  seen[REDACTED]!.add(redact);
  const target = error as unknown as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(error)) {
    if (key === 'cause') continue;
    const descriptor = Object.getOwnPropertyDescriptor(error, key);
    if (!descriptor || !('value' in descriptor)) continue;
    const value = descriptor.value;
    const masked = typeof value === 'string' ? redact(value) : value instanceof Error ? redactError(value, redact, depth - 1) : redactValue(value, redact);
    if (masked === value) continue;
    if (descriptor.writable || descriptor.configurable) Object.defineProperty(error, key, { ...descriptor, value: masked });
    else if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) Object.assign(value, masked);
  }
  // V8 may keep `stack` as an accessor; it repeats the message, so it is masked too.
  try {
    if (typeof target.stack === 'string') {
      const stack = redact(target.stack);
      if (stack !== target.stack) target.stack = stack;
    }
  } catch {
    /* a read-only stack stays as it is */
  }
  // `errors` of an AggregateError and nested causes.
  for (const inner of Array.isArray(target.errors) ? target.errors : []) redactError(inner, redact, depth - 1);
  if ('cause' in error) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error) redactError(cause, redact, depth - 1);
    else if (cause !== undefined)
      Object.defineProperty(error, 'cause', { value: redactValue(cause, redact), writable: true, configurable: true, enumerable: false });
  }
  return error;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
