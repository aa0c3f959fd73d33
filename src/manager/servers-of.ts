// The servers a Manager runs, from what it was given: a loaded config, or a list of entries.
// Entries as a file writes them would otherwise look disabled (no `enabled: true`) and start nothing
// without a word: they go through the file validator instead; normalised entries pass as they are.
import { configFromObject, isBridgeConfig, isServerConfig, type ConfigInput } from '../config/from-object.js';
import type { BridgeConfig, ServerConfig } from '../config/types.js';

/** Every configured server, normalised; none when the config is disabled. @throws {ConfigError} for an entry with problems. */
export function serversOf(config: BridgeConfig | ServerConfig[]): ServerConfig[] {
  if (!Array.isArray(config)) {
    if (isBridgeConfig(config)) return config.enabled ? config.servers : [];
    const loaded = configFromObject(config as unknown as ConfigInput);
    return loaded.enabled ? loaded.servers : [];
  }
  if (config.every(isServerConfig)) return config;
  const indexes = config.flatMap((s, i) => (isServerConfig(s) ? [] : [i]));
  const normalised = configFromObject(indexes.map((i) => config[i]) as unknown as ConfigInput, {}, indexes).servers;
  let next = 0;
  return config.map((s) => (isServerConfig(s) ? s : normalised[next++]!));
}
