// How one configured server's secrets are masked: the redactors of its configured secrets (and of
// header values a headers function returns, learnt as they come), built with its handle.
import type { ServerConfig } from '../config/types.js';
import { collectSecrets, composeRedactors, createLearningRedactor, createRedactor, noRedaction, type Redact } from '../../protocol/redact.js';

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
