// The one entry a host needs once its servers live in an mcp-bridge config: `mcp-bridge serve
// --config FILE`, in that host's own spelling, and the host document with it in place of the
// servers that were imported (those mcp-bridge cannot run stay where they were). Pure.

import type { HostName } from './hosts.js';
import type { DocPath } from './paths.js';

/** The name of the entry in the host's file. */
export const SERVE_ENTRY_NAME = 'mcp-bridge';

/** What the host runs: a command line, and variables it hands to serve. */
export interface ServeCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Variables of the host's own environment serve reads: hosts that pass only a few (Codex, Goose) are told to pass these. */
  passThrough: string[];
}

/** The command line of the entry: npx, so the host needs nothing installed but Node. */
export function serveCommand(configFile: string, env: Record<string, string> = {}, passThrough: string[] = []): ServeCommand {
  return { command: 'npx', args: ['-y', 'mcp-bridge', 'serve', '--config', configFile], env, passThrough };
}

type Entry = Record<string, unknown>;
const isObject = (v: unknown): v is Entry => typeof v === 'object' && v !== null && !Array.isArray(v);
const withEnv = (key: string, env: Record<string, string>): Entry => (Object.keys(env).length > 0 ? { [key]: env } : {});

/** The entry as the host spells it (its name is {@link SERVE_ENTRY_NAME}, or the `name` field in list hosts). */
export function hostServeEntry(host: HostName, cmd: ServeCommand): Entry {
  const { command, args, env, passThrough } = cmd;
  const pass = (key: string): Entry => (passThrough.length > 0 ? { [key]: passThrough } : {});
  switch (host) {
    case 'vscode':
      return { type: 'stdio', command, args, ...withEnv('env', env) };
    case 'zed':
      return { source: 'custom', command, args, ...withEnv('env', env) };
    case 'opencode':
      return { type: 'local', command: [command, ...args], ...withEnv('environment', env), enabled: true };
    case 'goose':
      // Goose waits `timeout` seconds for an extension; serve starts every backend first.
      return { name: SERVE_ENTRY_NAME, type: 'stdio', cmd: command, args, ...withEnv('envs', env), ...pass('env_keys'), enabled: true, timeout: 300 };
    case 'continue':
      return { name: SERVE_ENTRY_NAME, command, args, ...withEnv('env', env) };
    case 'codex':
      // Codex waits 10 s by default for a server to start; serve starts every backend first.
      return { command, args, ...withEnv('env', env), ...pass('env_vars'), startup_timeout_sec: 60 };
    default:
      return { command, args, ...withEnv('env', env) };
  }
}

/** Where the host keeps its server map (or list), when the imported entries do not say. */
function defaultSection(host: HostName): DocPath {
  switch (host) {
    case 'vscode':
      return ['servers'];
    case 'zed':
      return ['context_servers'];
    case 'opencode':
      return ['mcp'];
    case 'goose':
      return ['extensions'];
    case 'codex':
      return ['mcp_servers'];
    default:
      return ['mcpServers'];
  }
}

/**
 * The host document with the imported entries removed and the serve entry added in their section
 * (Claude Code: the user-level `mcpServers`, which every project sees). Everything else is kept.
 */
export function rewriteHostDocument(host: HostName, root: Entry, imported: DocPath[], entry: Entry): Entry {
  const doc = structuredClone(root);
  const lists = new Map<unknown[], number[]>();
  for (const path of imported) {
    const parent = at(doc, path.slice(0, -1));
    const last = path.at(-1)!;
    if (Array.isArray(parent) && typeof last === 'number') lists.set(parent, [...(lists.get(parent) ?? []), last]);
    else if (isObject(parent)) delete parent[String(last)];
  }
  for (const [list, indexes] of lists) for (const i of indexes.sort((a, b) => b - a)) list.splice(i, 1);
  const first = imported[0];
  const section = host === 'claude-code' || first === undefined ? defaultSection(host) : first.slice(0, -1);
  const container = ensure(doc, section, host === 'continue');
  if (Array.isArray(container)) container.push(entry);
  else container[SERVE_ENTRY_NAME] = entry;
  return doc;
}

function at(doc: unknown, path: DocPath): unknown {
  let node = doc;
  for (const seg of path) node = Array.isArray(node) ? node[Number(seg)] : isObject(node) ? node[String(seg)] : undefined;
  return node;
}

function ensure(doc: Entry, path: DocPath, list: boolean): Entry | unknown[] {
  let node: Entry = doc;
  path.forEach((seg, i) => {
    const key = String(seg);
    const last = i === path.length - 1;
    if (last && list) {
      if (!Array.isArray(node[key])) node[key] = [];
    } else if (!isObject(node[key])) node[key] = {};
    node = node[key] as Entry;
  });
  return node;
}

/** A TOML basic string. */
function tomlString(s: string): string {
  return JSON.stringify(s).replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** Codex's table for the serve entry, as TOML text. */
export function codexServeTable(entry: Entry): string {
  const lines = [`[mcp_servers.${SERVE_ENTRY_NAME}]`];
  for (const [key, value] of Object.entries(entry)) {
    if (typeof value === 'string') lines.push(`${key} = ${tomlString(value)}`);
    else if (typeof value === 'number') lines.push(`${key} = ${value}`);
    else if (Array.isArray(value)) lines.push(`${key} = [${value.map((v) => tomlString(String(v))).join(', ')}]`);
    else if (isObject(value))
      lines.push(
        `${key} = { ${Object.entries(value)
          .map(([k, v]) => `${/^[A-Za-z0-9_-]+$/.test(k) ? k : tomlString(k)} = ${tomlString(String(v))}`)
          .join(', ')} }`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Codex `config.toml` with the tables of the imported servers removed and the serve table appended,
 * edited as text so the rest of the file (comments included) stays as written. The caller parses the
 * result to check nothing else changed.
 */
export function rewriteCodexText(text: string, importedNames: string[], entry: Entry): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  let dropping = false;
  for (const line of lines) {
    const header = /^\s*\[\s*mcp_servers\s*\.\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*(?:\.[^\]]*)?\]\s*(?:#.*)?$/.exec(line);
    if (header) {
      const raw = header[1]!;
      const name = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.startsWith("'") ? raw.slice(1, -1) : raw;
      dropping = importedNames.includes(name) || name === SERVE_ENTRY_NAME;
    } else if (/^\s*\[/.test(line)) dropping = false;
    if (!dropping) kept.push(line);
  }
  const body = kept.join('\n').replace(/\n+$/, '');
  return `${body}${body === '' ? '' : '\n\n'}${codexServeTable(entry)}`;
}
