// Id bookkeeping of a replay: recorded ↔ live client request ids, recorded → live progress tokens,
// server requests already sent, skipped requests, and the rewrite of each outgoing server message.
import { classify } from './normalize.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const key = (id: unknown) => JSON.stringify(id);
const tokenOf = (m: Obj): unknown => (isObj(m.params) && isObj(m.params._meta) ? m.params._meta.progressToken : undefined);

export class ReplayIds {
  private readonly recordedToLive = new Map<string, unknown>();
  private readonly liveToRecorded = new Map<string, unknown>();
  private readonly usedLive = new Set<string>();
  private readonly tokens = new Map<string, unknown>();
  /** Ids of server → client requests already sent (recorded ids go on the wire as they are). */
  private readonly sentServerRequests = new Set<string>();
  /** Recorded ids of client requests the client never sent. */
  private readonly skipped = new Set<string>();

  /** Records a live request id; false when the client already used it in this session. */
  useLiveId(id: unknown): boolean {
    if (this.usedLive.has(key(id))) return false;
    this.usedLive.add(key(id));
    return true;
  }

  /** A recorded request was matched by a live one: map their ids and progress tokens. */
  bind(recorded: Obj, live: Obj): void {
    this.recordedToLive.set(key(recorded.id), live.id);
    this.liveToRecorded.set(key(live.id), recorded.id);
    const rt = tokenOf(recorded);
    const lt = tokenOf(live);
    if (rt !== undefined && lt !== undefined) this.tokens.set(key(rt), lt);
  }

  /** The recorded id a live request id stands for (itself when unknown). */
  readonly toRecorded = (id: unknown): unknown => (this.liveToRecorded.has(key(id)) ? this.liveToRecorded.get(key(id)) : id);

  skip(recordedId: unknown): void {
    this.skipped.add(key(recordedId));
  }

  wasSent(serverRequestId: unknown): boolean {
    return this.sentServerRequests.has(key(serverRequestId));
  }

  /**
   * What to send for a recorded server message: nothing for answers to skipped requests or for
   * progress the client did not ask for (with a note why), else the message with live ids and tokens.
   */
  outgoing(msg: unknown): { send: false; note?: string } | { send: true; msg: unknown } {
    if (!isObj(msg)) return { send: true, msg };
    const kind = classify(msg).kind;
    if (kind === 'response' && this.skipped.has(key(msg.id))) return { send: false };
    if (msg.method === 'notifications/progress' && isObj(msg.params) && !this.tokens.has(key(msg.params.progressToken))) {
      return { send: false, note: 'dropped a recorded progress notification: the client sent no progress token' };
    }
    const out: Obj = { ...msg };
    if (kind === 'response' && this.recordedToLive.has(key(msg.id))) out.id = this.recordedToLive.get(key(msg.id));
    if (kind === 'request') this.sentServerRequests.add(key(msg.id));
    if (isObj(msg.params)) {
      const p: Obj = { ...msg.params };
      if ('progressToken' in p && this.tokens.has(key(p.progressToken))) p.progressToken = this.tokens.get(key(p.progressToken));
      if (msg.method === 'notifications/cancelled' && this.recordedToLive.has(key(p.requestId))) p.requestId = this.recordedToLive.get(key(p.requestId));
      out.params = p;
    }
    return { send: true, msg: out };
  }
}
