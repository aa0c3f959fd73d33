// Handing a request to the transport and failing it when its delivery fails. Where the transport has
// the promise-free `fire()` (stdio, Streamable HTTP), a request without headers goes through it (with its signal, so a
// line still waiting for the pipe is withdrawn when the caller gives up) and a later
// failure comes back as the transport's `undelivered` event; otherwise `send()`, whose promise a
// transport may share among the messages of one write, gets one rejection handler per write.
// A write that failed because the peer ended on its own (EPIPE from a server that exited at once)
// does not fail its request: the transport's close, on its way with the exit code and stderr, does.
import type { JsonRpcMessage, JsonRpcRequest, RequestId } from '../../protocol/index.js';
import type { Transport } from '../transports/transport.js';
import type { RequestOptions } from './options.js';
import type { PendingTable } from './pending.js';

/**
 * How long a request whose write failed waits for the ending peer's close before failing with the
 * write error: longer than the stdio transport's wait for an exit after end of file (250 ms, plus
 * 2 s when stderr has ended but the exit is late), so the close normally wins.
 */
export const ENDING_PEER_WAIT_MS = 3000;

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

  /**
   * Sends `message`, already in the pending table; any failure, now or later, rejects its entry.
   * `timeLeftMs`: how long the request may run (an HTTP transport retries a 429 within it).
   */
  deliver(message: JsonRpcRequest, options: RequestOptions, timeLeftMs: number): void {
    const { id } = message;
    const { signal, headers } = options;
    try {
      // A lone request (nothing else awaits an answer) has nothing to be batched with.
      if (this.fires && !headers) this.transport.fire!(message, this.pending.size === 1, signal, timeLeftMs);
      else this.failOnSendError(id, this.transport.send(message, { requestId: id, signal, headers, timeLeftMs }));
    } catch (error) {
      // Closed or not encodable: known now, so the request fails now (or with the close on its way).
      this.fail(id, error);
    }
  }

  /** The transport's `undelivered` event: the requests among `messages` fail with `error`. */
  undelivered(error: unknown, messages: readonly JsonRpcMessage[]): void {
    for (const message of messages) if ('id' in message && 'method' in message) this.fail(message.id, error);
  }

  /**
   * Resolves once the transport closed, or after {@link ENDING_PEER_WAIT_MS}, when the peer is
   * ending; at once otherwise. For a failed notification, which has no pending entry to hold.
   */
  settleEnding(): Promise<void> {
    if (!this.transport.ending) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ENDING_PEER_WAIT_MS);
      const off = this.transport.events.on('close', done);
      function done(): void {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
  }

  private fail(id: RequestId, error: unknown): void {
    if (this.transport.ending) {
      // The close rejects every pending request with the exit information; this is the bound.
      const timer = setTimeout(() => this.pending.reject(id, error), ENDING_PEER_WAIT_MS);
      timer.unref?.();
      return;
    }
    this.pending.reject(id, error);
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
      for (const each of ids) this.fail(each, error);
    });
  }
}
