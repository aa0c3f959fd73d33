// The client entry ("mcp-bridge/client"): connect, the Client, transports on demand and the errors,
// without the config parser, the registry or the manager, so an agent that only talks to servers
// imports the least.
import { Client, type ClientOptions } from './client.js';
import { eraCacheKey } from './era-cache.js';
import { cacheIdentity } from './list-cache.js';
import { createTransport, type ServerParams } from '../transports/create.js';

// The protocol core's types, its errors and the few helpers a client's user calls; the rest
// (framers, encoders, redactors, negotiation) is the "mcp-bridge/protocol" entry's.
export type * from '../../protocol/index.js';
export {
  McpBridgeError,
  McpError,
  FramingError,
  InvalidMessageError,
  UnsupportedVersionError,
  UriTemplateError,
  isMcpBridgeError,
  isMcpError,
  hasErrorCode,
  ErrorCodes,
  SUPPORTED_VERSIONS,
  isSupportedVersion,
  expandUriTemplate,
  isKnownContent,
  isUnknownContent,
  KNOWN_CONTENT_TYPES,
  isTerminalTaskStatus,
  RELATED_TASK_META,
  MODEL_IMMEDIATE_RESPONSE_META,
  redactUrl,
} from '../../protocol/index.js';
export { Client, DEFAULT_STARTUP_TIMEOUT_MS } from './client.js';
export type { ClientOptions, CallToolOptions, CallToolAsTaskOptions, ClientEvents, ToolCallGate } from './client.js';
export { ToolTask } from './tasks.js';
export { MAX_URL_ELICITATION_ROUNDS } from './client-options.js';
export type { UrlElicitationHook } from './url-elicitation.js';
export type { TaskRequest, TaskWaitOptions } from './tasks.js';
export type { ServerSnapshot } from './handshake.js';
export { DEFAULT_PROBE_TIMEOUT_MS } from './client-options.js';
export type { EraOption } from './era-detect.js';
export { defaultEraCache, defaultEraCachePath, eraCacheKey, fileEraCache, memoryEraCache } from './era-cache.js';
export type { EraCache, EraSource, EraVerdict } from './era-cache.js';
export { DEFAULT_MAX_INPUT_ROUNDS } from './client-options.js';
export { ResultCache, defaultResultCache, cacheIdentity, MAX_LIST_CACHE_ENTRIES } from './list-cache.js';
export type { CachePartition } from './list-cache.js';
export * from '../errors/era-errors.js';
export type { ServerRequestHandlers, ServerRequestContext } from './server-requests.js';
export { Session, DEFAULT_REQUEST_TIMEOUT_MS } from '../session/session.js';
export type { RequestOptions, SessionOptions } from '../session/session.js';
export type { ObservedPeer, ObservedRequest, RequestObserver, RequestTelemetry } from '../session/observer.js';
export { HandlerError } from '../session/dispatcher.js';
export type { Transport, TransportEvents, TransportCloseInfo, SendOptions } from '../transports/transport.js';
export { createTransport } from '../transports/create.js';
export type { ServerParams, StdioServerParams, HttpServerParams } from '../transports/create.js';
export * from '../errors/session-errors.js';
export * from '../errors/client-errors.js';
export type { FeatureOptions } from './features.js';
export type { PromptArguments } from './prompts.js';
export { resourceBytes } from './resource-bytes.js';
export { LoadedSkill } from './skill-load.js';
export type { UiResource } from './apps.js';
export { UI_EXTENSION, UI_MIME_TYPE, toolUi, uiContentSecurityPolicy, uiPermissionPolicy } from '../../protocol/index.js';
export type { LoadSkillOptions, SkillFile } from './skill-load.js';
export { SKILLS_EXTENSION, SKILL_LIMITS } from '../../protocol/index.js';
export { nullLogger, createConsoleLogger } from '../log.js';
export type { Logger, LogLevel } from '../log.js';
export { LIBRARY_NAME, LIBRARY_VERSION } from '../version.js';

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
 * @throws ServerStartError (`MCPB_SERVER_START_FAILED`), SpawnError (`MCPB_SPAWN_FAILED`), HttpError (`MCPB_HTTP_STATUS`), UnsupportedVersionError,
 *   InvalidOptionsError (`MCPB_INVALID_OPTIONS`) for a URL, transport or header value that cannot work.
 */
export async function connect(options: ConnectOptions): Promise<Client> {
  const context = { serverName: options.name, logger: options.logger };
  const transport = await createTransport(options, context);
  const client = new Client(transport, {
    eraCacheKey: eraCacheKey(options),
    cacheIdentity: cacheIdentity(options as Parameters<typeof cacheIdentity>[0]),
    respawn: () => createTransport(options, context),
    ...options,
  });
  await client.connect();
  return client;
}
export { SpawnError, ServerExitedError, TransportClosedError, SendFailedError } from '../errors/transport-errors.js';
export * from '../errors/http-errors.js';
export { InvalidOptionsError, INVALID_OPTIONS, type InvalidOptionsInit } from '../errors/options-errors.js';
