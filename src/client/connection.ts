// The state of one client connection, shared by the modules that make up a Client (connect,
// tool calls, subscriptions, recovery): the session and its era's request path, the server's
// snapshot, the lifecycle state, and the one `request` every method goes through. Not exported
// from any entry: the Client class is the public face.
import { Methods, type Emitter, type Envelope, type Implementation, type JsonObject, type LoggingLevel } from '../../protocol/index.js';
import { composeRedactors, createRedactor, redactError, type Redact } from '../../protocol/redact.js';
import { NotConnectedError } from '../errors/session-errors.js';
import { nullLogger, redactingLogger, type Logger } from '../log.js';
import type { RequestObserver } from '../session/observer.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, Session, type RequestHooks, type RequestOptions } from '../session/session.js';
import type { Transport } from '../transports/transport.js';
import { LIBRARY_NAME, LIBRARY_VERSION } from '../version.js';
import { DEFAULT_STARTUP_TIMEOUT_MS, type ClientEvents, type ClientOptions } from './client-options.js';
import type { EraSource } from './era-cache.js';
import type { FeatureHost } from './features.js';
import type { ServerSnapshot } from './handshake.js';
import type { ConnectedSteps } from './connect.js';
import type { ListenHandle } from './listen.js';
import type * as ModernEra from './modern-path.js';
import type { NotificationSink } from './notifications.js';
import type { RecoveryHost } from './recovery.js';
import { legacyPath, type RequestPath } from './request-path.js';
import { SkippedLines } from './skipped-lines.js';
import { observedPeer } from './traced-peer.js';
import type { ToolTask } from './tasks.js';
import { withTasksExtension } from './task-capability.js';

type State = 'new' | 'connecting' | 'ready' | 'closed';

// Every tool call asks for progress, so progress keeps a long call alive (TIME-3), unless the call
// turned restarting off and has no callback (nobody would listen).
const PROGRESS_METHODS: ReadonlySet<string> = new Set([Methods.toolsCall]);

/** One connection's shared state and its single request path. */
export class ClientConnection implements NotificationSink, RecoveryHost {
  /** Masks every secret this connection knows of: the transport's and {@link ClientOptions.secrets}. */
  readonly redact: Redact;
  readonly logger: Logger;
  /** What the resource, prompt, completion and task modules see of the client. */
  readonly host: FeatureHost;
  session!: Session;
  path!: RequestPath;
  snapshot?: ServerSnapshot;
  /** Where the era came from (probe, saved verdict, configuration), set with the snapshot. */
  eraSource?: EraSource;
  state: State = 'new';
  /** 2026 era: the level set by setLoggingLevel, sent in every request's `_meta` (LOG-1). */
  logLevel?: LoggingLevel;
  listen?: ListenHandle;
  /** The modern era's path and listen stream, loaded (import()) when the connection turned modern. */
  modern?: typeof ModernEra;
  /** URIs subscribed to, so a recovered session subscribes again (the server kept no state). */
  readonly subscriptions = new Set<string>();
  /** Live task handles by id, so status notifications reach them. */
  readonly tasks = new Map<string, WeakRef<ToolTask>>();
  /** The first lines the server sent that were not JSON-RPC, quoted by a start error. */
  readonly skipped = new SkippedLines();
  /**
   * The server's requests and notifications routed, session recovery, URL elicitation and the
   * handshake recovery redoes, from the connect module: set by the first connect, before the session
   * starts, so by the time a server can send anything. Before that nothing is sent or received.
   */
  connected?: ConnectedSteps;
  /** Tracing's observer, one per connection (kept across a respawn); absent unless `telemetry` was given. */
  private readonly observer?: RequestObserver;

  constructor(
    transport: Transport,
    readonly options: ClientOptions,
    readonly events: Emitter<ClientEvents>,
  ) {
    this.redact = composeRedactors(transport.redact, options.secrets?.length ? createRedactor(options.secrets) : undefined);
    this.logger = redactingLogger(options.logger ?? nullLogger, this.redact);
    this.observer = options.telemetry?.observer(observedPeer(this));
    this.wire(transport);
    const connection = this;
    this.host = {
      serverName: options.name,
      get protocolVersion() {
        return connection.snapshot?.protocolVersion;
      },
      capabilities: (method) => {
        this.assertReady(method);
        return this.snapshot!.capabilities;
      },
      request: (method, params, opts) => this.request(method, params, opts),
    };
  }

  get serverName(): string | undefined {
    return this.options.name;
  }
  get startupTimeoutMs(): number {
    return this.options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS;
  }
  get ready(): boolean {
    return this.state === 'ready';
  }
  get transport(): Transport {
    return this.session.transport;
  }
  /** Modern era over HTTP: where `Mcp-Param-*` headers apply (HTTP-10; stdio ignores them). */
  get modernHttp(): boolean {
    return this.snapshot?.era === 'modern' && this.transport.kind !== 'stdio';
  }

  /** Puts a session on `transport` (again, when a stdio server was respawned during detection). */
  wire(transport: Transport): void {
    const options = this.options;
    const s = new Session(transport, {
      serverName: options.name,
      logger: this.logger,
      clock: options.clock,
      defaultTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      observer: this.observer,
      progressMethods: PROGRESS_METHODS,
    });
    this.session = s;
    this.path = legacyPath(s);
    // A respawned session gets the handlers at once; the first one gets them with the first connect,
    // before it starts: nothing reaches a session that was not started.
    this.connected?.attach(s, this);
    s.events.on('error', (raw) => {
      if (this.session !== s) return;
      const e = redactError(raw, this.redact);
      // Before the handshake, lines that are not JSON-RPC usually say why the start fails.
      if (this.state === 'connecting') this.skipped.keep(e);
      this.logger.warn(e.message, { server: options.name, code: e.code });
      this.events.emit('error', e);
    });
    s.events.on('close', (info) => {
      if (this.session !== s) return;
      this.state = 'closed';
      this.listen?.close();
      const r = this.redact;
      this.events.emit('close', {
        ...info,
        message: r(info.message),
        stderrTail: info.stderrTail === undefined ? undefined : r(info.stderrTail),
        error: redactError(info.error, r),
      });
    });
  }

  assertReady(method: string): void {
    if (this.state === 'ready') return;
    throw new NotConnectedError(method, this.options.name, this.state === 'closed' ? 'closed' : 'not connected yet');
  }

  clientInfo(): Implementation {
    return this.options.clientInfo ?? { name: LIBRARY_NAME, version: LIBRARY_VERSION };
  }

  /** The envelope of the next modern request (META-1..3, LOG-1). */
  envelope(): Envelope {
    return {
      protocolVersion: this.snapshot!.protocolVersion,
      clientInfo: this.clientInfo(),
      capabilities: withTasksExtension(this.connected!.capabilitiesFor(this.options, this.options.capabilities), this.options.tasksExtension),
      logLevel: this.logLevel,
    };
  }

  /** The initialize handshake again (session recovery, which only a connected client reaches). */
  handshake(timeoutMs: number): Promise<ServerSnapshot> {
    return this.connected!.legacyHandshake(this.session, {
      clientInfo: this.clientInfo(),
      capabilities: this.connected!.capabilitiesFor(this.options, this.options.capabilities),
      protocolVersion: this.options.protocolVersion,
      timeoutMs,
      serverName: this.options.name,
    });
  }

  /** Modern era: opens `subscriptions/listen` for list changes and subscribed resources (SUB-1). */
  startListening(): void {
    // Only a modern connection listens, and turning modern loaded the module.
    if (!this.modern) return;
    this.listen = this.modern.openListen({
      path: this.path,
      capabilities: this.snapshot!.capabilities,
      server: this.options.name,
      logger: this.logger,
      resourceSubscriptions: () => [...this.subscriptions],
      alive: () => this.state === 'ready',
      onReopened: (filter) => {
        // SUB-6: whatever changed while the stream was down was missed.
        if (filter.toolsListChanged) {
          this.path.invalidate(Methods.toolsList);
          this.events.emit('toolsListChanged', undefined);
        }
        if (filter.promptsListChanged) this.events.emit('promptsListChanged', undefined);
        if (filter.resourcesListChanged) this.events.emit('resourcesListChanged', undefined);
      },
    });
  }

  /**
   * Every request of the client: the era's path, URL elicitation, session recovery over HTTP, masked
   * failures. `check`, when given, reads the result (and may throw); one `check` function serves every
   * call (it gets the params). Over stdio in the handshake era (no recovery, no envelope) the session
   * applies the check and the failure handling as the request settles, so the caller awaits the
   * request's own promise; elsewhere they share one promise step. `paramsFresh`: `params` were built
   * for this request alone, so the session may add its `_meta` to them in place (over stdio).
   */
  request<R>(method: string, params: JsonObject | undefined, options: RequestOptions): Promise<R>;
  request<R, T>(
    method: string,
    params: JsonObject | undefined,
    options: RequestOptions,
    check: (result: R, params: JsonObject | undefined) => T,
    paramsFresh?: boolean,
  ): Promise<T>;
  request<R, T>(
    method: string,
    params: JsonObject | undefined,
    options: RequestOptions,
    check?: (result: R, params: JsonObject | undefined) => T,
    paramsFresh = false,
  ): Promise<R | T> {
    if (this.path.era === 'legacy' && this.session.transport.kind === 'stdio')
      return this.session.requestWith<R | T>(
        method,
        params,
        options,
        check === undefined ? this.rescueHooks : this.hooksFor(check as NonNullable<RequestHooks['check']>, paramsFresh),
      );
    return this.requestOnPath(method, params, options, check);
  }

  // Apart from `request`: its closure would make V8 allocate the captured variables on every call,
  // the stdio calls' included.
  private requestOnPath<R, T>(
    method: string,
    params: JsonObject | undefined,
    options: RequestOptions,
    check: ((result: R, params: JsonObject | undefined) => T) | undefined,
  ): Promise<R | T> {
    let pending: Promise<R>;
    try {
      pending = this.sendOnPath<R>(method, params, options);
    } catch (error) {
      pending = Promise.reject(error);
    }
    // A success passes through with one promise; only a failure builds the elicitation rounds.
    const failed = (error: unknown): Promise<R | T> => this.rescue(error, method, params, options, check as RequestHooks['check']) as Promise<R | T>;
    return check ? pending.then((result) => check(result, params), failed) : pending.catch(failed);
  }

  private readonly rescueHooks: RequestHooks = {
    rescue: (error, method, params, options) => this.rescue(error, method, params, options, undefined),
  };
  /** The hooks of the last `check` seen (tool calls have one for all their calls). */
  private checkedHooks?: { check: NonNullable<RequestHooks['check']>; paramsFresh: boolean; hooks: RequestHooks };

  private hooksFor(check: NonNullable<RequestHooks['check']>, paramsFresh: boolean): RequestHooks {
    const cached = this.checkedHooks;
    if (cached?.check === check && cached.paramsFresh === paramsFresh) return cached.hooks;
    const hooks: RequestHooks = { check, rescue: (error, method, params, options) => this.rescue(error, method, params, options, check), paramsFresh };
    this.checkedHooks = { check, paramsFresh, hooks };
    return hooks;
  }

  // Every failure: URL elicitation may complete and retry, then the result is checked like a first
  // answer. A step later than the failure: the session calls this while it settles (inside a close or
  // a read), where a retry must not start.
  private rescue(error: unknown, method: string, params: JsonObject | undefined, options: RequestOptions, check: RequestHooks['check']): Promise<unknown> {
    const retried = Promise.reject(error).catch((failure: unknown) => this.requestFailed(failure, method, params, options));
    return check === undefined ? retried : retried.then((result) => check(result as Record<string, unknown>, params));
  }

  private sendOnPath<R>(method: string, params: JsonObject | undefined, options: RequestOptions): Promise<R> {
    const pending = this.path.request<R>(method, params, options);
    // Only HTTP sessions expire; stdio calls skip the recovery hop on the hot path.
    if (this.transport.kind === 'stdio') return pending;
    return pending.catch((error) => this.recoverOrThrow<R>(error, method, params, options));
  }

  private recoverOrThrow<R>(error: unknown, method: string, params: JsonObject | undefined, options: RequestOptions): Promise<R> {
    const steps = this.connected;
    return steps ? steps.recovery.recoverOrThrow<R>(error, method, params, options) : Promise.reject(error);
  }

  // URL elicitation (-32042) may complete and retry; every failure leaves masked: a server may echo
  // its API key in an error message or body.
  private requestFailed<R>(error: unknown, method: string, params: JsonObject | undefined, options: RequestOptions): Promise<R> {
    const steps = this.connected;
    // No connect yet: nothing was sent, so no server asked for a URL elicitation.
    if (!steps) return Promise.reject(redactError(error, this.redact));
    const send = (): Promise<R> => this.sendOnPath<R>(method, params, options);
    return steps
      .afterUrlElicitationError(error, send, { server: this.options.name, method, signal: options.signal }, this.options.onUrlElicitationRequired)
      .catch((failure: unknown) => {
        throw redactError(failure, this.redact);
      });
  }

  async close(): Promise<void> {
    this.state = 'closed';
    this.listen?.close();
    await this.session.close();
  }
}
