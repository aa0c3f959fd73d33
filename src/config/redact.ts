// Copies of server configs and URLs that are safe to print: header and env values, URL
// credentials and secret-looking query values and flag arguments become '***'.

import type { ServerConfig } from './types.js';

/** The mask written in place of a secret. */
export const MASK = '***';

/** Query keys, flag names and similar whose values are treated as secrets. */
const SECRET_NAME = /token|key|secret|passw(or)?d|pwd|auth|credential|session|signature|^sig$|^code$/i;

/** True when a query parameter, flag or field name suggests its value is a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * A copy of `cfg` safe to print or log: every `headers` and `env` value becomes `'***'`
 * (a `null` env value, meaning "unset", stays `null`), the URL loses its userinfo and the
 * values of secret-looking query keys (token, key, secret, password, auth, ...), and
 * arguments such as `--api-key=x` or the value after `--token` are masked.
 */
export function redactServerConfig(cfg: ServerConfig): ServerConfig {
  const env: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(cfg.env)) env[k] = v === null ? null : MASK;
  const headers: Record<string, string> = {};
  for (const k of Object.keys(cfg.headers)) headers[k] = MASK;
  return {
    ...cfg,
    args: redactArgs(cfg.args),
    env,
    headers,
    ...(cfg.url === undefined ? {} : { url: redactUrl(cfg.url) }),
    tools: [...cfg.tools],
    source: { ...cfg.source },
  };
}

/**
 * A URL safe to print: userinfo replaced by `***`, secret-looking query values by `***`.
 * Text that does not parse as a URL is masked the same way by pattern.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url
      .replace(/\/\/[^/?#@]*@/, `//${MASK}@`)
      .replace(/([?&])([^=&#]+)=([^&#]*)/g, (all, sep: string, key: string) => (isSecretName(key) ? `${sep}${key}=${MASK}` : all));
  }
  if (parsed.username || parsed.password) {
    parsed.username = MASK;
    parsed.password = '';
  }
  if (parsed.search) {
    // Rebuild by hand: URLSearchParams would re-encode the untouched pairs too.
    parsed.search = parsed.search.slice(1).split('&').map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && isSecretName(safeDecode(key)) ? `${key}=${MASK}` : pair;
    }).join('&');
  }
  return parsed.href;
}

function redactArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  let maskNext = false;
  for (const arg of args) {
    if (maskNext && !arg.startsWith('-')) {
      out.push(MASK);
      maskNext = false;
      continue;
    }
    maskNext = false;
    const flag = /^(--?[A-Za-z0-9][\w.-]*)(=)?(.*)$/s.exec(arg);
    if (flag && isSecretName(flag[1]!)) {
      if (flag[2]) out.push(`${flag[1]}=${MASK}`);
      else {
        out.push(arg);
        maskNext = true;
      }
    } else out.push(arg);
  }
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
