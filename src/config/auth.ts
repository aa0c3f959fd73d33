// The `auth:` block of an HTTP server: OAuth mode, client identity, scopes, redirect, resource,
// interactivity and store, with ${VAR} expansion. Hosts' own spellings are mapped onto it: Claude
// Code's `oauth: { clientId, callbackPort }`, Cursor's `auth: { CLIENT_ID, CLIENT_SECRET, scopes }`,
// gemini-cli's `oauth: { clientId, clientSecret, scopes, redirectUri }`.
import { FieldReader, type FieldContext } from './field-reader.js';
import { isObject, typeName } from './formats.js';
import type { DocPath } from './paths.js';
import type { AuthConfig } from './types.js';

const MODES = ['oauth', 'client_credentials', 'workload_identity', 'none'] as const;
const INTERACTIVE = ['auto', 'browser', 'device', 'paste', 'never'] as const;
const STORES = ['file', 'memory'] as const;
/** Keys of the `auth:` block, including the hosts' spellings. */
export const AUTH_KEYS = [
  'mode',
  'clientId',
  'clientSecret',
  'privateKeyFile',
  'signingAlgorithm',
  'clientMetadataUrl',
  'scopes',
  'redirect',
  'resource',
  'interactive',
  'store',
  'offlineAccess',
  'dpop',
  'assertionFile',
  'assertionEnv',
  'CLIENT_ID',
  'CLIENT_SECRET',
  'callbackPort',
  'redirectUri',
  'enabled',
] as const;

function oneOf<T extends string>(r: FieldReader, key: string, values: readonly T[]): T | undefined {
  const value = r.rawString(key);
  if (value === undefined) return undefined;
  if ((values as readonly string[]).includes(value)) return value as T;
  r.fail([key], `${key} "${value}" is not one of ${values.join(', ')}`, `write one of ${values.join(', ')}`);
  return undefined;
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/** Reads `obj[key]` as an auth block; undefined when absent. Problems go to ctx.issues; secret values to `secrets`. */
export function readAuth(
  ctx: FieldContext,
  base: DocPath,
  obj: Record<string, unknown>,
  key: string,
  enabled: boolean,
  secrets: string[] = [],
): AuthConfig | undefined {
  const raw = obj[key];
  if (raw === undefined || raw === null) return undefined;
  const path = [...base, key];
  if (!isObject(raw)) {
    ctx.issues.push({ path, message: `${key} must be a mapping, got ${typeName(raw)}`, hint: `write ${key}: { clientId: ..., scopes: [...] }` });
    return undefined;
  }
  const r = new FieldReader(ctx, path, raw, enabled);
  for (const k of Object.keys(raw))
    if (!(AUTH_KEYS as readonly string[]).includes(k)) r.fail([k], `unknown key "${k}" in ${key}`, `valid keys: ${AUTH_KEYS.slice(0, 12).join(', ')}`, 'key');
  if (r.boolean('enabled') === false) return { mode: 'none', scopes: [], store: 'file' };
  const clientId = r.string('clientId', true) ?? r.string('CLIENT_ID', true);
  const clientSecret = r.string('clientSecret', true) ?? r.string('CLIENT_SECRET', true);
  const redirect = readRedirect(r, raw);
  const resourceRaw = raw.resource;
  let resource: AuthConfig['resource'];
  if (resourceRaw === false) resource = false;
  else if (resourceRaw !== undefined) {
    const text = r.string('resource', true);
    if (text !== undefined && text !== 'auto') {
      try {
        new URL(text);
        resource = text;
      } catch {
        r.fail(['resource'], 'resource must be auto, false or an absolute URI', 'e.g. resource: https://mcp.example.com/mcp');
      }
    }
  }
  const privateKeyFile = r.string('privateKeyFile', true);
  const signingAlgorithm = r.string('signingAlgorithm', true);
  const clientMetadataUrl = r.string('clientMetadataUrl', true);
  const offlineAccess = r.boolean('offlineAccess');
  const dpop = r.boolean('dpop');
  const assertionFile = r.string('assertionFile', true);
  const assertionEnv = r.string('assertionEnv', true);
  // The redactor learns the client secret and any secret-named variable expanded here.
  secrets.push(...r.secrets, ...(clientSecret ? [clientSecret] : []));
  return {
    mode: oneOf(r, 'mode', MODES) ?? 'oauth',
    ...(clientId !== undefined ? { clientId } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    ...(privateKeyFile !== undefined ? { privateKeyFile } : {}),
    ...(signingAlgorithm !== undefined ? { signingAlgorithm } : {}),
    ...(clientMetadataUrl !== undefined ? { clientMetadataUrl } : {}),
    scopes: r.stringList('scopes', true),
    ...(redirect ? { redirect } : {}),
    ...(resource !== undefined ? { resource } : {}),
    ...optional('interactive', oneOf(r, 'interactive', INTERACTIVE)),
    store: oneOf(r, 'store', STORES) ?? 'file',
    ...(offlineAccess !== undefined ? { offlineAccess } : {}),
    ...optional('dpop', dpop),
    ...optional('assertionFile', assertionFile),
    ...optional('assertionEnv', assertionEnv),
  };
}

function readRedirect(r: FieldReader, raw: Record<string, unknown>): AuthConfig['redirect'] | undefined {
  const port = raw.callbackPort;
  if (typeof port === 'number') return { port };
  const uri = r.string('redirectUri', true);
  if (uri !== undefined) {
    try {
      const u = new URL(uri);
      return { host: u.hostname, ...(u.port ? { port: Number(u.port) } : {}), path: u.pathname };
    } catch {
      r.fail(['redirectUri'], 'redirectUri is not a URL', 'e.g. http://127.0.0.1:33418/callback');
      return undefined;
    }
  }
  const value = raw.redirect;
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    r.fail(['redirect'], `redirect must be a mapping, got ${typeName(value)}`, 'write redirect: { host: 127.0.0.1, port: 33418, path: /callback }');
    return undefined;
  }
  const out: NonNullable<AuthConfig['redirect']> = {};
  if (typeof value.host === 'string') out.host = value.host;
  if (typeof value.port === 'number' && Number.isInteger(value.port) && value.port >= 0 && value.port < 65536) out.port = value.port;
  else if (value.port !== undefined) r.fail(['redirect', 'port'], 'redirect.port must be a port number', 'e.g. 33418');
  if (typeof value.path === 'string' && value.path.startsWith('/')) out.path = value.path;
  return out;
}
