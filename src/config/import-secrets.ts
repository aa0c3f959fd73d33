// Secrets a host file holds inline, moved out of an imported entry: each becomes a `${VAR}` reference
// (the loader expands those from the environment), and its value is kept aside, never printed, for
// the one place allowed to hold it again: the host's own file, when `import --rewrite-host` writes it.

import { secretArgValues } from '../../protocol/redact.js';
import { isSecretEnv, isSecretName, looksLikeSecret, urlCredential } from '../../protocol/secret-names.js';

/** One variable the imported config reads: its name, the server and field it replaced a value in. */
export interface LiftedSecret {
  name: string;
  server: string;
  /** Where the value was: `env.GITHUB_TOKEN`, `headers.Authorization`, `args[3]`, `url`, `auth.clientSecret`. */
  field: string;
  /** The secret itself: written only into the host file by --rewrite-host, never printed. */
  value: string;
}

/** The variables chosen so far, so that two servers never share a name for different values. */
export class SecretNames {
  readonly lifted: LiftedSecret[] = [];
  private readonly byName = new Map<string, string>();

  /** A `${NAME}` reference for `value`: `preferred` when free (or holding the same value), else with a suffix. */
  take(preferred: string, value: string, server: string, field: string): string {
    const base = variableName(preferred);
    let name = base;
    for (let n = 2; this.byName.has(name) && this.byName.get(name) !== value; n++) name = `${base}_${n}`;
    if (!this.byName.has(name)) {
      this.byName.set(name, value);
      this.lifted.push({ name, server, field, value });
    }
    return `\${${name}}`;
  }
}

/** An environment variable name from free text: capitals, digits and `_`, not starting with a digit. */
export function variableName(text: string): string {
  const name = text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[A-Z_]/.test(name) ? name : `V_${name}`;
}

/** A value already written as a reference (or holding one) is left as it is. */
const hasReference = (value: string) => value.includes('${');

type Entry = Record<string, unknown>;

function isObject(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Replaces, in place, every inline secret of one translated entry (our keys) by a variable reference. */
export function liftSecrets(server: string, entry: Entry, names: SecretNames): void {
  const prefix = variableName(server);
  if (isObject(entry.env)) {
    for (const [key, value] of Object.entries(entry.env)) {
      if (typeof value !== 'string' || hasReference(value) || !isSecretEnv(key, value)) continue;
      entry.env[key] = names.take(key, value, server, `env.${key}`);
    }
  }
  if (isObject(entry.headers)) {
    for (const [header, value] of Object.entries(entry.headers)) {
      if (typeof value !== 'string' || value === '' || hasReference(value)) continue;
      const scheme = /^(Bearer|Basic|Token)\s+(\S+)$/i.exec(value);
      if (scheme) entry.headers[header] = `${scheme[1]} ${names.take(`${prefix}_TOKEN`, scheme[2]!, server, `headers.${header}`)}`;
      else if (isSecretName(header) || looksLikeSecret(value)) entry.headers[header] = names.take(`${prefix}_${header}`, value, server, `headers.${header}`);
    }
  }
  if (Array.isArray(entry.args)) liftArgs(prefix, server, entry.args, names);
  if (typeof entry.url === 'string' && !hasReference(entry.url)) entry.url = liftUrl(prefix, server, entry.url, names);
  for (const key of ['auth', 'oauth']) {
    const auth = entry[key];
    if (!isObject(auth)) continue;
    for (const field of ['clientSecret', 'CLIENT_SECRET']) {
      const value = auth[field];
      if (typeof value === 'string' && value !== '' && !hasReference(value))
        auth[field] = names.take(`${prefix}_CLIENT_SECRET`, value, server, `${key}.${field}`);
    }
  }
}

function liftArgs(prefix: string, server: string, args: unknown[], names: SecretNames): void {
  const strings = args.map((a) => (typeof a === 'string' ? a : ''));
  const secrets = new Set(secretArgValues(strings));
  args.forEach((arg, i) => {
    if (typeof arg !== 'string' || hasReference(arg)) return;
    const flag = /^(--?[A-Za-z0-9][\w.-]*|[A-Za-z_][A-Za-z0-9_.-]*)=(.*)$/s.exec(arg);
    if (flag && secrets.has(flag[2]!)) {
      args[i] = `${flag[1]}=${names.take(`${prefix}_${flag[1]}`, flag[2]!, server, `args[${i}]`)}`;
    } else if (secrets.has(arg)) {
      const before = i > 0 ? strings[i - 1]! : '';
      const label = /^--?[A-Za-z]/.test(before) ? before : 'SECRET';
      args[i] = names.take(`${prefix}_${label}`, arg, server, `args[${i}]`);
    } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) {
      args[i] = liftUrl(prefix, server, arg, names, `args[${i}]`);
    }
  });
}

function liftUrl(prefix: string, server: string, url: string, names: SecretNames, field = 'url'): string {
  let out = url;
  // The reference replaces the text as written, so the variable holds it as written (still URL-encoded).
  if (urlCredential(out) !== undefined) {
    const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@\s]+)@/i.exec(out)!;
    const colon = m[2]!.indexOf(':');
    const user = colon < 0 ? '' : m[2]!.slice(0, colon + 1);
    const credential = colon < 0 ? m[2]! : m[2]!.slice(colon + 1);
    out = `${m[1]}${user}${names.take(`${prefix}_URL_PASSWORD`, credential, server, field)}@${out.slice(m[0].length)}`;
  }
  return out.replace(/([?&])([^=&#\s]+)=([^&#\s]*)/g, (all, sep: string, key: string, value: string) =>
    value === '' || hasReference(value) || (!isSecretName(key) && !looksLikeSecret(value))
      ? all
      : `${sep}${key}=${names.take(`${prefix}_${key}`, value, server, field)}`,
  );
}
