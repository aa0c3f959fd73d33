// Validates one server entry of any format and normalises it into a ServerConfig: keys, name,
// transport (resolved in server-transport.ts), per-transport keys, limits, every default filled in.

import { readAuth } from './auth.js';
import { FieldReader, type FieldContext } from './field-reader.js';
import { isObject, typeName, type ConfigFormat, type RawEntry } from './formats.js';
import { formatPath } from './paths.js';
import {
  IGNORED_HOST_KEYS,
  KEY_ADVICE,
  NAME_PATTERN,
  PREFIX_MAX,
  PREFIX_PATTERN,
  SERVER_DEFAULTS,
  SERVER_KEYS,
  STDIO_KEYS,
  URL_KEYS,
  suggestName,
} from './schema.js';
import { readTransport, readUrl, resolveTransport } from './server-transport.js';
import { closest } from '../util/did-you-mean.js';
import type { AuthConfig, ServerConfig } from './types.js';
import { isAbsolute, resolve } from '../util/node-path.js';

function resolveKeyFile(auth: AuthConfig, dir: string): AuthConfig {
  const at = (file: string | undefined) => (file && !isAbsolute(file) ? resolve(dir, file) : file);
  return {
    ...auth,
    ...(auth.privateKeyFile ? { privateKeyFile: at(auth.privateKeyFile) } : {}),
    ...(auth.assertionFile ? { assertionFile: at(auth.assertionFile) } : {}),
  };
}

/** Context for {@link normalizeServer}. */
export interface ServerContext extends FieldContext {
  format: ConfigFormat;
  /** Absolute config file path, recorded in `source`. */
  file: string;
}

/** Returns the normalised server, or undefined when the entry has errors (all recorded in ctx.issues). */
export function normalizeServer(entry: RawEntry, ctx: ServerContext): ServerConfig | undefined {
  const errorsBefore = countErrors(ctx);
  if (!isObject(entry.value)) {
    ctx.issues.push({
      path: entry.path,
      message: `a server entry must be a mapping, got ${typeName(entry.value)}`,
      hint: ctx.format === 'mcp-bridge' ? 'write "- name: fs" followed by indented keys' : 'write "name": { "command": "..." }',
    });
    return undefined;
  }
  const obj = entry.value;
  const misspelt = checkKeys(obj, entry, ctx);
  const enabled = readEnabled(obj, entry, ctx);
  const r = new FieldReader(ctx, entry.path, obj, enabled);
  const name = readName(obj, entry, r, ctx);
  const transport = readTransport(r, ctx.format);

  const hasCommand = r.has('command');
  const urlKey = ctx.format === 'claude-desktop' && r.has('serverUrl') && !r.has('url') ? 'serverUrl' : 'url';
  if (ctx.format === 'claude-desktop' && urlKey === 'url' && r.has('serverUrl'))
    r.fail(['serverUrl'], 'both url and serverUrl are set', 'keep url and remove serverUrl', 'key');
  const hasUrl = r.has(urlKey);
  const command = r.string('command', true);
  const url = readUrl(r, urlKey, enabled);
  const resolved = resolveTransport(transport, hasCommand, hasUrl, r, misspelt);

  if (resolved !== undefined) {
    const wrongKeys = resolved === 'stdio' ? URL_KEYS : STDIO_KEYS.filter((k) => k !== 'command');
    for (const key of wrongKeys) {
      // Generated host files often carry "args": [] or "env": {} on URL servers; empty is harmless.
      if (r.has(key) && !isEmpty(obj[key]))
        r.fail(
          [key],
          resolved === 'stdio' ? `${key} only applies to URL servers; this one runs a command` : `${key} only applies to stdio servers; this one has a url`,
          `remove ${key}`,
          'key',
        );
    }
  }
  const args = r.stringList('args', true);
  const fileEnv = r.envFile();
  const env = { ...fileEnv, ...r.env() };
  const cwdRaw = r.string('cwd', true);
  const inheritEnv = r.boolean('inheritEnv') ?? SERVER_DEFAULTS.inheritEnv;
  const headers = r.headers();
  const authSecrets: string[] = [];
  const auth = readAuth(ctx, entry.path, obj, r.has('auth') || ctx.format === 'mcp-bridge' ? 'auth' : 'oauth', enabled, authSecrets);
  const tools = r.stringList('tools', false);
  tools.forEach((t, i) => {
    if (t.trim() === '') r.fail(['tools', i], 'a tool name is empty', 'remove the empty entry');
  });
  const excludeTools = r.stringList('excludeTools', false);
  const defer = r.has('defer') && typeof obj.defer === 'boolean' ? obj.defer : r.has('defer') ? r.stringList('defer', false) : undefined;
  // Values the user marks secret (e.g. "${DB_URL}"), masked like header and secret-named env values everywhere.
  const marked = r.stringList('secrets', true).filter((v) => v !== '');
  const maskResults = r.boolean('maskResults') ?? true;
  const prefix = readPrefix(r);
  const timeoutMs = r.duration('timeout', SERVER_DEFAULTS.timeoutMs);
  const startupTimeoutMs = r.duration('startupTimeout', SERVER_DEFAULTS.startupTimeoutMs);
  const maxResultChars = r.positiveInt('maxResultChars', SERVER_DEFAULTS.maxResultChars);
  const pingIntervalMs = r.duration('pingInterval', SERVER_DEFAULTS.pingIntervalMs);
  const resources = r.boolean('resources') ?? SERVER_DEFAULTS.resources;
  const prompts = r.boolean('prompts') ?? SERVER_DEFAULTS.prompts;
  const era = readEra(r);
  const start = readStart(r);
  const idleStopAfterMs = r.has('idleStopAfter') ? r.duration('idleStopAfter', 0) : undefined;
  const toolListMaxAgeMs = r.has('toolListMaxAge') ? r.duration('toolListMaxAge', SERVER_DEFAULTS.toolListMaxAgeMs) : undefined;

  if (countErrors(ctx) > errorsBefore || name === undefined || resolved === undefined) return undefined;
  const cwd = cwdRaw === undefined ? undefined : isAbsolute(cwdRaw) ? cwdRaw : resolve(ctx.configDir, cwdRaw);
  const line = ctx.locator.position(entry.path)?.line;
  const base = {
    name,
    enabled,
    args,
    env,
    ...(cwd !== undefined ? { cwd } : {}),
    inheritEnv,
    headers,
    tools,
    excludeTools,
    ...(defer !== undefined && defer !== false ? { defer } : {}),
    prefix,
    timeoutMs,
    startupTimeoutMs,
    maxResultChars,
    pingIntervalMs,
    secrets: [...new Set([...r.secrets, ...authSecrets, ...marked])],
    // Opt-in flags appear only when switched on, so a plain tool server's entry stays as it was.
    ...(resources ? { resources } : {}),
    ...(prompts ? { prompts } : {}),
    ...(era !== 'auto' ? { era } : {}),
    ...(start === 'lazy' ? { start } : {}),
    ...(idleStopAfterMs !== undefined ? { idleStopAfterMs } : {}),
    ...(toolListMaxAgeMs !== undefined ? { toolListMaxAgeMs } : {}),
    ...(maskResults ? {} : { maskResults }),
    source: { file: ctx.file, path: formatPath(entry.path), ...(line !== undefined ? { line } : {}) },
  };
  // Both are set once the entry has no errors; the checks only narrow the union.
  if (resolved === 'stdio') return command === undefined ? undefined : { ...base, transport: 'stdio', command };
  return url === undefined ? undefined : { ...base, transport: resolved, url, ...(auth !== undefined ? { auth: resolveKeyFile(auth, ctx.configDir) } : {}) };
}

const ERAS = ['auto', 'legacy', 'modern'] as const;

function readEra(r: {
  string(key: string, required?: boolean): string | undefined;
  fail(path: (string | number)[], message: string, hint?: string): void;
}): NonNullable<ServerConfig['era']> {
  const value = r.string('era', true);
  if (value === undefined) return 'auto';
  if ((ERAS as readonly string[]).includes(value)) return value as NonNullable<ServerConfig['era']>;
  r.fail(['era'], `era must be one of ${ERAS.join(', ')}, got "${value}"`, 'use auto (detect), legacy (initialize only) or modern (2026-07-28 only)');
  return 'auto';
}

const STARTS = ['eager', 'lazy'] as const;

function readStart(r: {
  string(key: string, required?: boolean): string | undefined;
  fail(path: (string | number)[], message: string, hint?: string): void;
}): 'eager' | 'lazy' {
  const value = r.string('start', true);
  if (value === undefined) return 'eager';
  if ((STARTS as readonly string[]).includes(value)) return value as 'eager' | 'lazy';
  r.fail(['start'], `start must be eager or lazy, got "${value}"`, 'use eager (start with the others) or lazy (start at the first call of one of its tools)');
  return 'eager';
}

function isEmpty(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
}

function countErrors(ctx: ServerContext): number {
  return ctx.issues.filter((i) => !i.warning).length;
}

/** Reports unknown keys; returns the valid keys they look like misspellings of. */
function checkKeys(obj: Record<string, unknown>, entry: RawEntry, ctx: ServerContext): Set<string> {
  const valid: readonly string[] = SERVER_KEYS[ctx.format];
  const misspelt = new Set<string>();
  for (const key of Object.keys(obj)) {
    if (valid.includes(key)) continue;
    const path = [...entry.path, key];
    if (ctx.format !== 'mcp-bridge' && (IGNORED_HOST_KEYS as readonly string[]).includes(key)) {
      ctx.issues.push({ path, at: 'key', warning: true, message: `${key} is ignored: mcp-bridge does not use it` });
      continue;
    }
    const guess = closest(key, valid);
    if (guess) misspelt.add(guess);
    if (key === 'cmd') misspelt.add('command');
    if (/url$/i.test(key)) misspelt.add('url');
    const hint = KEY_ADVICE[key] ?? (guess ? `did you mean "${guess}"?` : `valid keys: ${valid.join(', ')}`);
    ctx.issues.push({ path, at: 'key', message: `unknown key "${key}"`, hint });
  }
  return misspelt;
}

function readEnabled(obj: Record<string, unknown>, entry: RawEntry, ctx: ServerContext): boolean {
  const probe = new FieldReader(ctx, entry.path, obj, true);
  const enabled = probe.boolean('enabled');
  const disabled = ctx.format === 'mcp-bridge' ? undefined : probe.boolean('disabled');
  if (enabled !== undefined && disabled !== undefined && enabled === disabled) {
    probe.fail(['disabled'], 'enabled and disabled contradict each other', 'keep one of them', 'key');
  }
  return enabled ?? (disabled === undefined ? SERVER_DEFAULTS.enabled : !disabled);
}

function readName(obj: Record<string, unknown>, entry: RawEntry, r: FieldReader, ctx: ServerContext): string | undefined {
  const rule = '1 to 64 letters, digits, _ or -';
  if (entry.key !== undefined) {
    if (NAME_PATTERN.test(entry.key)) return entry.key;
    ctx.issues.push({
      path: entry.path,
      at: 'key',
      message: `server name ${JSON.stringify(entry.key)} is not valid`,
      hint: `use ${rule}, e.g. ${suggestName(entry.key)}`,
    });
    return undefined;
  }
  if (!r.has('name')) {
    r.fail(['name'], 'this server has no name', `add name: with ${rule}`);
    return undefined;
  }
  const name = r.rawString('name', `quote it: name: "${String(obj.name)}"`);
  if (name === undefined) return undefined;
  if (NAME_PATTERN.test(name)) return name;
  r.fail(['name'], `server name ${JSON.stringify(name)} is not valid`, `use ${rule}, e.g. ${suggestName(name)}`);
  return undefined;
}

function readPrefix(r: FieldReader): string {
  const prefix = r.rawString('prefix');
  if (prefix === undefined) return SERVER_DEFAULTS.prefix;
  if (!PREFIX_PATTERN.test(prefix)) {
    r.fail(['prefix'], `prefix ${JSON.stringify(prefix)} has characters tool names cannot carry`, 'use only letters, digits, _ and -');
  } else if (prefix.length > PREFIX_MAX) {
    r.fail(['prefix'], `prefix is ${prefix.length} characters; the most is ${PREFIX_MAX}`, 'shorten it: providers cap tool names at 64 characters');
  }
  return prefix;
}
