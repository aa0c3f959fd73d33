// What tracing may read of a connection, read live at each request: a stdio server respawned during
// era detection, a recovered HTTP session or a version agreed later are seen as they are now.
import type { Redact } from '../../protocol/redact.js';
import type { ObservedPeer } from '../session/observer.js';
import type { Session } from '../session/session.js';
import type { ServerSnapshot } from './handshake.js';

/** The parts of a connection {@link observedPeer} reads. */
export interface PeerSource {
  readonly serverName?: string;
  readonly session: Session;
  readonly snapshot?: ServerSnapshot;
  readonly redact: Redact;
}

/** A live view of `source` for a request observer. */
export function observedPeer(source: PeerSource): ObservedPeer {
  return {
    serverName: source.serverName,
    get transport() {
      return source.session.transport.kind;
    },
    get target() {
      return source.session.transport.target;
    },
    get protocolVersion() {
      return source.snapshot?.protocolVersion;
    },
    get sessionId() {
      return source.session.transport.currentSessionId;
    },
    redact: (text) => source.redact(text),
  };
}
