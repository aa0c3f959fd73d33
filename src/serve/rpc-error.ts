// The error a serve handler throws to answer a client's request with a JSON-RPC error, and the
// mapping of anything else thrown (a backend's own error, one of ours) onto the wire shape.
import { ErrorCodes, isMcpBridgeError, isMcpError, type Era, type JsonRpcErrorObject, type JsonRpcMessage, type RequestId } from '../../protocol/index.js';

/** Thrown by a handler: answered as this JSON-RPC error. */
export class RpcError extends Error {
  constructor(
    readonly rpcCode: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * The wire form of a failure. A backend's JSON-RPC error keeps its code and words (prefixed with the
 * backend's name, so the client knows which server said it); one of our typed errors becomes an
 * internal error whose `data.code` is the stable `MCPB_*` code; anything else names the method only.
 */
export function toRpcError(error: unknown, method: string, server?: string): JsonRpcErrorObject {
  if (error instanceof RpcError) return { code: error.rpcCode, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) };
  if (isMcpError(error)) {
    const who = server ?? error.server;
    const message = who && !error.message.includes(`"${who}"`) ? `server "${who}": ${error.message}` : error.message;
    return { code: error.code, message, ...(error.data === undefined ? {} : { data: error.data }) };
  }
  if (isMcpBridgeError(error)) {
    const facts = error.context as { server?: unknown };
    return {
      code: ErrorCodes.InternalError,
      message: error.message,
      data: { code: error.code, ...(typeof facts.server === 'string' ? { server: facts.server } : {}) },
    };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { code: ErrorCodes.InternalError, message: `Internal error while handling ${method}: ${text}` };
}

/** The answer to request `id` of a client of `era` that failed with `error`. */
export function errorAnswer(id: RequestId, method: string, era: Era, error: unknown): JsonRpcMessage {
  const wire = toRpcError(error, method);
  // 2026-07-28 renumbered "resource not found" into -32602 (RES-1).
  if (era === 'modern' && wire.code === ErrorCodes.ResourceNotFound) wire.code = ErrorCodes.InvalidParams;
  return { jsonrpc: '2.0', id, error: wire };
}
