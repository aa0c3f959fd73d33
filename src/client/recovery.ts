// HTTP-19: a 404 for our session id means the server forgot the session. Initialize again (once,
// however many requests hit the 404 together), tell listeners to re-list, subscribe again to what
// was subscribed (the server kept no state), and retry the request once if it is safe to.
import { Methods, type Emitter, type JsonObject, type McpBridgeError } from '../../protocol/index.js';
import type { Logger } from '../log.js';
import type { RequestOptions, Session } from '../session/session.js';
import type { ClientEvents } from './client-options.js';
import type { ServerSnapshot } from './handshake.js';

/** Requests that are safe to send again after a session was lost (no side effects). */
const IDEMPOTENT = new Set<string>([
  Methods.toolsList,
  Methods.ping,
  Methods.resourcesList,
  Methods.resourcesTemplatesList,
  Methods.resourcesRead,
  Methods.promptsList,
  Methods.promptsGet,
  Methods.completionComplete,
  Methods.tasksGet,
  Methods.tasksList,
]);

/** The parts of the client a recovery reads and replaces. */
export interface RecoveryHost {
  readonly serverName?: string;
  readonly startupTimeoutMs: number;
  readonly logger: Logger;
  readonly events: Emitter<ClientEvents>;
  readonly session: Session;
  readonly subscriptions: ReadonlySet<string>;
  readonly ready: boolean;
  snapshot?: ServerSnapshot;
  handshake(timeoutMs: number): Promise<ServerSnapshot>;
}

/** One client's session recovery: concurrent failures share one new handshake. */
export class SessionRecovery {
  private recovering?: Promise<void>;

  constructor(private readonly host: RecoveryHost) {}

  /** Rethrows `error` unless it is an expired session; then recovers and retries an idempotent (or provably unrun) request. */
  async recoverOrThrow<R>(error: unknown, method: string, params: JsonObject | undefined, options: RequestOptions): Promise<R> {
    const host = this.host;
    if ((error as McpBridgeError)?.code !== 'MCPB_SESSION_EXPIRED' || !host.ready) throw error;
    this.recovering ??= host
      .handshake(host.startupTimeoutMs)
      .then((snapshot) => {
        host.snapshot = snapshot;
        host.logger.info('server session expired; started a new one', { server: host.serverName });
        host.events.emit('sessionRecovered', snapshot);
        host.events.emit('toolsListChanged', undefined);
        for (const uri of host.subscriptions) {
          host.session
            .request(Methods.resourcesSubscribe, { uri })
            .catch((e) => host.logger.warn(`re-subscribing to ${uri} failed: ${(e as Error).message}`, { server: host.serverName }));
        }
      })
      .finally(() => {
        this.recovering = undefined;
      });
    await this.recovering;
    const refusedUnrun = (error as McpBridgeError).context?.requestMayHaveRun !== true;
    if (!IDEMPOTENT.has(method) && !(method === Methods.toolsCall && refusedUnrun)) throw error;
    return host.session.request<R>(method, params, options);
  }
}
