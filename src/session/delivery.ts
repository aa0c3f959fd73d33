// Handing a request to the transport and failing it when its delivery fails. Where the transport has
// the promise-free `fire()` (stdio), a request without a signal or headers goes through it and a later
// failure comes back as the transport's `undelivered` event; otherwise `send()`, whose promise a
// transport may share among the messages of one write, gets one rejection handler per write.
import type { JsonRpcMessage, JsonRpcRequest, RequestId } from '../../protocol/index.js';
import type { Transport } from '../transports/transport.js';
import type { RequestOptions } from './options.js';
import type { PendingTable } from './pending.js';

/** Delivers the session's requests over one transport. */
export class RequestDelivery {
  private readonly fires: boolean;
  /** The last delivery promise and the requests riding on it. */
  private lastSend?: Promise<void>;
  private lastSendIds: RequestId[] = [];

  constructor(
    private readonly transport: Transport,
    private readonly pending: PendingTable,
  ) {
    this.fires = typeof transport.fire === 'function';
  }

  /** Sends `message`, already in the pending table; any failure, now or later, rejects its entry. */
  deliver(message: JsonRpcRequest, options: RequestOptions): void {
    const { id } = message;
    const { signal, headers } = options;
    try {
      // A lone request (nothing else awaits an answer) has nothing to be batched with.
      if (this.fires && !signal && !headers) this.transport.fire!(message, this.pending.size === 1);
      else this.failOnSendError(id, this.transport.send(message, { requestId: id, signal, headers, timeLeftMs: this.timeLeft(id) }));
    } catch (error) {
      // Closed or not encodable: known now, so the request fails now.
      this.pending.reject(id, error);
    }
  }

  /** How long a request just added may run: its timeout, or its total bound when that is shorter. */
  private timeLeft(id: RequestId): number | undefined {
    const entry = this.pending.get(id);
    return entry && Math.min(entry.timeoutMs, entry.maxTotalTimeoutMs ?? Infinity);
  }

  /** The transport's `undelivered` event: the requests among `messages` fail with `error`. */
  undelivered(error: unknown, messages: readonly JsonRpcMessage[]): void {
    for (const message of messages) if ('id' in message && 'method' in message) this.pending.reject(message.id, error);
  }

  // Transports that write a tick's messages together hand them all the same promise: one rejection
  // handler per write, not a promise and a closure per request.
  private failOnSendError(id: RequestId, sent: Promise<void>): void {
    if (sent === this.lastSend) {
      this.lastSendIds.push(id);
      return;
    }
    const ids = [id];
    this.lastSend = sent;
    this.lastSendIds = ids;
    sent.catch((error) => {
      for (const each of ids) this.pending.reject(each, error);
    });
  }
}
