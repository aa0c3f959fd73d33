// From a configured server to an unconnected Client: the OAuth options of a URL server, and the
// transport with the client on it (the redactors of its secrets are in server-redaction.ts). The config entry is itself the transport's
// parameters (a stdio-or-HTTP union): nothing is re-typed on the way.
import { Client, type ClientOptions } from '../client/client.js';
import { eraCacheKey } from '../client/era-cache.js';
import { cacheIdentity } from '../client/list-cache.js';
import type { ServerConfig } from '../config/types.js';
import type { Logger } from '../log.js';
import { createTransport, type HttpServerParams } from '../transports/create.js';
import { oauthOptionsOf } from './oauth-options.js';

/**
 * OAuth for a configured HTTP server: logins stored by `mcp-bridge auth login` are used and refreshed;
 * a login itself starts only when the config's `interactive` allows it (else MCPB_AUTH_REQUIRED).
 */
function authParams(config: ServerConfig): Pick<HttpServerParams, 'auth'> {
  return { auth: oauthOptionsOf(config.auth, 'agent') };
}

export interface OpenClientOptions {
  config: ServerConfig;
  /** From {@link serverRedaction} (server-redaction.ts). */
  params: ServerConfig;
  logger: Logger;
  /** Extra client options (handlers for roots, sampling, elicitation...). */
  clientOptions?: Omit<ClientOptions, 'name'>;
}

/** Creates the transport and the (not yet connected) client of a configured server. */
export async function openClient({ config, params, logger, clientOptions }: OpenClientOptions): Promise<Client> {
  const name = config.name;
  const onStderrLine = (line: string) => logger.debug(line, { server: name, stream: 'stderr' });
  // A URL server's auth block becomes OAuth options (stored logins, never an unrequested login).
  const first = params.transport === 'stdio' ? params : { ...params, ...authParams(params) };
  const transport = await createTransport(first, { serverName: name, logger, onStderrLine });
  return new Client(transport, {
    era: config.era,
    eraCacheKey: eraCacheKey(config),
    cacheIdentity: cacheIdentity(params.transport === 'stdio' ? params : first),
    respawn: () => createTransport(params, { serverName: name, logger, onStderrLine }),
    ...clientOptions,
    name,
    // The configured timeout is the client's requestTimeoutMs: the one place it is applied.
    requestTimeoutMs: config.timeoutMs,
    startupTimeoutMs: config.startupTimeoutMs,
    logger,
  });
}
