// Whether a config turns pins on, and where its lock file is: kept apart from the pins step itself so
// the manager can tell it needs the governance steps without loading them.
import { DEFAULT_LOCK_FILE } from '../config/pins-config.js';
import type { BridgeConfig, PinsConfig } from '../config/types.js';
import { nodeFs as fs } from '../util/node-fs.js';
import { dirname, isAbsolute, join } from '../util/node-path.js';

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
