// Public entry of mcp-bridge: connect to MCP servers and use their tools as agent tools.
import { Client, type ClientOptions } from './client/client.js';
import { createTransport, type ServerParams } from './transports/create.js';

export * from '../protocol/index.js';
export { Client, DEFAULT_STARTUP_TIMEOUT_MS } from './client/client.js';
export type { ClientOptions, CallToolOptions, ClientEvents } from './client/client.js';
export type { ServerSnapshot } from './client/handshake.js';
export type { ServerRequestHandlers, ServerRequestContext } from './client/server-requests.js';
export { Session, DEFAULT_REQUEST_TIMEOUT_MS } from './session/session.js';
export type { RequestOptions, SessionOptions } from './session/session.js';
export { HandlerError } from './session/dispatcher.js';
export type { Transport, TransportEvents, TransportCloseInfo, SendOptions } from './transports/transport.js';
export { createTransport } from './transports/create.js';
export type { ServerParams, StdioServerParams, HttpServerParams } from './transports/create.js';
export * from './errors/session-errors.js';
export { nullLogger, createConsoleLogger } from './log.js';
export type { Logger, LogLevel } from './log.js';
export { LIBRARY_NAME, LIBRARY_VERSION } from './version.js';

/** Options of {@link connect}: where the server is, plus client options. */
export type ConnectOptions = ServerParams & ClientOptions;

/**
 * Starts (stdio) or reaches (HTTP) an MCP server and completes the handshake.
 * @example
 * import { connect } from 'mcp-bridge';
 * const client = await connect({ command: 'node', args: ['server.js'] });
 * const tools = await client.listTools();
 * const result = await client.callTool('echo', { text: 'hi' });
 * await client.close();
 * @throws ServerStartError (`MCPB_SERVER_START_FAILED`), SpawnError (`MCPB_SPAWN_FAILED`), HttpError (`MCPB_HTTP_STATUS`), UnsupportedVersionError.
 */
export async function connect(options: ConnectOptions): Promise<Client> {
  const transport = await createTransport(options, { serverName: options.name, logger: options.logger });
  const client = new Client(transport, options);
  await client.connect();
  return client;
}

// The bridge: config, manager, registry, schema conversion and result conversion.
export { loadConfig, parseConfig, parseDuration, redactServerConfig, redactUrl, ConfigError } from './config/index.js';
export type { BridgeConfig, ServerConfig, TransportKind, ConfigIssue } from './config/index.js';
export { Manager } from './manager/manager.js';
export type { ManagerOptions, ManagerEvents, StartSummary } from './manager/manager.js';
export { ServerHandle } from './manager/server-handle.js';
export type { ServerState, ServerStatus } from './manager/server-handle.js';
export { DEFAULT_RESTART_POLICY } from './manager/restart-policy.js';
export type { RestartPolicy } from './manager/restart-policy.js';
export * from './errors/manager-errors.js';
export { Registry } from './registry/registry.js';
export type { LlmSpecs } from './registry/registry.js';
export type * from './registry/types.js';
export type * from './registry/tool-calls.js';
export type * from './bridge/types.js';
export type * from './bridge/llm-specs.js';
export { convertResult, DEFAULT_TEXT_BUDGET } from './bridge/result.js';
export * from './errors/bridge-errors.js';
export * from './errors/transport-errors.js';
export * from './errors/http-errors.js';
export { StdioTransport, installSignalCleanup } from './transports/stdio/index.js';
export type { StdioTransportOptions, SignalCleanupOptions } from './transports/stdio/index.js';
