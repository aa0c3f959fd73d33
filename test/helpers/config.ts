// Builds mcp-bridge configs for tests from launch descriptions, as text (JSON is valid YAML), as a
// parsed config, or as a file, so each test states only the servers it needs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig, type BridgeConfig } from '../../src/config/index.js';
import { scratchDir, type ServerLaunch } from './servers.js';

/** One stdio server entry: name + launch, plus any config keys (`prefix`, `tools`, `timeout`...). */
export function stdioEntry(
  name: string,
  launch: Pick<ServerLaunch, 'command' | 'args'> & { env?: Record<string, string> },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const env = launch.env && Object.keys(launch.env).length > 0 ? { env: launch.env } : {};
  return { name, command: launch.command, args: launch.args, ...env, ...extra };
}

/** An entry for `node <script> [args]`. */
export function nodeEntry(name: string, script: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return stdioEntry(name, { command: process.execPath, args: [script] }, extra);
}

export function configText(servers: Record<string, unknown>[]): string {
  return JSON.stringify({ tools: { mcp: { servers } } }, null, 2) + '\n';
}

/** Parses a config of these servers as if read from a fresh mcp-bridge.yaml. */
export function testConfig(servers: Record<string, unknown>[]): BridgeConfig {
  return parseConfig(configText(servers), { file: join(scratchDir('cfg'), 'mcp-bridge.yaml') });
}

/** Writes text (or a config of these servers) to a fresh mcp-bridge.yaml; returns its path. */
export function writeConfigFile(content: string | Record<string, unknown>[]): string {
  const file = join(scratchDir('cfg'), 'mcp-bridge.yaml');
  writeFileSync(file, typeof content === 'string' ? content : configText(content));
  return file;
}
