// The pins step a config asks for: `tools.mcp.pins`, or a lock file lying beside the config (having
// run `mcp-bridge pin` is the opt-in). No lock and no `pins` key: no step, nothing compared.
import { collectSecrets, createRedactor, type Redact } from '../../protocol/redact.js';
import type { BridgeConfig, ServerConfig } from '../config/types.js';
import type { Logger } from '../log.js';
import { createPins, type Pins } from '../pipeline/pins/pins.js';
import { pinsSettings } from './pins-settings.js';

export { defaultLockFile, pinsSettings } from './pins-settings.js';

/**
 * The mask applied to a server's tool definitions before they are pinned or compared: its
 * configured secrets and secret-looking URL parts, as its handle masks the tool lists it saves.
 */
export function pinRedactor(server: ServerConfig): Redact {
  return createRedactor(collectSecrets(server));
}

/** The pins step for `config`, or undefined when pins are off. */
export function pinsStep(config: BridgeConfig, context: { configDir?: string; logger?: Logger }): Pins | undefined {
  const settings = pinsSettings(config, context.configDir);
  if (!settings) return undefined;
  const servers = new Map(config.servers.map((s) => [s.name, s]));
  const masks = new Map<string, Redact>();
  return createPins({
    file: settings.file,
    onChange: settings.onChange,
    newTools: settings.newTools,
    required: settings.required,
    ...(context.logger ? { logger: context.logger } : {}),
    redact: (name) => {
      const server = servers.get(name);
      if (!server) return undefined;
      let mask = masks.get(name);
      if (!mask) masks.set(name, (mask = pinRedactor(server)));
      return mask;
    },
  });
}
