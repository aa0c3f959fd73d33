// Public surface of the config layer: load and parse config files, durations, redaction, errors, types.

export { loadConfig, parseConfig, type ParseConfigOptions } from './load.js';
export {
  configFromObject,
  defineConfig,
  OBJECT_CONFIG_LABEL,
  type ConfigInput,
  type HostServerInput,
  type ObjectConfigOptions,
  type ServerInput,
} from './from-object.js';
export { parseDuration } from './duration.js';
export { redactServerConfig, redactUrl } from './redact.js';
export { expandString, type ExpandContext, type ExpandResult } from './expand-vars.js';
export { SERVER_DEFAULTS } from './schema.js';
export type {
  AuditConfig,
  BridgeConfig,
  ConfigOptions,
  HttpServerConfig,
  PinsConfig,
  ServerConfig,
  StdioServerConfig,
  TelemetryConfig,
  ToolSearchConfig,
  TransportKind,
} from './types.js';
export type { PolicyActionConfig, PolicyConfig, PolicyRuleConfig } from './policy-keys.js';
export {
  ConfigError,
  CONFIG_INVALID,
  CONFIG_NOT_FOUND,
  CONFIG_UNREADABLE,
  type ConfigIssue,
} from '../errors/config-errors.js';
