// One configured server's life: starting → ready → (crashed → restarting → ready) | failed | stopped.
// The handle is what its owner holds: what the server answers about itself (state, status, its
// tools, resources and prompts as last listed) and the call path, which fails fast while the server
// is not ready and wakes a lazy or idle-stopped one. The running side (launch, crash, restart with
// backoff, the debounced re-list after tools/list_changed, idle stop) is server-life.ts; resources
// and prompts, server-lists.ts; a lazy server's saved tools, lazy-start.ts.
import { Emitter, type CallToolResult, type Prompt, type Resource, type ResourceTemplate, type Tool } from '../../protocol/index.js';
import type { CallToolOptions, Client } from '../client/client.js';
import type { ServerConfig } from '../config/types.js';
import { ServerUnavailableError } from '../errors/manager-errors.js';
import { noRedaction, redactValue, type Redact } from '../../protocol/redact.js';
import { nullLogger, redactingLogger } from '../log.js';
import { serverRedaction } from './server-redaction.js';
import { describeError, statusOf, type ServerState, type ServerStatus } from './server-status.js';
import { DEFAULT_RESTART_POLICY, type RestartPolicy } from './restart-policy.js';
import { ToolListOrigin, type ToolsOrigin } from './lazy-start.js';
import type { ServerHandleEvents, ServerHandleOptions, ToolCallGate } from './server-handle-options.js';
import { ServerLife } from './server-life.js';

export type { ServerState, ServerStatus } from './server-status.js';
export type { ServerHandleEvents, ServerHandleOptions, ToolCallGate } from './server-handle-options.js';

/** The options of a call given none: one object for all of them (nothing below writes to it). */
const NO_OPTIONS: CallToolOptions = Object.freeze({});

export class ServerHandle {
  readonly events = new Emitter<ServerHandleEvents>();
  /** The process, its client and its state: written there only. */
  private readonly life: ServerLife;
  private readonly list: ToolListOrigin;
  private readonly policy: RestartPolicy;
  /** Masks this server's configured secrets in everything the handle reports (status, logs, errors). */
  readonly redact: Redact;
  /** Masks only the configured values, for tool results (which the agent hands to an LLM). */
  private readonly redactResult: Redact;

  constructor(
    readonly config: ServerConfig,
    private readonly options: ServerHandleOptions = {},
  ) {
    this.policy = { ...DEFAULT_RESTART_POLICY, ...options.restartPolicy };
    const { redact, redactResult, params } = serverRedaction(config);
    this.redact = redact;
    this.redactResult = redactResult;
    this.list = new ToolListOrigin(config, options.toolListStore, redact);
    const logger = redactingLogger(options.logger ?? nullLogger, redact);
    this.life = new ServerLife({ config, params, options, policy: this.policy, logger, redact, list: this.list, events: this.events });
  }

  get name(): string {
    return this.config.name;
  }
  get state(): ServerState {
    return this.life.state;
  }
  get currentTools(): readonly Tool[] {
    return this.life.tools;
  }
  /** Resources held for the agent (config `resources: true`), as last listed. */
  get currentResources(): readonly Resource[] {
    return this.life.lists?.resources ?? [];
  }
  get currentResourceTemplates(): readonly ResourceTemplate[] {
    return this.life.lists?.resourceTemplates ?? [];
  }
  /** Prompts held for the agent (config `prompts: true`), as last listed. */
  get currentPrompts(): readonly Prompt[] {
    return this.life.lists?.prompts ?? this.list.savedHolds?.prompts ?? [];
  }
  /** Whether resources / prompts are held (opted in and declared by the server; before a lazy start, as saved). */
  get holds(): { resources: boolean; prompts: boolean } {
    const lists = this.life.lists;
    const saved = lists ? undefined : this.list.savedHolds;
    if (saved) return { resources: saved.resources, prompts: saved.prompts !== undefined };
    return { resources: lists?.holdsResources ?? false, prompts: lists?.holdsPrompts ?? false };
  }
  /** Where the current tool list came from (`saved`: the list saved on disk, the server not started) and when the server sent it. */
  get toolsOrigin(): ToolsOrigin | undefined {
    return this.list.origin;
  }

  /**
   * The live client, or the fail-fast error when the server is not ready.
   * @throws ServerUnavailableError (`MCPB_SERVER_UNAVAILABLE`)
   */
  readyClient(): Client {
    const client = this.life.liveClient;
    if (!client) throw new ServerUnavailableError(this.name, this.life.state, describeError(this.life.lastError));
    return client;
  }
  /** The live client, when ready. */
  get liveClient(): Client | undefined {
    return this.life.liveClient;
  }

  /**
   * Starts the server and lists its tools. Rejects with the typed start error; the handle is then `failed`.
   * A lazy server (`start: lazy`) with a trusted saved list is not spawned: its tools come from the
   * list, it stays `idle`, and the first call starts it.
   */
  start(): Promise<void> {
    return this.life.start();
  }

  /** Whether a call would start the server first (a lazy one not yet started, or one stopped for idleness). */
  get asleep(): boolean {
    return this.life.asleep;
  }

  /** Starts an idle server (once, however many calls wait); resolves when it is ready. */
  awake(): Promise<void> {
    return this.life.awake();
  }

  /**
   * Calls a tool on this server, with the configured timeout (the client's default) unless one is given.
   * With a manager whose registry has call-pipeline steps (pins, policy, audit...), the call passes
   * them first, as a registry call does; a step's refusal rejects with its error and sends nothing.
   * @throws ServerUnavailableError (`MCPB_SERVER_UNAVAILABLE`) at once when the server is not ready.
   * @throws McpBridgeError with the refusing step's code (`MCPB_POLICY_DENIED`, `MCPB_NOT_CONFIRMED`...).
   */
  callTool(name: string, args: Record<string, unknown>, options: CallToolOptions = NO_OPTIONS): Promise<CallToolResult> {
    const gate = this.options.gate;
    return gate ? this.callThroughGate(gate, name, args, options) : this.callChecked(name, args, options);
  }

  // Apart from callTool and callChecked: a closure there would make V8 allocate its captured
  // variables on every call.
  private callThroughGate(gate: ToolCallGate, name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    return gate(name, args, options, (a, o) => this.callChecked(name, a, o));
  }

  private callAfterWaking(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    return this.life.awake().then(() => this.callChecked(name, args, options));
  }

  private redactedResult(result: Promise<CallToolResult>): Promise<CallToolResult> {
    return result.then((r) => this.redactContent(r));
  }

  /**
   * @internal `callTool` past the owner's gate: for a caller whose call already passed the registry's
   * pipeline (the manager's registry caller), so no call is checked twice. The options go down as they are.
   */
  callChecked(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    const life = this.life;
    // A ready server is neither asleep nor starting: asked first, as nearly every call finds it ready.
    const client = life.liveClient;
    if (!client) {
      // The call waits for the start; a start that fails is this call's error.
      if (life.asleep || life.waking) return this.callAfterWaking(name, args, options);
      return Promise.reject(
        new ServerUnavailableError(this.name, life.state, describeError(life.lastError), life.lastError === undefined ? undefined : { cause: life.lastError }),
      );
    }
    // The configured timeout is the client's requestTimeoutMs (set once, at launch).
    // Calls are counted only for a server that stops when idle: otherwise no closure or `.finally` per call.
    const idle = life.idle;
    const end = idle.enabled ? idle.begin() : undefined;
    // Past the client's own gate too: this handle's gate (or the registry's pipeline) already ran.
    const sent = client.callToolChecked(name, args, options);
    const result = end === undefined ? sent : sent.finally(end);
    // A server that echoes its API key in a result must not hand it to the LLM.
    return this.redactResult === noRedaction ? result : this.redactedResult(result);
  }

  /** `value` (a tool result, a resource, a prompt) with this server's configured secret values masked, before it reaches an LLM. */
  redactContent<T>(value: T): T {
    return this.redactResult === noRedaction ? value : redactValue(value, this.redactResult, 16);
  }

  /**
   * Why a call cannot be made now: the state, and while restarting when the next attempt is due.
   * `tool` names the tool that was called (for the LLM's answer).
   */
  unavailableError(tool?: string): ServerUnavailableError {
    const life = this.life;
    const restarting = life.state === 'restarting' && life.nextAttemptAt !== undefined;
    return new ServerUnavailableError(this.name, life.state, describeError(life.lastError)?.split('\n')[0], {
      ...(tool !== undefined ? { tool } : {}),
      ...(restarting ? { retryInMs: Math.max(0, life.nextAttemptAt! - Date.now()), attempt: life.restarts + 1, maxAttempts: this.policy.maxRestarts } : {}),
    });
  }

  status(): ServerStatus {
    const life = this.life;
    return statusOf({
      name: this.name,
      state: life.state,
      configuredTransport: this.config.transport,
      client: life.client,
      toolCount: life.tools.length,
      restarts: life.restarts,
      lastError: life.lastError,
      readySince: life.readySince,
      ...(this.config.start === 'lazy' ? { start: 'lazy' as const } : {}),
      ...(this.list.origin ? { toolsFrom: this.list.origin.from, toolsListedAt: this.list.origin.listedAt } : {}),
    });
  }

  /** Stops the server (the whole process tree) and any pending restart. Idempotent. */
  stop(): Promise<void> {
    return this.life.stop();
  }
}
