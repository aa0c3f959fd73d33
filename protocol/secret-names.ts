// Which names and values count as secrets. Split from redact.ts (the masking machinery) so the
// rules read in one place. An environment variable is judged more narrowly than a query key or a
// flag: its value is also what a server prints back in paths, modes and hosts, and masking those
// corrupts tool results (a base directory in paths coming back as `***/repo`, which the model then
// sends on to the tools).

/**
 * Names (query keys, flags, fields) whose values are secrets. `sig` and `code` only as whole words, so
 * `design` or `encode` stay readable; `session` covers session ids in URLs.
 */
const SECRET_NAME = /token|key|secret|passw|pwd|auth|credential|session|signature|jwt|bearer|cookie|(?:^|[^a-z])(?:sig|code)(?:[^a-z]|$)/i;

/** True when a query parameter, flag, variable or field name says its value is a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

// Well-known credential shapes (OpenAI/Anthropic `sk-`, Stripe, GitHub, Slack, GitLab, Hugging Face,
// AWS, Google API keys, JWTs).
const KNOWN_SECRET =
  /^(?:sk|pk|rk)[-_][A-Za-z0-9_-]{8,}|^(?:ghp|gho|ghs|ghu|ghr)_[A-Za-z0-9]{16,}|^github_pat_[A-Za-z0-9_]{16,}|^xox[abprs]-[A-Za-z0-9-]{8,}|^glpat-[A-Za-z0-9_-]{12,}|^hf_[A-Za-z0-9]{16,}|^AKIA[0-9A-Z]{16}$|^AIza[0-9A-Za-z_-]{30,}|^eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\./;
const OPAQUE_TOKEN = /^[A-Za-z0-9_\-+/=]{32,}$/;

/** True for a value shaped like a credential (an API key, a JWT, a long opaque token). */
export function looksLikeSecret(value: string): boolean {
  if (KNOWN_SECRET.test(value)) return true;
  // A long run of token characters with letters and digits mixed; paths (with '/') need both cases too.
  return (
    OPAQUE_TOKEN.test(value) &&
    /[0-9]/.test(value) &&
    /[A-Za-z]/.test(value) &&
    (!value.includes('/') || (/[a-z]/.test(value) && /[A-Z]/.test(value) && !value.startsWith('/')))
  );
}

// The words of an environment variable's name that make its value a secret, whole words only
// (`GIT_AUTHOR_NAME` is an author, not AUTH; `KEYBOARD_LAYOUT` is no key). `…KEY`/`…TOKEN` glued to
// a prefix (`APIKEY`, `GHTOKEN`) count too.
const SECRET_ENV_WORD =
  /^(?:[A-Z0-9]*KEYS?|[A-Z0-9]*TOKENS?|SECRETS?|[A-Z0-9]*PASSWORDS?|PASSWD|PASSPHRASE|PASS|PWD|PW|AUTH|AUTHORIZATION|CREDENTIALS?|CREDS?|PRIVATE|JWT|BEARER|COOKIES?|SIG|SIGNATURE|PAT|DSN)$/;
// A last word that says what the value is, and it is not the secret itself: `TOKEN_URL`, `KEY_FILE`,
// `SSH_AUTH_SOCK`, `AUTH_MODE`, `SECRET_NAME`.
const PLAIN_ENV_TAIL =
  /^(?:DIRS?|DIRECTORY|PATHS?|FILES?|FOLDER|HOME|ROOT|HOSTS?|HOSTNAME|PORT|MODE|URLS?|URIS?|ENDPOINT|SOCK|SOCKET|NAME|EMAIL|USER|USERNAME|TYPE|KIND|METHOD|PROVIDER|LEVEL|REGION|ID|ENABLED|DISABLED|TIMEOUT|TTL|EXPIRY|EXPIRES|DOMAIN|ISSUER|SCOPES?|ALGORITHM|ALG|VERSION|FORMAT|LENGTH|SIZE)$/;
// An absolute or home-relative path with no spaces: a place on disk, never a credential.
const FS_PATH = /^(?:\/|~\/|[A-Za-z]:[\\/])\S*$/;

function envNameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w !== '');
}

/**
 * True when an environment variable's value is a secret: its name has a secret word (KEY, TOKEN,
 * SECRET, PASSWORD, PASSWD, PWD, AUTH, CREDENTIAL, PRIVATE, JWT, BEARER, COOKIE, ...) and does not end
 * with a word naming something else (`_DIR`, `_PATH`, `_FILE`, `_HOST`, `_URL`, `_MODE`, `_NAME`,
 * `_USER`, `_ID`, ...); or its value is shaped like a well-known credential (`sk-...`, `ghp_...`, a JWT).
 * A filesystem path is never a secret, whatever the name. Length alone makes nothing a secret.
 */
export function isSecretEnv(name: string, value: string): boolean {
  if (value === '' || FS_PATH.test(value)) return false;
  if (KNOWN_SECRET.test(value)) return true;
  const words = envNameWords(name);
  if (words.length === 0 || PLAIN_ENV_TAIL.test(words[words.length - 1]!)) return false;
  return words.some((w) => SECRET_ENV_WORD.test(w));
}

/** The password (or lone credential) in a URL's userinfo, `postgres://u:p@h` → `p`; undefined when there is none. */
export function urlCredential(value: string): string | undefined {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@\s]+)@/i.exec(value);
  if (!m) return undefined;
  const userinfo = m[1]!;
  const colon = userinfo.indexOf(':');
  const credential = colon < 0 ? userinfo : userinfo.slice(colon + 1);
  try {
    return decodeURIComponent(credential) || undefined;
  } catch {
    return credential || undefined;
  }
}
