// Recognises the config file of each host by name and content and lifts its server entries into
// one list for the validator: mcp-bridge (`tools.mcp.servers[]`), the `mcpServers{}` hosts (Claude
// Desktop and Code, Cursor, Windsurf, Cline, Roo, gemini-cli), Continue (`mcpServers[]`), VS Code
// (`servers{}`, or `mcp.servers{}` in settings.json), Zed (`context_servers`), OpenCode (`mcp`),
// Goose (`extensions`) and Codex (`mcp_servers`). Host entries are rewritten into our keys here.

import { translateEntry } from './host-entries.js';
import { detectHost, type HostName } from './hosts.js';
import { NAME_PATTERN, suggestName, TOOLS_MCP_KEYS } from './schema.js';
import type { DocPath } from './paths.js';
import type { BridgeConfig } from './types.js';
import { closest } from '../util/did-you-mean.js';

/** A detected file format. */
export type ConfigFormat = BridgeConfig['format'];

/** A problem found while reading the document (the validator adds line and column). */
export interface RawIssue {
  path: DocPath;
  /** Point at the key rather than the value (unknown keys). */
  at?: 'key' | 'value';
  /** Where to point when that differs from `path` (e.g. a missing command is shown at the transport line). */
  pos?: DocPath;
  message: string;
  hint?: string;
  /** Accepted but worth telling: becomes a warning, not an error. */
  warning?: boolean;
}

/** One server entry before validation. */
export interface RawEntry {
  /** The entry's key in host formats; undefined for mcp-bridge lists, where `name` is a field. */
  key?: string;
  /** Path of the entry itself. */
  path: DocPath;
  value: unknown;
}

/** What {@link extractEntries} found. */
export interface Extracted {
  format: ConfigFormat;
  /** The host whose file this is. */
  host: HostName;
  /** `tools.mcp.enabled` as written (validated here), true for host formats. */
  enabled: boolean;
  entries: RawEntry[];
  /** `tools.mcp` itself (mcp-bridge files), for the keys that apply to every server (`secrets`). */
  shared?: { path: DocPath; value: Record<string, unknown> };
}

const ROOT_KEYS = ['tools', 'mcpServers', 'servers', 'context_servers', 'mcp_servers', 'extensions'];
const EXAMPLE =
  'expected tools.mcp.servers (mcp-bridge.yaml), mcpServers (Claude, Cursor, Cline, gemini-cli...), servers (VS Code mcp.json), context_servers (Zed), mcp (OpenCode), extensions (Goose) or mcp_servers (Codex)';

/** Where to look in the document, besides its content. */
export interface ExtractOptions {
  /** The config file, whose name and folder tell the host apart. */
  file: string;
  /** Read the file as this host's, instead of detecting it. */
  host?: HostName;
  /** Claude Code `~/.claude.json`: the project whose local servers to add. @defaultValue the current directory */
  project?: string;
}

/** Detects the host from the file and the document and returns its server entries in our keys. */
export function extractEntries(root: unknown, issues: RawIssue[], options: ExtractOptions = { file: '' }): Extracted | undefined {
  const found = extractRaw(root, issues, options);
  if (!found) return undefined;
  const entries: RawEntry[] = [];
  for (const entry of found.entries) {
    const value = translateEntry(found.host, entry.value, entry.path, issues);
    if (value !== undefined) entries.push({ ...entry, value });
  }
  return { ...found, entries };
}

/** The host's server entries as written (not yet translated into our keys). */
export function extractRaw(root: unknown, issues: RawIssue[], options: ExtractOptions): Extracted | undefined {
  if (root === null || root === undefined) {
    issues.push({ path: [], message: 'the config file is empty', hint: EXAMPLE });
    return undefined;
  }
  if (!isObject(root)) {
    issues.push({ path: [], message: `the config file holds ${typeName(root)}, not a mapping`, hint: EXAMPLE });
    return undefined;
  }
  const host = options.host ?? detectHost(root, options.file);
  switch (host) {
    case 'mcp-bridge':
      for (const other of ['mcpServers', 'servers'].filter((k) => k in root)) {
        issues.push({ path: [other], at: 'key', warning: true, message: `${other} is ignored: this file has tools:, so only tools.mcp.servers is read` });
      }
      return extractBridge(root, issues);
    case 'vscode':
      return extractVsCode(root, issues);
    case 'continue':
      return extractList(root, 'mcpServers', host, issues);
    case 'zed':
      return extractHostMap(root, [], 'context_servers', 'claude-desktop', issues, host);
    case 'goose':
      return extractHostMap(root, [], 'extensions', 'claude-desktop', issues, host);
    case 'codex':
      return extractHostMap(root, [], 'mcp_servers', 'claude-desktop', issues, host);
    case 'opencode':
      return isObject(root.mcp) && isObject(root.mcp.servers)
        ? extractHostMap(root.mcp, ['mcp'], 'servers', 'claude-desktop', issues, host)
        : extractHostMap(root, [], 'mcp', 'claude-desktop', issues, host);
    case 'claude-code':
      return extractClaudeCode(root, issues, options.project ?? process.cwd());
    case undefined:
      break;
    default:
      if ('mcpServers' in root) return extractHostMap(root, [], 'mcpServers', 'claude-desktop', issues, host);
      issues.push({ path: [], message: `no mcpServers section found for ${host}`, hint: EXAMPLE });
      return undefined;
  }
  const typo = Object.keys(root)
    .map((k) => [k, closest(k, ROOT_KEYS)] as const)
    .find(([, s]) => s !== undefined);
  if (typo) issues.push({ path: [typo[0]], at: 'key', message: `unknown top-level key "${typo[0]}"`, hint: `did you mean "${typo[1]}"? ${EXAMPLE}` });
  else issues.push({ path: [], message: 'no MCP servers section found', hint: EXAMPLE });
  return undefined;
}

function extractBridge(root: Record<string, unknown>, issues: RawIssue[]): Extracted {
  const result: Extracted = { format: 'mcp-bridge', host: 'mcp-bridge', enabled: true, entries: [] };
  // Other top-level sections may belong to a larger agent config; only near-misses are flagged.
  flagTypos(root, [], ['tools'], issues);
  const tools = root.tools;
  if (tools === null || tools === undefined) return result;
  if (!isObject(tools)) {
    issues.push({
      path: ['tools'],
      message: `tools must be a mapping, got ${typeName(tools)}`,
      hint: 'write tools: then mcp: then servers: on indented lines',
    });
    return result;
  }
  flagTypos(tools, ['tools'], ['mcp'], issues);
  const mcp = tools.mcp;
  if (mcp === null || mcp === undefined) return result;
  if (!isObject(mcp)) {
    issues.push({ path: ['tools', 'mcp'], message: `tools.mcp must be a mapping, got ${typeName(mcp)}`, hint: 'give it enabled: and servers: keys' });
    return result;
  }
  for (const key of Object.keys(mcp)) {
    if ((TOOLS_MCP_KEYS as readonly string[]).includes(key)) continue;
    const guess = closest(key, TOOLS_MCP_KEYS);
    issues.push({
      path: ['tools', 'mcp', key],
      at: 'key',
      message: `unknown key "${key}" in tools.mcp`,
      hint: guess ? `did you mean "${guess}"?` : `valid keys: ${TOOLS_MCP_KEYS.join(', ')}`,
    });
  }
  result.shared = { path: ['tools', 'mcp'], value: mcp };
  if (mcp.enabled !== undefined && mcp.enabled !== null) {
    if (typeof mcp.enabled === 'boolean') result.enabled = mcp.enabled;
    else
      issues.push({
        path: ['tools', 'mcp', 'enabled'],
        message: `enabled must be true or false, got ${typeName(mcp.enabled)}`,
        hint: 'write enabled: true or enabled: false',
      });
  }
  const servers = mcp.servers;
  if (servers === null || servers === undefined) return result;
  if (!Array.isArray(servers)) {
    issues.push({
      path: ['tools', 'mcp', 'servers'],
      message: `servers must be a list, got ${typeName(servers)}`,
      hint: 'start each server with "- name: ..."',
    });
    return result;
  }
  servers.forEach((value, i) => result.entries.push({ path: ['tools', 'mcp', 'servers', i], value }));
  return result;
}

function extractVsCode(root: Record<string, unknown>, issues: RawIssue[]): Extracted | undefined {
  if ('servers' in root) {
    if (Array.isArray(root.servers)) {
      issues.push({
        path: ['servers'],
        at: 'key',
        message: 'a top-level servers list is not a known format',
        hint: 'in mcp-bridge.yaml the list goes under tools: mcp: servers:',
      });
      return undefined;
    }
    return extractHostMap(root, [], 'servers', 'vscode', issues, 'vscode');
  }
  // VS Code user settings.json keeps the same map under "mcp": { "servers": ... }.
  if (isObject(root.mcp) && Array.isArray(root.mcp.servers)) {
    issues.push({
      path: ['mcp'],
      at: 'key',
      message: 'mcp: is not at the top level of an mcp-bridge file',
      hint: 'nest it under tools: (tools: mcp: servers:)',
    });
    return undefined;
  }
  return extractHostMap(root.mcp as Record<string, unknown>, ['mcp'], 'servers', 'vscode', issues, 'vscode');
}

/** Continue: a list of entries, each named by its `name`, which is a display name there (spaces allowed). */
function extractList(root: Record<string, unknown>, key: string, host: HostName, issues: RawIssue[]): Extracted {
  const result: Extracted = { format: 'claude-desktop', host, enabled: true, entries: [] };
  (root[key] as unknown[]).forEach((value, i) => {
    const name = isObject(value) && typeof value.name === 'string' ? value.name : undefined;
    if (name === undefined || name.trim() === '') {
      issues.push({ path: [key, i], message: 'this server has no name', hint: 'add name: with 1 to 64 letters, digits, _ or -' });
      return;
    }
    const id = NAME_PATTERN.test(name) ? name : suggestName(name);
    if (id !== name)
      issues.push({
        path: [key, i, 'name'],
        warning: true,
        message: `server "${name}" is named "${id}" here`,
        hint: 'server names are 1 to 64 letters, digits, _ or -',
      });
    result.entries.push({ key: id, path: [key, i], value });
  });
  return result;
}

/** Claude Code `~/.claude.json`: user servers at the top, then the current project's local ones (which win). */
function extractClaudeCode(root: Record<string, unknown>, issues: RawIssue[], project: string): Extracted {
  const result =
    'mcpServers' in root
      ? extractHostMap(root, [], 'mcpServers', 'claude-desktop', issues, 'claude-code')
      : { format: 'claude-desktop' as const, host: 'claude-code' as const, enabled: true, entries: [] };
  const projects = root.projects;
  if (!isObject(projects) || !isObject(projects[project]) || !isObject(projects[project].mcpServers)) return result;
  const local = extractHostMap(projects[project], ['projects', project], 'mcpServers', 'claude-desktop', issues, 'claude-code');
  const localNames = new Set(local.entries.map((e) => e.key));
  return { ...result, entries: [...result.entries.filter((e) => !localNames.has(e.key)), ...local.entries] };
}

function extractHostMap(container: Record<string, unknown>, base: DocPath, key: string, format: ConfigFormat, issues: RawIssue[], host: HostName): Extracted {
  const result: Extracted = { format, host, enabled: true, entries: [] };
  const known = format === 'vscode' ? ['servers', 'inputs'] : [key];
  // Only the files whose whole point is the server map are checked for near-miss top-level keys.
  if (base.length === 0 && (key === 'mcpServers' || key === 'servers')) flagTypos(container, [], known, issues);
  const map = container[key];
  if (map === null || map === undefined) return result;
  if (!isObject(map)) {
    issues.push({
      path: [...base, key],
      message: `${key} must be an object keyed by server name, got ${typeName(map)}`,
      hint: `write "${key}": { "name": { "command": "..." } }`,
    });
    return result;
  }
  for (const [name, value] of Object.entries(map)) result.entries.push({ key: name, path: [...base, key, name], value });
  return result;
}

function flagTypos(obj: Record<string, unknown>, at: DocPath, known: string[], issues: RawIssue[]): void {
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue;
    const guess = closest(key, known);
    if (guess) issues.push({ path: [...at, key], at: 'key', message: `unknown key "${key}"`, hint: `did you mean "${guess}"?` });
  }
}

/** True for a plain mapping (not a list, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Names a value's type for messages without showing the value itself. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  if (typeof value === 'string') return 'a string';
  return typeof value;
}
