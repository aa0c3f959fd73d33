// Connecting a client: start the transport, find the era (probe, cached verdict, or the configured
// one), run the handshake or discovery within the startup budget, switch to the modern request path
// when the server speaks 2026-07-28, and open the listen stream. A failure becomes one start error.
import { redactError } from '../../protocol/redact.js';
import type { ClientConnection } from './connection.js';
import { defaultEraCache, eraSourceOf, freshVerdict, rememberEra } from './era-cache.js';
import { connectInEra } from './era-detect.js';
import { capabilitiesFor, installServerRequestHandlers } from './server-requests.js';
import { routeNotifications } from './notifications.js';
import type { Session } from '../session/session.js';
import { startError } from './start-error.js';
import { cacheFor } from './list-cache.js';
import { legacyHandshake } from './handshake.js';
import { SessionRecovery } from './recovery.js';
import { afterUrlElicitationError } from './url-elicitation.js';

/** What a connection uses from its first connect on, loaded with this module (see ClientConnection.connected). */
export interface ConnectedSteps {
  /** HTTP-19: a new session when the server forgot ours. */
  readonly recovery: SessionRecovery;
  /** -32042: URL elicitations completed by the caller's hook, then the request again. */
  readonly afterUrlElicitationError: typeof afterUrlElicitationError;
  readonly legacyHandshake: typeof legacyHandshake;
  /** The client's capabilities as its handlers declare them (handshake, modern envelope). */
  readonly capabilitiesFor: typeof capabilitiesFor;
  /** Routes `session`'s server requests to the handlers and its notifications to the client's events. */
  attach(session: Session, connection: ClientConnection): void;
}

function attach(session: Session, connection: ClientConnection): void {
  installServerRequestHandlers(session, connection.options, connection.options.name);
  routeNotifications(session, connection);
}

/** Connects `connection` once; the Client keeps the promise so concurrent `connect()` calls share it. */
export async function connectClient(connection: ClientConnection): Promise<void> {
  const options = connection.options;
  if (!connection.connected) {
    connection.connected = { recovery: new SessionRecovery(connection), afterUrlElicitationError, legacyHandshake, capabilitiesFor, attach };
    attach(connection.session, connection);
  }
  connection.state = 'connecting';
  const startupTimeoutMs = connection.startupTimeoutMs;
  const { eraCache = defaultEraCache, eraCacheKey: key } = options;
  const era = options.era ?? 'auto';
  const cached = era === 'auto' && key ? freshVerdict(eraCache.get(key)) : undefined;
  try {
    await connection.session.start();
    const respawn = options.respawn;
    const { snapshot, finding } = await connectInEra(era, {
      clientInfo: connection.clientInfo(),
      capabilities: capabilitiesFor(options, options.capabilities),
      timeoutMs: startupTimeoutMs,
      probeTimeoutMs: options.probeTimeoutMs,
      legacyProtocolVersion: options.protocolVersion,
      serverName: options.name,
      cachedEra: cached?.era,
      session: () => connection.session,
      respawn:
        respawn &&
        (async () => {
          await connection.session.close().catch(() => {});
          connection.wire(await respawn());
          await connection.session.start();
          return connection.session;
        }),
    });
    connection.snapshot = snapshot;
    connection.eraSource = eraSourceOf(era, finding, cached);
    if (era === 'auto' && key) rememberEra(eraCache, key, finding, snapshot, cached);
    if (snapshot.era === 'modern') await enterModern(connection);
    connection.state = 'ready';
    if (snapshot.era === 'modern' && options.listen !== false) connection.startListening();
  } catch (error) {
    // VER-7: a verdict that led to a failure is dropped, so the next connect probes again.
    if (key) eraCache.delete(key);
    connection.state = 'closed';
    const context = { server: options.name, transport: connection.transport, startupTimeoutMs, skipped: connection.skipped };
    const failure = redactError(startError(error, context), connection.redact);
    // Reject at the deadline: the teardown (stdin grace, SIGTERM, SIGKILL) runs behind it, and the
    // transport keeps the event loop alive until the tree is gone, so nothing is orphaned.
    void connection.session.close().catch(() => {});
    throw failure;
  }
}

// The modern path is loaded here, on the first modern connection: a handshake-era client never compiles it.
async function enterModern(connection: ClientConnection): Promise<void> {
  const modern = await import('./modern-path.js');
  connection.modern = modern;
  connection.path = modern.modernPath(connection.session, {
    server: connection.options.name,
    envelope: () => connection.envelope(),
    maxInputRounds: connection.options.maxInputRounds,
    cache: cacheFor(connection.options),
    onServerInfo: (info) => {
      if (connection.snapshot) connection.snapshot.serverInfo = info;
    },
  });
}
