// The pure protocol core (the "mcp-bridge/protocol" entry): JSON-RPC, framing, MCP types, versions.
export type * from './jsonrpc/messages.js';
export * from './jsonrpc/codes.js';
export * from './jsonrpc/classify.js';
export * from './jsonrpc/encode.js';
export * from './framing/line-framer.js';
export * from './framing/message-framer.js';
export * from './mcp/methods.js';
export * from './mcp/versions.js';
export * from './mcp/negotiate.js';
export type * from './mcp/types/initialize.js';
export type * from './mcp/types/content.js';
export type * from './mcp/types/tools.js';
export type * from './mcp/types/notifications.js';
export type * from './mcp/types/client-features.js';
export * from './errors/base.js';
export * from './errors/protocol-errors.js';
export * from './errors/peer-error.js';
export * from './events.js';
