// The normalised config types: what the loader returns, every default filled in, every variable
// expanded. The manager and the CLI consume only these, never the raw file formats.

import type { ConfigIssue } from '../errors/config-errors.js';
import type { HeadersProvider } from '../../protocol/http/headers.js';
import type { HostName } from './hosts.js';
import type { PolicyConfig } from './policy-keys.js';

/**
 * How to reach a server.
 * - `stdio`: spawn `command` and speak over stdin/stdout.
 * - `sse`: the legacy HTTP+SSE transport (protocol 2024-11-05).
 * - `streamable-http`: Streamable HTTP only, no fallback.
 * - `auto`: only ever set for URL servers after loading; try Streamable HTTP, fall back to legacy SSE.
 *   (A server with a `command` is always resolved to `stdio`.)
 */
export type TransportKind = 'stdio' | 'sse' | 'streamable-http' | 'auto';

/**
 * One MCP server, normalised: a local server run as a process, or a remote one reached by URL. The
 * `transport` field tells them apart, and the same object travels unchanged from `loadConfig` to
 * the transport factory (it is a valid `ServerParams`).
 */
export type ServerConfig = StdioServerConfig | HttpServerConfig;

/** A server spawned as a child process and spoken to over stdin/stdout. */
export interface StdioServerConfig extends ServerConfigBase {
  transport: 'stdio';
  /** Program to spawn, variables expanded. */
  command: string;
  url?: undefined;
}

/** A server reached over HTTP: Streamable HTTP, legacy HTTP+SSE, or `auto` (try the first, fall back). */
export interface HttpServerConfig extends ServerConfigBase {
  transport: 'sse' | 'streamable-http' | 'auto';
  /** Server URL, variables expanded. */
  url: string;
  command?: undefined;
}

/** What every server entry has, whatever its transport. */
export interface ServerConfigBase {
  /** Unique name, `^[A-Za-z0-9_-]{1,64}$`. In Claude Desktop / VS Code files this is the entry's key. */
  name: string;
  /** Resolved transport; `auto` only for URL servers. */
  transport: TransportKind;
  /** False when the server entry is switched off (`enabled: false`, or `disabled: true` in host formats). */
  enabled: boolean;
  /** Arguments (stdio only), variables expanded. @defaultValue `[]` */
  args: string[];
  /**
   * Environment set for the child (stdio only). A `null` value unsets the variable (VS Code style).
   * Values from `envFile` are merged in underneath; explicit `env` wins. Values of secret-named
   * variables (KEY, TOKEN, SECRET, PASSWORD, AUTH, CREDENTIAL...) and credential-shaped values are
   * masked in output; a value that is a secret under another name belongs in `secrets` too.
   * @defaultValue `{}`
   */
  env: Record<string, string | null>;
  /** Working directory of the child, absolute (relative paths are resolved against the config file's folder). */
  cwd?: string;
  /**
   * True to pass the whole parent environment to the child. False (the default) means the transport
   * passes only its safe allow-list plus `env`.
   * @defaultValue `false`
   */
  inheritEnv: boolean;
  /**
   * Extra HTTP headers, variables expanded. Secret: never log the values. In code (not in a file),
   * a function called before every HTTP request, for per-user or short-lived credentials.
   * @defaultValue `{}`
   */
  headers: Record<string, string> | HeadersProvider;
  /** OAuth for an HTTP server (`auth:`, or a host's `oauth:`); absent: stored logins are used, nothing interactive. */
  auth?: AuthConfig;
  /** Allow-list of tool names to expose; empty means all. @defaultValue `[]` */
  tools: string[];
  /** Deny-list of tool names never to expose (`excludeTools`, `disabledTools`, `disabled_tools`); wins over `tools`. @defaultValue `[]` */
  excludeTools?: string[];
  /** Deferred loading for the model: `true` for every tool of the server, or a list of tool names (`*` allowed). */
  defer?: boolean | string[];
  /** Prefix added to each tool name, `^[A-Za-z0-9_-]*$`, at most 32 characters; empty for none. @defaultValue `''` */
  prefix: string;
  /** Per-call timeout in milliseconds. @defaultValue `30000` (`30s`) */
  timeoutMs: number;
  /** Budget from spawn/connect until `initialize` is answered, in milliseconds. @defaultValue `120000` (`2m`) */
  startupTimeoutMs: number;
  /** Most characters of LLM-facing text per tool result. @defaultValue `100000` */
  maxResultChars: number;
  /**
   * Interval of health pings while the server is ready (PING-3); two failed pings in a row count as a
   * crash and the server is restarted. 0 (the default) disables them.
   * @defaultValue `0`
   */
  pingIntervalMs: number;
  /**
   * Values masked in every error, log line and output besides header values, secret-named env
   * values and secret-looking arguments: the `${VAR}` expansions of variables whose names say KEY,
   * TOKEN, SECRET, PASSWORD, AUTH... (wherever they were used), `${input:id}` values of VS Code
   * inputs declared `"password": true`, OAuth client secrets, and the values listed under the
   * entry's `secrets` key or, for every server of an mcp-bridge file, under `tools.mcp.secrets`. Paths, modes, hosts and other plain env values are not secrets (list one
   * here if it is). Secret: never log the values.
   * @defaultValue `[]`
   */
  secrets?: string[];
  /**
   * `false` hands this server's tool results, resources and prompts to the caller as the server sent
   * them, without masking configured secret values in them (for a server whose answers are meant to
   * contain one, e.g. a vault). Errors, logs and status stay masked. Absent means `true`.
   * @defaultValue `true`
   */
  maskResults?: boolean;
  /**
   * Expose the server's resources to the agent as `<prefix>list_resources` and `<prefix>read_resource`
   * tools (when the server declares `resources`). @defaultValue `false`
   */
  resources?: boolean;
  /** Expose the server's prompts to the agent as a `<prefix>get_prompt` tool (when it declares `prompts`). @defaultValue `false` */
  prompts?: boolean;
  /**
   * Protocol era: `auto` detects it (a `server/discover` probe, falling back to `initialize`),
   * `legacy` only initializes, `modern` only speaks 2026-07-28. @defaultValue `'auto'`
   */
  era?: 'auto' | 'legacy' | 'modern';
  /**
   * `lazy`: the server is not spawned until one of its tools is called; its tools are registered
   * from the tool list saved on disk by an earlier run (no saved list yet: it is started once to
   * learn them). Absent means `eager`. @defaultValue `'eager'`
   */
  start?: 'eager' | 'lazy';
  /** Stop the server after this long without a call (`idleStopAfter`); its tools stay registered and the next call starts it again. Absent: never. */
  idleStopAfterMs?: number;
  /** How long a saved tool list is trusted (`toolListMaxAge`); a server's SEP-2549 `ttlMs` above 0 may shorten it, never extend it. @defaultValue `86400000` (`24h`) */
  toolListMaxAgeMs?: number;
  /** Where the entry was defined: file (absolute), document path (e.g. `tools.mcp.servers[0]`) and line. */
  source: { file: string; path: string; line?: number };
}

/** The `auth:` block of an HTTP server, variables expanded. Secret: never log clientSecret. */
export interface AuthConfig {
  /**
   * `none` turns OAuth off (static headers only); `workload_identity` presents the platform's token
   * (`assertionFile` or `assertionEnv`) in an RFC 7523 jwt-bearer grant. @defaultValue 'oauth'
   */
  mode: 'oauth' | 'client_credentials' | 'workload_identity' | 'none';
  clientId?: string;
  clientSecret?: string;
  /** PKCS#8 PEM file for private_key_jwt, resolved against the config folder. */
  privateKeyFile?: string;
  signingAlgorithm?: string;
  clientMetadataUrl?: string;
  /** Fallback scopes. @defaultValue `[]` */
  scopes: string[];
  redirect?: { host?: string; port?: number; path?: string };
  /** `false` never sends RFC 8707 `resource`; a URI overrides it. @defaultValue auto */
  resource?: false | string;
  /**
   * How a login reaches the user. Unset: agents (the manager, the library) never start a login and
   * fail with MCPB_AUTH_REQUIRED, while `mcp-bridge auth login` uses `auto`.
   */
  interactive?: 'auto' | 'browser' | 'device' | 'paste' | 'never';
  /** @defaultValue 'file' */
  store: 'file' | 'memory';
  offlineAccess?: boolean;
  /** DPoP-bound tokens (RFC 9449): true, false, or unset for auto (when the server asks for them). */
  dpop?: boolean;
  /** Workload identity: the file holding the platform's token (re-read for every grant), resolved against the config folder. */
  assertionFile?: string;
  /** Workload identity: the environment variable holding the platform's token. */
  assertionEnv?: string;
}

/** A loaded config file. */
export interface BridgeConfig {
  /** Absolute path of the config file. */
  file: string;
  /** The key family the file was validated as: ours, a host's `mcpServers`-style map, or VS Code's `servers`. */
  format: 'mcp-bridge' | 'claude-desktop' | 'vscode';
  /** The host whose file this is (detected from the file's name, place and content, or given as `host`). */
  host: HostName;
  /** `tools.mcp.enabled` (always true for the host formats). @defaultValue `true` */
  enabled: boolean;
  /** Every server, including disabled ones, in file order. */
  servers: ServerConfig[];
  /**
   * `tools.mcp.toolSearch` (mcp-bridge files): tool search and deferred loading for the registry
   * built from this config. Takes the same shape as the Registry's `toolSearch` option, so
   * `new Registry({ toolSearch: config.toolSearch })` applies it. Absent when the file has none.
   */
  toolSearch?: ToolSearchConfig;
  /**
   * `tools.mcp.maxResultTokens` (mcp-bridge files): the most tokens of one tool result the model
   * sees, past which the registry keeps the result for `read_result`. Servers without their own
   * `maxResultChars` get this budget (× 4 characters); pass it to the Registry as
   * `results: { maxResultTokens }` for native tools too. Absent when the file has none.
   */
  maxResultTokens?: number;
  /** `tools.mcp.audit` (mcp-bridge files): the audit log of every tool call. Absent when the file has none. */
  audit?: AuditConfig;
  /**
   * `tools.mcp.pins` (mcp-bridge files): pinned tool definitions, compared with the lock file that
   * `mcp-bridge pin` writes. Absent when the file has none (a lock file beside the config still
   * turns pins on, with the defaults). `false` turns pins off even then.
   */
  pins?: PinsConfig | false;
  /**
   * `tools.mcp.telemetry` (mcp-bridge files): OpenTelemetry spans for every request and W3C trace
   * context sent to servers; the manager loads `@opentelemetry/api` only when `enabled`. Absent when the file has none.
   */
  telemetry?: TelemetryConfig;
  /**
   * `tools.mcp.policy` (mcp-bridge files): ordered allow/deny/confirm rules for tool calls, the
   * shape `createPolicy` takes. The Manager puts it on the registry's call pipeline. Absent when
   * the file has none (every call is allowed).
   */
  policy?: PolicyConfig;
  /**
   * Things that were accepted but ignored or deferred, e.g. host-only keys such as `autoApprove`,
   * or an unset variable in a disabled server. Safe to print (no secret values).
   */
  warnings?: ConfigIssue[];
}

/** `tools.mcp.audit`: one JSONL line per tool call, see `createAuditLog`. */
export interface AuditConfig {
  /** The log file, absolute (a relative `file` is resolved against the config file's folder). */
  file: string;
  /** What a line says of the arguments. @defaultValue `'redacted'` */
  args: 'none' | 'redacted' | 'full';
  /** Bytes before the file rotates; absent: the audit log's default (10 MiB). */
  maxBytes?: number;
  /** Rotated files kept; absent: the audit log's default (5). */
  keep?: number;
}

/** `tools.mcp.pins`: pinned tool definitions (see docs/governance.md). */
export interface PinsConfig {
  /** The lock file, absolute (a relative `file` is resolved against the config's folder). @defaultValue `mcp-bridge.lock` beside the config */
  file: string;
  /** A tool whose definition differs from the lock: `block` (hidden, calls refused) or `warn` (logged once, let through). @defaultValue `'block'` */
  onChange: 'block' | 'warn';
  /** A tool the lock does not know: `allow` or `block`. @defaultValue `'allow'` */
  newTools: 'allow' | 'block';
  /** Without a lock file, block every server tool instead of comparing nothing. @defaultValue `false` */
  required: boolean;
}

/** `tools.mcp.telemetry`: OpenTelemetry tracing of the requests to every server. */
export interface TelemetryConfig {
  /** Trace every request (a CLIENT span each, `traceparent` in `params._meta`). @defaultValue `false` */
  enabled: boolean;
  /** Record the HTTP session id as `mcp.session.id` (treated as a secret otherwise). @defaultValue `false` */
  recordSessionId?: boolean;
}

/** `tools.mcp.toolSearch`: the tool-search settings of an mcp-bridge file. */
export interface ToolSearchConfig {
  /** The first request carries only a search tool and the always-loaded tools. @defaultValue `false` */
  enabled: boolean;
  /** Exposed tool names (`*` globs) loaded from the first request on. @defaultValue `[]` */
  alwaysLoaded: string[];
  /** How many tools one search returns at most, 1 to 20. @defaultValue 5 (the registry's) */
  limit?: number;
}

/** Options for {@link loadConfig} and {@link parseConfig}. */
export interface ConfigOptions {
  /** Environment used for `${VAR}` expansion. @defaultValue `process.env` */
  env?: Record<string, string | undefined>;
  /** Read the file as this host's (decides e.g. the unit of a numeric timeout) instead of detecting it. */
  host?: HostName;
  /** Claude Code `~/.claude.json`: the project folder whose local-scope servers to add. @defaultValue `process.cwd()` */
  project?: string;
  /** Values for VS Code `${input:id}` prompts (else the variable `MCP_BRIDGE_INPUT_<ID>` is read). */
  inputs?: Record<string, string>;
  /**
   * Validate only these servers (by name): a problem in any other entry (an unset variable, a bad
   * key) is ignored, and the other entries that are valid are still listed. For a command that uses
   * one server of a host's file shared by many.
   */
  only?: readonly string[];
}
