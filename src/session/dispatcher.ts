// Method → handler maps for what the peer sends us. Requests have one handler each (unknown →
// MethodNotFound); notifications may have many listeners. Every registration returns a disposer.
import { ErrorCodes, isMcpError, type JsonObject, type JsonRpcErrorObject, type RequestId } from '../../protocol/index.js';

/** What a request handler learns about the request it serves. */
export interface RequestContext {
  requestId: RequestId;
  method: string;
  /** Aborted when the peer cancels the request (CANCEL-6) or the connection closes. */
  signal: AbortSignal;
  /** `_meta` of the request, untouched. */
  meta?: Record<string, unknown>;
}

export type RequestHandler = (params: JsonObject | undefined, context: RequestContext) => unknown | Promise<unknown>;
export type NotificationHandler = (params: JsonObject | undefined, method: string) => void;

/** A handler may throw this to answer with a specific JSON-RPC error. */
export class HandlerError extends Error {
  constructor(
    readonly rpcCode: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export class Dispatcher {
  private readonly requestHandlers = new Map<string, RequestHandler>();
  private readonly notificationHandlers = new Map<string, Set<NotificationHandler>>();
  private readonly anyNotification = new Set<NotificationHandler>();

  /** Sets the handler for a request method, replacing any earlier one; returns a disposer. */
  handleRequest(method: string, handler: RequestHandler): () => void {
    this.requestHandlers.set(method, handler);
    return () => {
      if (this.requestHandlers.get(method) === handler) this.requestHandlers.delete(method);
    };
  }

  hasRequestHandler(method: string): boolean {
    return this.requestHandlers.has(method);
  }

  /** Adds a listener for a notification method (`*` for all); returns a disposer. */
  onNotification(method: string, handler: NotificationHandler): () => void {
    const set = method === '*' ? this.anyNotification : this.setFor(method);
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** Runs the handler of a request; resolves to the JSON-RPC result or error member. */
  async dispatchRequest(method: string, params: JsonObject | undefined, context: RequestContext): Promise<{ result: unknown } | { error: JsonRpcErrorObject }> {
    const handler = this.requestHandlers.get(method);
    if (!handler) return { error: { code: ErrorCodes.MethodNotFound, message: `Method not found: ${method}` } };
    try {
      const result = await handler(params, context);
      return { result: result ?? {} };
    } catch (error) {
      return { error: toErrorObject(error, method) };
    }
  }

  /** Delivers a notification to its listeners; returns how many there were. */
  dispatchNotification(method: string, params: JsonObject | undefined): number {
    const set = this.notificationHandlers.get(method);
    let count = 0;
    for (const handler of [...(set ?? []), ...this.anyNotification]) {
      count++;
      handler(params, method);
    }
    return count;
  }

  private setFor(method: string): Set<NotificationHandler> {
    let set = this.notificationHandlers.get(method);
    if (!set) this.notificationHandlers.set(method, (set = new Set()));
    return set;
  }
}

// A peer-style error keeps its code; anything else is InternalError naming the method, no stack.
function toErrorObject(error: unknown, method: string): JsonRpcErrorObject {
  if (error instanceof HandlerError) return { code: error.rpcCode, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) };
  if (isMcpError(error)) return { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) };
  const message = error instanceof Error ? error.message : String(error);
  return { code: ErrorCodes.InternalError, message: `Internal error while handling ${method}: ${message}` };
}
