// The options, call options and events of a Client: the shapes its users write and listen to,
// apart from the class so the modules that make up the client share them without importing it.
import type {
  CallOptions,
  CallToolResult,
  ClientCapabilities,
  Implementation,
  LoggingMessageParams,
  McpBridgeError,
  McpError,
  Progress,
  ResourceUpdatedParams,
  Task,
} from '../../protocol/index.js';
import type { Logger } from '../log.js';
import type { RequestTelemetry } from '../session/observer.js';
import type { Clock } from '../session/pending.js';
import type { Transport, TransportCloseInfo } from '../transports/transport.js';
import type { EraCache } from './era-cache.js';
import type { EraOption } from './era-detect.js';
import type { ServerSnapshot } from './handshake.js';
import type { ServerRequestHandlers } from './server-requests.js';
import type { TaskRequest } from './tasks.js';
import type { UrlElicitationHook } from './url-elicitation.js';
import type { ResultCache } from './list-cache.js';

/** Default budget for spawn → initialize answered: generous, because `npx` servers download on first run. */
export const DEFAULT_STARTUP_TIMEOUT_MS = 120_000;

/** Most times one request is retried after URL elicitations were completed. */
export const MAX_URL_ELICITATION_ROUNDS = 3;

/**
 * Default wait for a stdio probe answer before `initialize` goes out on the same process. Short,
 * because a wrong guess costs little: a modern server slow to start still reads the probe first,
 * pins itself modern and refuses the initialize with -32022, which switches to modern (3.4), and a
 * dual-era one answers both (its late answer is remembered, so the next start waits for it). A
 * server that ignores the probe (fastmcp) costs this much about once an hour (VER-7 cache).
 */
export const DEFAULT_PROBE_TIMEOUT_MS = 1_000;

/** Default cap on rounds of one request (MRTR-6), like the TS, Go and AI SDK clients. */
export const DEFAULT_MAX_INPUT_ROUNDS = 10;

/** Options of a {@link Client}. */
export interface ClientOptions extends ServerRequestHandlers {
  /** Configured name of the server, used in every error and log line. */
  name?: string;
  /** @defaultValue `{ name: 'mcp-bridge', version }` */
  clientInfo?: Implementation;
  /** Extra capabilities to declare (e.g. `experimental`); handlers add theirs. */
  capabilities?: ClientCapabilities;
  /** Protocol version to propose. @defaultValue the newest supported */
  protocolVersion?: string;
  /** Per-request timeout, restarted by progress. @defaultValue 60000 */
  requestTimeoutMs?: number;
  /** Spawn/connect → initialize answered. @defaultValue 120000 */
  startupTimeoutMs?: number;
  /**
   * Called when a request fails with -32042 "URL elicitation required" (ELICIT-11): show the user
   * each URL and its host, get consent, open it outside the client (ELICIT-9); resolve `true` once
   * done to retry the request. Without it such requests throw UrlElicitationRequiredError.
   */
  onUrlElicitationRequired?: UrlElicitationHook;
  logger?: Logger;
  clock?: Clock;
  /**
   * Values to mask in every error, log line and event the client produces, besides the ones its
   * transport was configured with (env and header values, secret-looking arguments).
   */
  secrets?: readonly string[];
  /**
   * Protocol era: `auto` probes with `server/discover` and falls back to `initialize` (VER-3, VER-6);
   * `legacy` only initializes; `modern` only speaks 2026-07-28. @defaultValue 'auto'
   */
  era?: EraOption;
  /**
   * stdio: how long the era probe may stay unanswered before `initialize` goes out; a server
   * remembered as answering it is waited for at least 10 s. @defaultValue 1000, at most half the startup budget
   */
  probeTimeoutMs?: number;
  /**
   * Where era verdicts are remembered (VER-7): what the server answered, trusted a day; an
   * unanswered probe, an hour. @defaultValue an in-process cache
   */
  eraCache?: EraCache;
  /** The key of this server's configuration in `eraCache` (see `eraCacheKey`); without one nothing is cached. */
  eraCacheKey?: string;
  /**
   * Declare MCP Apps (`io.modelcontextprotocol/ui`, `text/html;profile=mcp-app`): set it when your
   * host renders a tool's UI (`ToolDef.ui`, {@link Client.readUiResource}); servers may then adapt
   * their tools and results to it. @defaultValue false
   */
  apps?: boolean;
  /**
   * 2026 era: declare the Tasks extension (`io.modelcontextprotocol/tasks`) on every request, so a
   * server may run a tool call as a task; `callTool` then follows it to its result (polling at the
   * server's interval, input requests answered by the same hooks). @defaultValue true
   */
  tasksExtension?: boolean;
  /**
   * 2026 era: where cacheable results (`tools/list`, `prompts/list`, `resources/list`, templates,
   * `resources/read`) are kept while their `ttlMs` lasts, shared by every connection to the same
   * server (`eraCacheKey`). @defaultValue the process-wide cache; pass `new ResultCache()` to keep a client's own
   */
  resultCache?: ResultCache;
  /**
   * The authorization context this connection's `private` cached results belong to (CACHE-6): a
   * non-secret id (`connect` derives a hash of the credentials it was given). Unset: private
   * results are reused only by this connection.
   */
  cacheIdentity?: string;
  /** Starts a fresh transport for the same server: used once, for a stdio server that exits on the era probe. */
  respawn?: () => Promise<Transport>;
  /** Cap on `input_required` rounds of one request (MRTR-6). @defaultValue 10 */
  maxInputRounds?: number;
  /** Modern era: open `subscriptions/listen` for the list-changed events the server can send (SUB-1). @defaultValue true */
  listen?: boolean;
  /**
   * Traces every request with OpenTelemetry (a CLIENT span each, W3C trace context in `params._meta`):
   * pass what {@link createTelemetry} resolves to. @defaultValue none: nothing is traced or loaded
   */
  telemetry?: RequestTelemetry;
}

/** The parameters of the MCP SDK's `callTool({ name, arguments })` form. */
export interface SdkCallToolParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** The MCP SDK's request options, as far as they map onto {@link CallToolOptions}. */
export interface SdkRequestOptions {
  signal?: AbortSignal;
  /** Milliseconds. */
  timeout?: number;
  maxTotalTimeout?: number;
  resetTimeoutOnProgress?: boolean;
  onprogress?: (progress: Progress) => void;
}

/**
 * Options of {@link Client.callTool}: the shared per-call options ({@link CallOptions}: timeouts,
 * signal, progress, `_meta`), handed to the session as they are.
 */
export type CallToolOptions = CallOptions;

/**
 * Checks a `callTool` before it is made: calls `send` to make it (with the arguments and options it
 * settles on) or rejects without calling it. See {@link Client.gateToolCalls}.
 */
export type ToolCallGate = (
  tool: string,
  args: Record<string, unknown>,
  options: CallToolOptions,
  send: (args: Record<string, unknown>, options: CallToolOptions) => Promise<CallToolResult>,
) => Promise<CallToolResult>;

/** Options of a task-augmented {@link Client.callTool} (TASKS-3): the call returns a {@link ToolTask}. */
export interface CallToolAsTaskOptions extends Omit<CallToolOptions, 'onProgress' | 'resetTimeoutOnProgress' | 'maxTotalTimeoutMs'> {
  task: TaskRequest;
}

export interface ClientEvents {
  /** `notifications/tools/list_changed`: list the tools again. Also after a recovered session. */
  toolsListChanged: void;
  promptsListChanged: void;
  resourcesListChanged: void;
  /** `notifications/resources/updated`: a subscribed resource changed; read it again. */
  resourceUpdated: ResourceUpdatedParams;
  /** `notifications/tasks/status`: a task changed status (informative only; handles keep polling, TASKS-6). */
  taskStatus: Task;
  /** `notifications/elicitation/complete`: the server says a URL elicitation finished (2025-11-25). */
  elicitationComplete: { elicitationId: string };
  /** A log message the server sent (`notifications/message`). */
  log: LoggingMessageParams;
  /** A non-fatal problem (invalid message, framing error...). */
  error: McpBridgeError | McpError;
  /** An expired HTTP session was replaced by a new one (HTTP-19). */
  sessionRecovered: ServerSnapshot;
  /** The connection ended. */
  close: TransportCloseInfo;
}
