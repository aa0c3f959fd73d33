// The transports entry ("mcp-bridge/transports"): every transport class, for callers that build a
// Client on a transport of their own choosing. Importing it loads undici; `connect()` does not
// until a URL is used.
export type { Transport, TransportEvents, TransportCloseInfo, SendOptions } from './transport.js';
export { createTransport } from './create.js';
export type { ServerParams, StdioServerParams, HttpServerParams } from './create.js';
export {
  StdioTransport,
  installSignalCleanup,
  killAllServersSync,
  liveServerPids,
  buildChildEnv,
  POSIX_ENV_ALLOWLIST,
  WINDOWS_ENV_ALLOWLIST,
} from './stdio/index.js';
export type { StdioTransportOptions, SignalCleanupOptions } from './stdio/index.js';
export { createHttpTransport, StreamableHttpTransport, SseTransport } from './detect.js';
export type { CreateHttpTransportOptions, HttpTransport, HttpTransportOptions, HttpSessionEvents } from './detect.js';
export type { AuthHandler } from './http/auth-handler.js';
export type { HeadersProvider } from '../../protocol/http/headers.js';
