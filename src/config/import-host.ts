// A host's config file turned into an mcp-bridge config (`mcp-bridge import`): each server entry is
// translated into our keys as the loader reads it, inline secrets become `${VAR}` references, paths
// that meant the host file's folder are made absolute when the new file lives elsewhere, and keys
// mcp-bridge does not use are left out (and named). Pure: the document comes in parsed.

import { dirname, isAbsolute, resolve } from 'node:path';
import { extractRaw, type RawIssue } from './formats.js';
import { translateEntry } from './host-entries.js';
import { workspaceFolderOf, type HostName } from './hosts.js';
import { liftSecrets, SecretNames, type LiftedSecret } from './import-secrets.js';
import type { DocPath } from './paths.js';
import { COMMON_SERVER_KEYS, HOST_TYPES, suggestName } from './schema.js';

/** Where the host file is, and where the new config will be. */
export interface HostImportOptions {
  /** Absolute path of the host's file. */
  file: string;
  /** Read it as this host's file instead of detecting the host. */
  host?: HostName;
  /** Claude Code `~/.claude.json`: the project whose local servers come too. */
  project?: string;
  /** Absolute path of the mcp-bridge config to write. */
  out: string;
}

/** What {@link importHostDocument} made of a host file. */
export interface HostImport {
  host: HostName;
  /** The new config as plain values (`tools.mcp.servers`), for YAML. */
  config: { tools: { mcp: { servers: Record<string, unknown>[] } } };
  /** The imported servers, in file order, with where each entry was in the host document. */
  servers: { name: string; path: DocPath }[];
  /** Entries that stay with the host (mcp-bridge cannot run them), and why. */
  skipped: { name: string; path: DocPath; reason: string }[];
  /** Host keys mcp-bridge does not use, left out of the new entries. */
  dropped: { server: string; key: string }[];
  /** The inline secrets replaced by variables (their values only for --rewrite-host). */
  secrets: LiftedSecret[];
  /** VS Code `${input:id}` ids the servers use: serve reads each from `MCP_BRIDGE_INPUT_<ID>`. */
  inputs: string[];
}

type Entry = Record<string, unknown>;

const isObject = (v: unknown): v is Entry => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Our keys, carried as they are; host spellings of them are renamed below. */
const CARRIED: readonly string[] = COMMON_SERVER_KEYS.filter((k) => k !== 'type');

/** Translates every server of a parsed host document; `undefined` when it has no servers section. */
export function importHostDocument(root: unknown, options: HostImportOptions): HostImport | undefined {
  const issues: RawIssue[] = [];
  const found = extractRaw(root, issues, {
    file: options.file,
    ...(options.host ? { host: options.host } : {}),
    ...(options.project ? { project: options.project } : {}),
  });
  if (!found) return undefined;
  const result: HostImport = { host: found.host, config: { tools: { mcp: { servers: [] } } }, servers: [], skipped: [], dropped: [], secrets: [], inputs: [] };
  const names = new SecretNames();
  const hostDir = dirname(options.file);
  const outDir = dirname(options.out);
  // `${workspaceFolder}` in the host file is the folder above .vscode/ (and the like); in the new file
  // it would be the new file's folder, so it is written out when the two differ.
  const workspace = workspaceFolderOf(hostDir);
  const fixedWorkspace = workspace !== outDir ? workspace : undefined;
  for (const raw of found.entries) {
    const name = raw.key ?? (isObject(raw.value) && typeof raw.value.name === 'string' ? raw.value.name : suggestName(String(raw.path.at(-1))));
    const own: RawIssue[] = [];
    const translated = translateEntry(found.host, raw.value, raw.path, own);
    if (translated === undefined) {
      result.skipped.push({ name, path: raw.path, reason: own.at(-1)?.message ?? 'mcp-bridge cannot run this server' });
      continue;
    }
    if (!isObject(translated)) continue;
    const entry = ourEntry(name, translated, result.dropped);
    if (fixedWorkspace !== undefined) replaceStrings(entry, (s) => s.replaceAll('${workspaceFolder}', fixedWorkspace));
    if (hostDir !== outDir) {
      for (const key of ['cwd', 'envFile']) {
        const value = entry[key];
        if (typeof value === 'string' && !value.includes('${') && !isAbsolute(value)) entry[key] = resolve(hostDir, value);
      }
    }
    liftSecrets(name, entry, names);
    replaceStrings(entry, (s) => {
      for (const m of s.matchAll(/\$\{input:([^}]+)\}/g)) if (!result.inputs.includes(m[1]!)) result.inputs.push(m[1]!);
      return s;
    });
    result.config.tools.mcp.servers.push(entry);
    result.servers.push({ name, path: raw.path });
  }
  // Claude Code `~/.claude.json`: a user-level server this project replaced with its own stays for the other projects.
  if (found.host === 'claude-code' && isObject(root) && isObject(root.mcpServers)) {
    const imported = new Set(result.servers.map((s) => s.name));
    for (const key of Object.keys(root.mcpServers))
      if (imported.has(key) && !result.servers.some((s) => s.path.length === 2 && s.path[0] === 'mcpServers' && s.path[1] === key))
        result.skipped.push({
          name: key,
          path: ['mcpServers', key],
          reason: `a user-level server this project replaces with its own ${key}; kept for the other projects`,
        });
  }
  result.secrets = names.lifted;
  return result;
}

/** One translated entry in mcp-bridge spelling: `name` first, `transport` for `type`, `enabled` for `disabled`, `auth` for `oauth`. */
function ourEntry(name: string, translated: Entry, dropped: HostImport['dropped']): Entry {
  const entry: Entry = { name };
  for (const [key, value] of Object.entries(translated)) {
    if (value === undefined) continue;
    if (key === 'type' && typeof value === 'string') entry.transport = Object.hasOwn(HOST_TYPES, value) ? HOST_TYPES[value] : value;
    else if (key === 'disabled') {
      if (value === true && translated.enabled === undefined) entry.enabled = false;
    } else if (key === 'serverUrl') entry.url ??= value;
    else if (key === 'oauth') entry.auth ??= structuredClone(value);
    else if (CARRIED.includes(key)) entry[key] = structuredClone(value);
    else dropped.push({ server: name, key });
  }
  // The keys in the order a reader expects them, whatever order the host wrote them in.
  const rank = (key: string) => (KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : KEY_ORDER.length);
  return Object.fromEntries(Object.entries(entry).sort(([a], [b]) => rank(a) - rank(b)));
}

const KEY_ORDER = ['name', 'transport', 'command', 'args', 'env', 'envFile', 'cwd', 'inheritEnv', 'url', 'headers', 'auth'];

/** Applies `fn` to every string inside a value (object values and list items), in place. */
function replaceStrings(value: Entry | unknown[], fn: (s: string) => string): void {
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, v] of entries) {
    const set = (next: unknown) => (Array.isArray(value) ? (value[key as number] = next) : (value[key as string] = next));
    if (typeof v === 'string') set(fn(v));
    else if (Array.isArray(v) || isObject(v)) replaceStrings(v, fn);
  }
}
