// Numeric error codes of JSON-RPC 2.0 and MCP, as received from or sent to a peer.

/** Standard JSON-RPC 2.0 codes and the MCP-defined ones (JSONRPC-10). */
export const ErrorCodes = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Legacy (2025-11-25 and earlier): resource not found. */
  ResourceNotFound: -32002,
  /** 2026-07-28: header value does not match the body. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request needs a client capability that was not declared. */
  MissingRequiredClientCapability: -32021,
  /** 2026-07-28: the protocol version is not supported; `data.supported` lists the server's. */
  UnsupportedProtocolVersion: -32022,
  /** 2025-11-25: URL-mode elicitation required. */
  UrlElicitationRequired: -32042,
} as const;

const NAMES = new Map<number, string>(Object.entries(ErrorCodes).map(([name, code]) => [code, name]));

/** The symbolic name of a numeric error code, or `undefined` when it is not a known one. */
export function errorCodeName(code: number): string | undefined {
  return NAMES.get(code);
}
