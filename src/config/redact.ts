// Copies of server configs that are safe to print: header and env values, URL credentials and
// secret-looking query values and arguments become '***'. The rules themselves live in
// protocol/redact.ts, the one home of every secret rule.

import { MASK, redactArgs, redactUrl } from '../../protocol/redact.js';
import type { ServerConfig } from './types.js';

export { isSecretEnv, isSecretName, MASK, redactUrl } from '../../protocol/redact.js';

/**
 * A copy of `cfg` safe to print or log: every `headers` and `env` value becomes `'***'`
 * (a `null` env value, meaning "unset", stays `null`), the URL loses its userinfo and the
 * values of secret-looking query keys (token, key, secret, password, auth, jwt, bearer, sig, ...),
 * and arguments such as `--api-key=x`, the value after `--token` or an `sk-...` key are masked.
 */
export function redactServerConfig(cfg: ServerConfig): ServerConfig {
  const env: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(cfg.env)) env[k] = v === null ? null : MASK;
  const headers: Record<string, string> = {};
  for (const k of Object.keys(cfg.headers)) headers[k] = MASK;
  const masked = {
    args: redactArgs(cfg.args),
    env,
    headers,
    tools: [...cfg.tools],
    ...(cfg.secrets === undefined ? {} : { secrets: cfg.secrets.map(() => MASK) }),
    ...(cfg.auth === undefined
      ? {}
      : { auth: { ...cfg.auth, scopes: [...cfg.auth.scopes], ...(cfg.auth.clientSecret === undefined ? {} : { clientSecret: MASK }) } }),
    source: { ...cfg.source },
  };
  return cfg.transport === 'stdio' ? { ...cfg, ...masked } : { ...cfg, ...masked, url: redactUrl(cfg.url) };
}
