// The requests the gateway sends its host (a backend's sampling, elicitation or roots request, passed
// up), by our own ids: each goes out on the channel where the call that needs it is answered, is
// withdrawn with notifications/cancelled when that call's signal aborts, and fails when the host
// goes away. Kept apart from connection.ts, which serves the host's requests to us.
import { McpError, Methods, type JsonObject, type JsonRpcErrorResponse, type JsonRpcResultResponse, type RequestId } from '../../protocol/index.js';
import type { Channel } from './connection.js';

interface Pending {
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

export class HostRequests {
  private readonly pending = new Map<RequestId, Pending>();
  private nextId = 1;

  /**
   * Sends `method` on `channel` and resolves with the host's result; its JSON-RPC error rejects as
   * an McpError. `signal` withdraws the request.
   */
  send(method: string, params: JsonObject, channel: Channel, signal: AbortSignal): Promise<unknown> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const id = `gateway-${this.nextId++}`;
    return new Promise<unknown>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.delete(id)) return;
        channel.send({ jsonrpc: '2.0', method: Methods.cancelled, params: { requestId: id, reason: String(signal.reason ?? 'cancelled') } });
        reject(signal.reason);
      };
      const settle = () => signal.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (result) => {
          settle();
          resolve(result);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      signal.addEventListener('abort', onAbort, { once: true });
      channel.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  /** Settles the request a response of the host answers; false when it answers none of ours. */
  answered(response: JsonRpcResultResponse | JsonRpcErrorResponse): boolean {
    const id = response.id;
    const pending = id === undefined || id === null ? undefined : this.pending.get(id);
    if (!pending) return false;
    this.pending.delete(id!);
    if ('result' in response) pending.resolve(response.result);
    else pending.reject(new McpError(response.error, { method: 'a request to the host' }));
    return true;
  }

  /** The host went away: every request still waiting fails. */
  rejectAll(reason: string): void {
    for (const pending of this.pending.values()) pending.reject(new Error(`the host went away (${reason})`));
    this.pending.clear();
  }
}
