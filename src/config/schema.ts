// The config's shape as data: valid keys per format, defaults, name and prefix rules, transport
// spellings. The validator reads these tables; the tests (docs/configuration.md's coverage among them) can too.

import type { TransportKind } from './types.js';

/** Defaults applied to every server entry. */
export const SERVER_DEFAULTS = {
  enabled: true,
  inheritEnv: false,
  prefix: '',
  timeoutMs: 30_000,
  startupTimeoutMs: 120_000,
  maxResultChars: 100_000,
  /** Health pings are off unless `pingInterval` is set. */
  pingIntervalMs: 0,
  resources: false,
  prompts: false,
  /** How long a saved tool list of a lazy server is trusted (`toolListMaxAge`). */
  toolListMaxAgeMs: 24 * 3_600_000,
} as const;

/** Keys of `tools.mcp` itself in mcp-bridge files: the server list and what applies to all of its servers. */
export const TOOLS_MCP_KEYS = ['enabled', 'servers', 'secrets', 'toolSearch', 'maxResultTokens', 'pins', 'telemetry', 'policy', 'audit'] as const;

/** Keys of `tools.mcp.audit`. */
export const AUDIT_KEYS = ['file', 'args', 'maxBytes', 'keep'] as const;
/** Values of `tools.mcp.audit.args`. */
export const AUDIT_ARGS_MODES = ['none', 'redacted', 'full'] as const;

/** Keys of `tools.mcp.toolSearch`. */
export const TOOL_SEARCH_KEYS = ['enabled', 'alwaysLoaded', 'limit'] as const;

/** The most tools one search may return (the search tool's own `limit` stops there too). */
export const TOOL_SEARCH_MAX_LIMIT = 20;

/** Server names: used in tool prefixes, logs and CLI arguments. */
export const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A valid server name close to `name`, for hints and for hosts whose names are free text. */
export function suggestName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return cleaned === '' ? 'my_server' : cleaned;
}

/** Tool-name prefixes: characters every LLM provider accepts in a function name. */
export const PREFIX_PATTERN = /^[A-Za-z0-9_-]*$/;
export const PREFIX_MAX = 32;

/** Values of `transport` in mcp-bridge files. */
export const TRANSPORTS: readonly TransportKind[] = ['stdio', 'sse', 'streamable-http', 'auto'];

/**
 * Values of `type` as host formats spell them, mapped to ours. VS Code's and Claude Code's `http`
 * becomes `auto`: those hosts try Streamable HTTP and fall back to legacy SSE, and so does `auto`.
 */
export const HOST_TYPES: Readonly<Record<string, TransportKind>> = {
  stdio: 'stdio',
  sse: 'sse',
  http: 'auto',
  'streamable-http': 'streamable-http',
  streamableHttp: 'streamable-http',
};

/** Keys that apply only to stdio servers / only to URL servers. */
export const STDIO_KEYS = ['command', 'args', 'env', 'envFile', 'cwd', 'inheritEnv'] as const;
export const URL_KEYS = ['url', 'headers', 'auth'] as const;

/** Keys every format accepts in a server entry (our extensions are allowed in host files too). */
export const COMMON_SERVER_KEYS = [
  'type',
  'command',
  'args',
  'env',
  'envFile',
  'cwd',
  'inheritEnv',
  'url',
  'headers',
  'auth',
  'tools',
  'excludeTools',
  'defer',
  'prefix',
  'timeout',
  'startupTimeout',
  'maxResultChars',
  'pingInterval',
  'start',
  'idleStopAfter',
  'toolListMaxAge',
  'enabled',
  'era',
  'resources',
  'prompts',
  'secrets',
  'maskResults',
] as const;

/** Server-entry keys per format. */
export const SERVER_KEYS = {
  'mcp-bridge': ['name', 'transport', ...COMMON_SERVER_KEYS],
  'claude-desktop': [...COMMON_SERVER_KEYS, 'disabled', 'serverUrl', 'oauth'],
  vscode: [...COMMON_SERVER_KEYS, 'disabled', 'oauth'],
} as const;

/**
 * Keys other hosts write that mcp-bridge does not act on. They are accepted in host files (so those
 * files load unchanged) and reported as warnings.
 */
export const IGNORED_HOST_KEYS = [
  'autoApprove',
  'alwaysAllow',
  'description',
  'dev',
  'sandbox',
  'sandboxEnabled',
  'gallery',
  'version',
  'trust',
  'watchPaths',
  'authProviderType',
  'required',
  'display_name',
  'bundled',
  'available_tools',
  'settings',
  'timeouts',
  'metadata',
  'scopes',
] as const;

/** Keys people write by habit from other tools, with what to write instead. */
export const KEY_ADVICE: Readonly<Record<string, string>> = {
  disabled: 'write enabled: false',
  environment: 'the key is env',
  arguments: 'the key is args',
  argv: 'the key is args',
  cmd: 'the key is command',
  serverUrl: 'the key is url',
  httpUrl: 'the key is url',
  includeTools: 'list the tools to keep under tools',
  disabledTools: 'list the tools to leave out under excludeTools',
  workingDirectory: 'the key is cwd',
  name: "in this format a server's name is its key in the map",
  transport: 'in this format the key is type (stdio, sse or http)',
};

/** The most a duration may be: what a Node timer can hold. */
export const MAX_DURATION_MS = 2 ** 31 - 1;
