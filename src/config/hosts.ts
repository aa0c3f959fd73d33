// Which host wrote a config file: decided from the file's name and place, then from its content.
// The host decides the unit of a numeric timeout and which of its own keys mean something to us.

import { basename, sep } from '../util/node-path.js';

/** The hosts whose config files load unchanged. */
export type HostName =
  | 'mcp-bridge'
  | 'claude-desktop'
  | 'claude-code'
  | 'cursor'
  | 'windsurf'
  | 'cline'
  | 'roo'
  | 'gemini-cli'
  | 'vscode'
  | 'zed'
  | 'continue'
  | 'opencode'
  | 'goose'
  | 'codex';

/** Every host name, for option checks and messages. */
export const HOST_NAMES: readonly HostName[] = [
  'mcp-bridge',
  'claude-desktop',
  'claude-code',
  'cursor',
  'windsurf',
  'cline',
  'roo',
  'gemini-cli',
  'vscode',
  'zed',
  'continue',
  'opencode',
  'goose',
  'codex',
];

/** The unit of a bare-number timeout, per host (ms where the host documents none). */
export const TIMEOUT_UNIT: Readonly<Record<HostName, 'ms' | 's'>> = {
  'mcp-bridge': 'ms',
  'claude-desktop': 'ms',
  'claude-code': 'ms',
  cursor: 'ms',
  windsurf: 'ms',
  cline: 's',
  roo: 's',
  'gemini-cli': 'ms',
  vscode: 'ms',
  zed: 'ms',
  continue: 'ms',
  opencode: 'ms',
  goose: 's',
  codex: 's',
};

/** Folders a host keeps its project file in: `${workspaceFolder}` is the folder above them. */
const HOST_FOLDERS = ['.vscode', '.cursor', '.gemini', '.roo', '.kilocode', '.codex', '.continue', '.zed', '.opencode', '.claude', '.windsurf'];

/** The workspace a config file belongs to: the folder above a host folder, else the file's own folder. */
export function workspaceFolderOf(configDir: string): string {
  if (!HOST_FOLDERS.includes(basename(configDir))) return configDir;
  const parent = configDir.slice(0, configDir.length - basename(configDir).length - 1);
  return parent === '' ? sep : parent;
}

const GEMINI_MARKERS = ['httpUrl', 'trust', 'includeTools', 'excludeTools', 'authProviderType'];
const CLINE_MARKERS = ['autoApprove', 'alwaysAllow', 'watchPaths'];

/** The host of an `mcpServers` file, from its path and then from the keys its entries use. */
function mcpServersHost(file: string, entries: Record<string, unknown>[]): HostName {
  const name = basename(file);
  const path = file.split(sep).join('/');
  if (name === '.mcp.json' || name === '.claude.json') return 'claude-code';
  if (name === 'claude_desktop_config.json') return 'claude-desktop';
  if (name === 'cline_mcp_settings.json') return 'cline';
  if (name === 'mcp_config.json' || path.includes('/windsurf/')) return 'windsurf';
  if (path.includes('/.cursor/')) return 'cursor';
  if (path.includes('/.roo/') || path.includes('/.kilocode/')) return 'roo';
  if (path.includes('/.gemini/')) return 'gemini-cli';
  const keys = new Set(entries.flatMap((e) => Object.keys(e)));
  if (GEMINI_MARKERS.some((k) => keys.has(k))) return 'gemini-cli';
  if (CLINE_MARKERS.some((k) => keys.has(k))) return 'cline';
  return 'claude-desktop';
}

function objects(map: unknown): Record<string, unknown>[] {
  if (typeof map !== 'object' || map === null) return [];
  return Object.values(map).filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v));
}

/** Whether an `mcp` map is OpenCode's: entries typed `local` / `remote`, or an opencode file name. */
function isOpenCode(file: string, mcp: Record<string, unknown>): boolean {
  if (/^opencode\.jsonc?$/.test(basename(file))) return true;
  const entries = objects('servers' in mcp && typeof mcp.servers === 'object' ? mcp.servers : mcp);
  return entries.length > 0 && entries.every((e) => e.type === 'local' || e.type === 'remote');
}

/** The host of a parsed document, or undefined when no known section is there. */
export function detectHost(root: Record<string, unknown>, file: string): HostName | undefined {
  if ('tools' in root) return 'mcp-bridge';
  if ('mcp_servers' in root) return 'codex';
  if ('context_servers' in root) return 'zed';
  if (Array.isArray(root.mcpServers)) return 'continue';
  if ('mcpServers' in root) return mcpServersHost(file, objects(root.mcpServers));
  if (typeof root.projects === 'object' && root.projects !== null && basename(file) === '.claude.json') return 'claude-code';
  if (typeof root.mcp === 'object' && root.mcp !== null && !Array.isArray(root.mcp) && isOpenCode(file, root.mcp as Record<string, unknown>)) return 'opencode';
  if ('servers' in root || (typeof root.mcp === 'object' && root.mcp !== null && 'servers' in root.mcp)) return 'vscode';
  if (typeof root.extensions === 'object' && root.extensions !== null && !Array.isArray(root.extensions)) return 'goose';
  return undefined;
}
