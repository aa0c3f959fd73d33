// Config written in code: the same plain shapes a config file holds (our `tools.mcp.servers` list,
// a host's `mcpServers` map, or just the list of servers), normalised and validated by the file
// path's own validator, so every default, variable expansion and located error is the same.

import type { HeadersProvider } from '../../protocol/http/headers.js';
import { CONFIG_INVALID, ConfigError, type ConfigIssue } from '../errors/config-errors.js';
import { buildConfig } from './build-config.js';
import { isObject, type RawIssue } from './formats.js';
import { formatPath, NO_LOCATOR } from './paths.js';
import type { BridgeConfig, ConfigOptions } from './types.js';
import { join } from '../util/node-path.js';

/** One server as a config file writes it (the keys of an `mcp-bridge.yaml` entry). */
export interface ServerInput {
  /** Unique name, 1 to 64 letters, digits, `_` or `-`. */
  name: string;
  /** `stdio` for a command; for a URL `auto` (the default), `streamable-http` or `sse`. */
  transport?: 'stdio' | 'sse' | 'streamable-http' | 'auto';
  command?: string;
  args?: string[];
  /** A `null` value unsets the variable. Values may use `${VAR}`. */
  env?: Record<string, string | null>;
  envFile?: string;
  cwd?: string;
  inheritEnv?: boolean;
  url?: string;
  /** Static headers, or (in code only) a function called before every HTTP request. */
  headers?: Record<string, string> | HeadersProvider;
  /** OAuth settings, as under `auth:` in a file. */
  auth?: Record<string, unknown>;
  tools?: string[];
  excludeTools?: string[];
  defer?: boolean | string[];
  prefix?: string;
  /** A duration with its unit: `30s`, `500ms`, `2m`. */
  timeout?: string;
  startupTimeout?: string;
  maxResultChars?: number;
  pingInterval?: string;
  enabled?: boolean;
  era?: 'auto' | 'legacy' | 'modern';
  resources?: boolean;
  prompts?: boolean;
  secrets?: string[];
}

/** One server of a host's `mcpServers` map (Claude Desktop, Cursor...): its name is the key. */
export type HostServerInput = Omit<ServerInput, 'name' | 'transport'> & { type?: 'stdio' | 'sse' | 'http' | 'streamable-http'; disabled?: boolean };

/** A whole config as a file holds it, or just the list of servers. */
export type ConfigInput =
  | ServerInput[]
  | { tools: { mcp: { enabled?: boolean; servers: ServerInput[] } } }
  | { mcpServers: Record<string, HostServerInput> }
  | { servers: Record<string, HostServerInput> };

/** Options of {@link configFromObject}. */
export interface ObjectConfigOptions extends ConfigOptions {
  /** Folder that relative `cwd`, `envFile` and key paths resolve against. @defaultValue the current directory */
  baseDir?: string;
}

/** The name errors give the config: it has no file. */
export const OBJECT_CONFIG_LABEL = 'config (in code)';

/**
 * Types a config written in code (an identity at run time), so an editor checks its keys.
 * @example
 * const config = defineConfig([{ name: 'fs', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '.'] }]);
 * const manager = Manager.fromConfig(config);
 */
export function defineConfig<const T extends ConfigInput>(config: T): T {
  return config;
}

/**
 * Normalises a config written in code, as {@link parseConfig} does a file: defaults filled in,
 * `${VAR}` expanded, every problem reported at once with its path (`tools.mcp.servers[0].command`,
 * `mcpServers.fs.url`). A `headers` function is kept as it is.
 * @throws {ConfigError} `MCPB_CONFIG_INVALID` listing every problem.
 */
export function configFromObject(input: ConfigInput, options: ObjectConfigOptions = {}, indexes?: readonly number[]): BridgeConfig {
  const root: unknown = Array.isArray(input) ? { tools: { mcp: { servers: input } } } : input;
  const functions = takeHeaderFunctions(root);
  const raw: RawIssue[] = [];
  const file = join(options.baseDir ?? process.cwd(), OBJECT_CONFIG_LABEL);
  const config = buildConfig(functions.root, raw, { file, locator: NO_LOCATOR, env: options.env ?? process.env, options });
  // A bare list of servers is reported as `servers[i]...`, numbered as the caller's list (`indexes`
  // maps a subset back to it).
  const pathOf = (path: RawIssue['path']): string => {
    if (!Array.isArray(input) || path[0] !== 'tools' || path[1] !== 'mcp' || path[2] !== 'servers') return formatPath(path);
    const index = typeof path[3] === 'number' ? (indexes?.[path[3]] ?? path[3]) : undefined;
    return formatPath(index === undefined ? ['servers', ...path.slice(3)] : ['servers', index, ...path.slice(4)]);
  };
  const toIssue = (i: RawIssue): ConfigIssue => ({ path: pathOf(i.path), message: i.message, ...(i.hint ? { hint: i.hint } : {}) });
  const errors = raw.filter((i) => !i.warning).map(toIssue);
  if (errors.length > 0 || config === undefined) throw new ConfigError(CONFIG_INVALID, { file: OBJECT_CONFIG_LABEL, issues: errors });
  for (const server of config.servers) {
    const fn = functions.byName.get(server.name);
    if (fn) server.headers = fn;
    server.source = { ...server.source, file: OBJECT_CONFIG_LABEL };
  }
  const warnings = raw.filter((i) => i.warning).map(toIssue);
  return { ...config, file: OBJECT_CONFIG_LABEL, ...(warnings.length > 0 ? { warnings } : {}) };
}

// The validator reads headers as strings; a function (allowed in code) is set aside by server name
// and put back on the normalised entry.
function takeHeaderFunctions(root: unknown): { root: unknown; byName: Map<string, HeadersProvider> } {
  const byName = new Map<string, HeadersProvider>();
  if (!isObject(root)) return { root, byName };
  const strip = (entry: unknown, name: unknown): unknown => {
    if (!isObject(entry) || typeof entry.headers !== 'function' || typeof name !== 'string') return entry;
    byName.set(name, entry.headers as HeadersProvider);
    const { headers: _fn, ...rest } = entry;
    return rest;
  };
  const tools = root.tools;
  if (isObject(tools) && isObject(tools.mcp) && Array.isArray(tools.mcp.servers)) {
    const servers = tools.mcp.servers.map((s: unknown) => strip(s, isObject(s) ? s.name : undefined));
    return { root: { ...root, tools: { ...tools, mcp: { ...tools.mcp, servers } } }, byName };
  }
  for (const key of ['mcpServers', 'servers'] as const) {
    const map = root[key];
    if (isObject(map)) return { root: { ...root, [key]: Object.fromEntries(Object.entries(map).map(([n, s]) => [n, strip(s, n)])) }, byName };
  }
  return { root, byName };
}

/** True for a server entry that is already normalised (what {@link loadConfig} returns), false for one as a file writes it. */
export function isServerConfig(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.name === 'string' &&
    typeof value.enabled === 'boolean' &&
    typeof value.transport === 'string' &&
    Array.isArray(value.args) &&
    Array.isArray(value.tools) &&
    typeof value.prefix === 'string' &&
    typeof value.inheritEnv === 'boolean' &&
    isObject(value.env) &&
    (isObject(value.headers) || typeof value.headers === 'function') &&
    typeof value.timeoutMs === 'number' &&
    typeof value.startupTimeoutMs === 'number' &&
    typeof value.maxResultChars === 'number' &&
    typeof value.pingIntervalMs === 'number'
  );
}

/** True for a loaded config (what {@link loadConfig} returns), every server normalised. */
export function isBridgeConfig(value: unknown): value is BridgeConfig {
  return (
    isObject(value) &&
    typeof value.enabled === 'boolean' &&
    typeof value.format === 'string' &&
    Array.isArray(value.servers) &&
    value.servers.every(isServerConfig)
  );
}
