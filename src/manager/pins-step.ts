// The pins step a config asks for: `tools.mcp.pins`, or a lock file lying beside the config (having
// run `mcp-bridge pin` is the opt-in). No lock and no `pins` key: no step, nothing compared.
import { collectSecrets, createRedactor, type Redact } from '../../protocol/redact.js';
import { DEFAULT_LOCK_FILE } from '../config/pins-config.js';
import type { BridgeConfig, PinsConfig, ServerConfig } from '../config/types.js';
import type { Logger } from '../log.js';
import { createPins, type Pins } from '../pipeline/pins/pins.js';
import { nodeFs as fs } from '../util/node-fs.js';
const { dirname, isAbsolute, join } = process.getBuiltinModule('node:path');

/**
 * The mask applied to a server's tool definitions before they are pinned or compared: its
 * configured secrets and secret-looking URL parts, as its handle masks the tool lists it saves.
 */
export function pinRedactor(server: ServerConfig): Redact {
  return createRedactor(collectSecrets(server));
}

/** The pins settings in force for `config`: its `pins`, else the defaults when a lock lies beside it; none for `pins: false`. */
export function pinsSettings(config: BridgeConfig, configDir?: string): PinsConfig | undefined {
  if (config.pins === false) return undefined;
  if (config.pins) return config.pins;
  const file = defaultLockFile(config, configDir);
  return file !== undefined && fs().existsSync(file) ? { file, onChange: 'block', newTools: 'allow', required: false } : undefined;
}

/** `mcp-bridge.lock` beside the config file (none for a config written in code). */
export function defaultLockFile(config: BridgeConfig, configDir?: string): string | undefined {
  // A config written in code has no file, so no folder to look in.
  if (!isAbsolute(config.file)) return undefined;
  const dir = configDir ?? dirname(config.file);
  return join(dir, DEFAULT_LOCK_FILE);
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
