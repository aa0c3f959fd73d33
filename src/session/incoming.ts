// The peer's requests while they run: each gets an AbortSignal that the peer's cancellation
// (CANCEL-6/7) or the connection's end aborts, and an answer unless it was cancelled.
import type { JsonObject, JsonRpcMessage, JsonRpcRequest, RequestId } from '../../protocol/index.js';
import type { Dispatcher } from './dispatcher.js';

export interface IncomingHost {
  readonly dispatcher: Dispatcher;
  /** Whether the connection has ended (no answer is sent then). */
  closed(): boolean;
  /** Sends the answer of a served request. */
  answer(response: JsonRpcMessage, method: string): void;
}

/** Requests the peer sent us that are being served. */
export class IncomingRequests {
  private readonly running = new Map<RequestId, AbortController>();

  constructor(private readonly host: IncomingHost) {}

  async serve(request: JsonRpcRequest): Promise<void> {
    const controller = new AbortController();
    this.running.set(request.id, controller);
    const meta = request.params?._meta as Record<string, unknown> | undefined;
    const outcome = await this.host.dispatcher.dispatchRequest(request.method, request.params, {
      requestId: request.id,
      method: request.method,
      signal: controller.signal,
      meta,
    });
    this.running.delete(request.id);
    // CANCEL-6: a request the server cancelled gets no answer.
    if (controller.signal.aborted || this.host.closed()) return;
    const response: JsonRpcMessage =
      'error' in outcome ? { jsonrpc: '2.0', id: request.id, error: outcome.error } : { jsonrpc: '2.0', id: request.id, result: outcome.result as JsonObject };
    this.host.answer(response, request.method);
  }

  /** The peer cancelled one of its requests; unknown ids are ignored (CANCEL-7). */
  cancel(id: RequestId, reason: unknown): void {
    this.running.get(id)?.abort(reason);
  }

  /** The connection ended: every running handler is told. */
  abortAll(reason: string): void {
    for (const controller of this.running.values()) controller.abort(reason);
    this.running.clear();
  }
}
