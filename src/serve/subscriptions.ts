// The 2026-07-28 `subscriptions/listen` streams of one client (SUB-1..7): each is a request kept open
// whose notifications carry its id in `_meta` (the stdio routing key); it ends when the client
// cancels it or drops the stream, or with a result when the gateway shuts down.
import { Methods, MetaKeys, type JsonObject, type RequestId } from '../../protocol/index.js';
import type { Channel } from './connection.js';

/** What a client asked for on a listen stream, as honoured. */
export interface ListenFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

interface Subscription {
  id: RequestId;
  filter: ListenFilter;
  channel: Channel;
  end(): void;
}

/** The honoured subset of a listen request's `notifications` (unknown members dropped). */
export function honouredFilter(raw: unknown): ListenFilter {
  const r = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const out: ListenFilter = {};
  for (const key of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const) if (r[key] === true) out[key] = true;
  if (Array.isArray(r.resourceSubscriptions)) out.resourceSubscriptions = r.resourceSubscriptions.filter((u): u is string => typeof u === 'string');
  return out;
}

export class Subscriptions {
  private readonly open = new Map<RequestId, Subscription>();

  get size(): number {
    return this.open.size;
  }

  /**
   * Acknowledges a listen request (SUB-2: the first message of the subscription) and keeps it until
   * `signal` aborts (resolves `false`: no answer) or the gateway ends it (resolves `true`: answer).
   */
  listen(id: RequestId, filter: ListenFilter, channel: Channel, signal: AbortSignal): Promise<boolean> {
    channel.send({
      jsonrpc: '2.0',
      method: Methods.subscriptionsAcknowledged,
      params: { notifications: filter as JsonObject, _meta: { [MetaKeys.subscriptionId]: id } },
    });
    return new Promise<boolean>((resolve) => {
      const finish = (graceful: boolean) => {
        if (this.open.get(id) !== sub) return;
        this.open.delete(id);
        signal.removeEventListener('abort', onAbort);
        resolve(graceful);
      };
      const onAbort = () => finish(false);
      const sub: Subscription = { id, filter, channel, end: () => finish(true) };
      this.open.set(id, sub);
      if (signal.aborted) finish(false);
      else signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** A list changed: told to every stream that asked for it. */
  listChanged(method: string, key: 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged'): void {
    for (const sub of this.open.values()) if (sub.filter[key]) this.notify(sub, method, {});
  }

  /** A resource changed: told to every stream subscribed to its URI. */
  resourceUpdated(uri: string): void {
    for (const sub of this.open.values()) if (sub.filter.resourceSubscriptions?.includes(uri)) this.notify(sub, Methods.resourcesUpdated, { uri });
  }

  /** Ends every stream with a result (shutdown). */
  endAll(): void {
    for (const sub of [...this.open.values()]) sub.end();
  }

  private notify(sub: Subscription, method: string, params: JsonObject): void {
    sub.channel.send({ jsonrpc: '2.0', method, params: { ...params, _meta: { [MetaKeys.subscriptionId]: sub.id } } });
  }
}
