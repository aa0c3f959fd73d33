// From a configured server to an unconnected Client: the redactors of its configured secrets (and
// of header values a headers function returns, learnt as they come), the OAuth options of a URL
// server, and the transport with the client on it. The config entry is itself the transport's
// parameters (a stdio-or-HTTP union): nothing is re-typed on the way.
import { Client, type ClientOptions } from '../client/client.js';
import { eraCacheKey } from '../client/era-cache.js';
import { cacheIdentity } from '../client/list-cache.js';
import type { ServerConfig } from '../config/types.js';
import { collectSecrets, composeRedactors, createLearningRedactor, createRedactor, noRedaction, type Redact } from '../../protocol/redact.js';
import type { Logger } from '../log.js';
import { createTransport, type HttpServerParams } from '../transports/create.js';
import { oauthOptionsOf } from './oauth-options.js';

/** How a server's secrets are masked, and the parameters its transport gets. */
export interface ServerRedaction {
  /** Masks this server's configured secrets in everything the handle reports (status, logs, errors). */
  redact: Redact;
  /** Masks only the configured values, for tool results (which the agent hands to an LLM); none with `maskResults: false`. */
  redactResult: Redact;
  /** The transport parameters: the config entry, with a headers function wrapped so its values are masked too. */
  params: ServerConfig;
}

export function serverRedaction(config: ServerConfig): ServerRedaction {
  const secrets = collectSecrets(config);
  const provider = config.transport !== 'stdio' && typeof config.headers === 'function' ? config.headers : undefined;
  const learnt = provider ? createLearningRedactor() : undefined;
  const params: ServerConfig =
    provider && learnt
      ? {
          ...config,
          headers: async () => {
            const headers = await provider();
            if (typeof headers === 'object' && headers !== null) learnt.learn(collectSecrets({ headers }));
            return headers;
          },
        }
      : config;
  return {
    redact: composeRedactors(createRedactor(secrets), learnt?.redact),
    redactResult: config.maskResults === false ? noRedaction : composeRedactors(createRedactor(secrets, { urls: false }), learnt?.redact),
    params,
  };
}

/**
 * OAuth for a configured HTTP server: logins stored by `mcp-bridge auth login` are used and refreshed;
 * a login itself starts only when the config's `interactive` allows it (else MCPB_AUTH_REQUIRED).
 */
function authParams(config: ServerConfig): Pick<HttpServerParams, 'auth'> {
  return { auth: oauthOptionsOf(config.auth, 'agent') };
}

export interface OpenClientOptions {
  config: ServerConfig;
  /** From {@link serverRedaction}. */
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
