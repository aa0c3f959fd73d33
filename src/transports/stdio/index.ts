// The stdio transport's public surface.
export { StdioTransport, DEFAULT_CLOSE_TIMEOUTS, type StdioTransportOptions } from './stdio-transport.js';
export type { SpawnFunction } from './spawn.js';
export { buildChildEnv, POSIX_ENV_ALLOWLIST, WINDOWS_ENV_ALLOWLIST } from './child-env.js';
export { killAllServersSync, liveServerPids } from './exit-hook.js';
export { installSignalCleanup, type SignalCleanupOptions } from './signal-cleanup.js';
export type { TerminateTimeouts, TerminateOutcome } from './terminate.js';
