// One host's server entry rewritten into the keys the validator reads (command, args, env, url,
// headers, type, timeout, tools, excludeTools, enabled...): renamed keys, numeric timeouts given the
// host's unit, `$VAR` and `{env:VAR}` spellings turned into `${VAR}`, servers we cannot run skipped
// with a warning. Keys the host documents but we do not use stay, and are reported as ignored.

import type { RawIssue } from './formats.js';
import { TIMEOUT_UNIT, type HostName } from './hosts.js';
import type { DocPath } from './paths.js';

type Entry = Record<string, unknown>;

function isObject(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets an own property even for a name such as `__proto__` (names come from the file). */
function put(obj: Entry, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Rewrites one entry; undefined means the server is skipped (a warning says why). */
export function translateEntry(host: HostName, value: unknown, path: DocPath, issues: RawIssue[]): unknown {
  if (!isObject(value) || host === 'mcp-bridge') return value;
  const out: Entry = { ...value };
  const warn = (key: string | undefined, message: string, hint?: string) =>
    issues.push({
      path: key === undefined ? path : [...path, key],
      ...(key !== undefined ? { at: 'key' as const } : {}),
      warning: true,
      message,
      ...(hint ? { hint } : {}),
    });
  const skip = (key: string | undefined, message: string, hint?: string): undefined => {
    warn(key, message, hint);
    return undefined;
  };

  switch (host) {
    case 'gemini-cli':
      if (out.httpUrl !== undefined && out.url === undefined) {
        out.url = out.httpUrl;
        out.type ??= 'streamable-http';
        delete out.httpUrl;
      }
      moveList(out, 'includeTools', 'tools');
      rewriteVariables(out, dollarVar);
      break;
    case 'cline':
    case 'roo':
    case 'windsurf':
      moveList(out, 'disabledTools', 'excludeTools');
      break;
    case 'claude-code':
      if (out.type === 'ws') return skip('type', 'WebSocket servers (type: ws) are not supported; this server is skipped');
      if (out.headersHelper !== undefined)
        warn(
          'headersHelper',
          'headersHelper is not run by mcp-bridge: the headers it prints are not sent',
          'put the headers under headers, e.g. "Authorization": "Bearer ${TOKEN}"',
        );
      delete out.headersHelper;
      break;
    case 'zed': {
      if (out.source === 'extension')
        return skip(undefined, 'a Zed extension server is started by Zed itself; this server is skipped', 'give it a command (source: custom) to run it here');
      delete out.source;
      if (isObject(out.command)) {
        const cmd = out.command;
        out.command = cmd.path;
        if (cmd.args !== undefined) out.args = cmd.args;
        if (cmd.env !== undefined) out.env = cmd.env;
      }
      break;
    }
    case 'continue':
      delete out.name;
      if (out.connectionTimeout !== undefined) {
        out.startupTimeout = out.connectionTimeout;
        delete out.connectionTimeout;
      }
      break;
    case 'opencode': {
      const type = out.type;
      delete out.type;
      if (type === 'local' && Array.isArray(out.command)) {
        const [command, ...args] = out.command as unknown[];
        out.command = command;
        out.args = [...args, ...(Array.isArray(out.args) ? out.args : [])];
      }
      if (out.environment !== undefined) {
        out.env = out.environment;
        delete out.environment;
      }
      rewriteVariables(out, braceEnvVar);
      break;
    }
    case 'goose': {
      const type = out.type;
      if (type !== undefined && type !== 'stdio' && type !== 'sse' && type !== 'streamable_http') {
        return skip('type', `Goose ${String(type)} extensions run inside Goose; this one is skipped`);
      }
      out.type = type === 'streamable_http' ? 'streamable-http' : type;
      if (out.type === undefined) delete out.type;
      rename(out, 'cmd', 'command');
      rename(out, 'uri', 'url');
      rename(out, 'envs', 'env');
      passThroughEnv(out, 'env_keys');
      delete out.name;
      break;
    }
    case 'codex': {
      passThroughEnv(out, 'env_vars');
      const headers: Entry = isObject(out.http_headers) ? { ...out.http_headers } : {};
      delete out.http_headers;
      if (isObject(out.env_http_headers)) for (const [h, v] of Object.entries(out.env_http_headers)) if (typeof v === 'string') put(headers, h, `\${${v}}`);
      delete out.env_http_headers;
      if (typeof out.bearer_token_env_var === 'string') headers.Authorization = `Bearer \${${out.bearer_token_env_var}}`;
      delete out.bearer_token_env_var;
      if (Object.keys(headers).length > 0) out.headers = headers;
      secondsKey(out, 'startup_timeout_sec', 'startupTimeout');
      secondsKey(out, 'tool_timeout_sec', 'timeout');
      if (typeof out.startup_timeout_ms === 'number') {
        out.startupTimeout = `${out.startup_timeout_ms}ms`;
        delete out.startup_timeout_ms;
      }
      moveList(out, 'enabled_tools', 'tools');
      moveList(out, 'disabled_tools', 'excludeTools');
      break;
    }
    case 'vscode': {
      const url = out.url;
      if (typeof url === 'string' && /^(unix|pipe):/i.test(url)) {
        return skip('url', `${url.split(':')[0]}:// servers (local sockets and pipes) are not supported yet; this server is skipped`);
      }
      break;
    }
    default:
      break;
  }
  for (const key of ['timeout', 'startupTimeout']) {
    if (typeof out[key] === 'number') out[key] = `${out[key] as number}${TIMEOUT_UNIT[host]}`;
  }
  return out;
}

function rename(out: Entry, from: string, to: string): void {
  if (out[from] === undefined) return;
  if (out[to] === undefined) out[to] = out[from];
  delete out[from];
}

/** Moves a tool list to our key, merging with what is there. */
function moveList(out: Entry, from: string, to: string): void {
  const list = out[from];
  if (list === undefined) return;
  delete out[from];
  out[to] = Array.isArray(out[to]) && Array.isArray(list) ? [...(out[to] as unknown[]), ...list] : list;
}

function secondsKey(out: Entry, from: string, to: string): void {
  const value = out[from];
  if (value === undefined) return;
  delete out[from];
  out[to] = typeof value === 'number' ? `${value}s` : value;
}

/** Variable names whose values the server gets from our own environment. */
function passThroughEnv(out: Entry, key: string): void {
  const names = out[key];
  delete out[key];
  if (!Array.isArray(names)) return;
  const env: Entry = isObject(out.env) ? { ...out.env } : {};
  for (const name of names) if (typeof name === 'string' && !Object.hasOwn(env, name)) put(env, name, `\${${name}}`);
  out.env = env;
}

/** gemini-cli expands `$VAR` as well as `${VAR}`. */
function dollarVar(text: string): string {
  return text.replace(/(^|[^$])\$([A-Za-z_][A-Za-z0-9_]*)/g, (_m, before: string, name: string) => `${before}\${${name}}`);
}

/** OpenCode writes `{env:VAR}`. */
function braceEnvVar(text: string): string {
  return text.replace(/(^|[^$]){env:([A-Za-z_][A-Za-z0-9_]*)}/g, (_m, before: string, name: string) => `${before}\${${name}}`);
}

/** Applies a spelling rewrite to the fields variables are expanded in. */
function rewriteVariables(out: Entry, rewrite: (s: string) => string): void {
  for (const key of ['command', 'url', 'cwd']) if (typeof out[key] === 'string') out[key] = rewrite(out[key] as string);
  if (Array.isArray(out.args)) out.args = out.args.map((a) => (typeof a === 'string' ? rewrite(a) : a));
  for (const key of ['env', 'headers']) {
    const map = out[key];
    if (!isObject(map)) continue;
    const next: Entry = {};
    for (const [k, v] of Object.entries(map)) put(next, k, typeof v === 'string' ? rewrite(v) : v);
    out[key] = next;
  }
}
