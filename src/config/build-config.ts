// Turns a parsed document into the BridgeConfig: the format's entries, each server normalised,
// names checked for duplicates. Apart from load.ts because it needs no parser, only plain data.

import { nodeFs as fs } from '../util/node-fs.js';
import { extractEntries, isObject, type RawIssue } from './formats.js';
import { workspaceFolderOf } from './hosts.js';
import { FieldReader } from './field-reader.js';
import { formatPath, type DocPath, type Locator } from './paths.js';
import { normalizeServer, type ServerContext } from './server.js';
import { readSharedSettings } from './shared-keys.js';
import type { BridgeConfig, ConfigOptions, ServerConfig } from './types.js';
import { dirname } from '../util/node-path.js';

export function buildConfig(
  root: unknown,
  issues: RawIssue[],
  base: { file: string; locator: Locator; env: Readonly<Record<string, string | undefined>>; options: ConfigOptions },
): BridgeConfig | undefined {
  const { host, project, inputs } = base.options;
  const extracted = extractEntries(root, issues, { file: base.file, ...(host ? { host } : {}), ...(project !== undefined ? { project } : {}) });
  if (!extracted) return undefined;
  const configDir = dirname(base.file);
  const ctx: ServerContext = {
    format: extracted.format,
    file: base.file,
    configDir,
    workspaceFolder: workspaceFolderOf(configDir),
    env: base.env,
    ...(inputs ? { inputs } : {}),
    passwordInputs: passwordInputIds(root),
    locator: base.locator,
    issues,
    readTextFile: (p) => fs().readFileSync(p, 'utf8'),
  };
  // `tools.mcp.secrets`: values masked for every server, as if listed under each entry's `secrets`.
  const shared = extracted.shared ? new FieldReader(ctx, extracted.shared.path, extracted.shared.value, true) : undefined;
  const sharedSecrets = shared ? [...shared.stringList('secrets', true).filter((v) => v !== ''), ...shared.secrets] : [];
  const settings = extracted.shared ? readSharedSettings(ctx, extracted.shared.path, extracted.shared.value) : {};
  // A server without its own maxResultChars takes the file-wide budget, in characters.
  const sharedChars = settings.maxResultTokens === undefined ? undefined : settings.maxResultTokens * CHARS_PER_TOKEN;
  const servers: ServerConfig[] = [];
  const seen = new Map<string, DocPath>();
  const only = base.options.only;
  for (const entry of extracted.entries) {
    const name = entry.key ?? (isObject(entry.value) && typeof entry.value.name === 'string' ? entry.value.name : undefined);
    // An entry the caller does not use may be broken without failing the load: its problems go nowhere.
    const unused = only !== undefined && (name === undefined || !only.includes(name));
    const server = normalizeServer(entry, unused ? { ...ctx, issues: [] } : ctx);
    if (server) {
      if (sharedSecrets.length > 0) server.secrets = [...new Set([...(server.secrets ?? []), ...sharedSecrets])];
      if (sharedChars !== undefined && !(isObject(entry.value) && entry.value.maxResultChars != null)) server.maxResultChars = sharedChars;
      servers.push(server);
    }
    if (name === undefined || unused) continue;
    const first = seen.get(name);
    if (first === undefined) seen.set(name, entry.path);
    else {
      const line = base.locator.position(first)?.line;
      issues.push({
        path: [...entry.path, 'name'],
        message: `duplicate server name "${name}" (first used at ${formatPath(first)}${line ? `, line ${line}` : ''})`,
        hint: 'server names must be unique: rename one',
      });
    }
  }
  // A profile naming a server the file does not have would silently serve nothing of it.
  for (const [name, profile] of Object.entries(settings.profiles ?? {})) {
    profile.servers?.forEach((server, i) => {
      if (seen.has(server) || extracted.shared === undefined) return;
      issues.push({
        path: [...extracted.shared.path, 'profiles', name, 'servers', i],
        message: `profile "${name}" names server "${server}", which the file does not define`,
        hint: `servers: ${[...seen.keys()].join(', ') || '(none)'}`,
      });
    });
  }
  return { file: base.file, format: extracted.format, host: extracted.host, enabled: extracted.enabled, servers, ...settings };
}

/** The registry's estimate: about 4 characters a token. */
const CHARS_PER_TOKEN = 4;

/** Ids of VS Code's top-level `inputs` declared `"password": true` (prompts whose answers are secrets). */
function passwordInputIds(root: unknown): Set<string> {
  const ids = new Set<string>();
  const inputs = isObject(root) ? root.inputs : undefined;
  if (!Array.isArray(inputs)) return ids;
  for (const input of inputs) if (isObject(input) && input.password === true && typeof input.id === 'string') ids.add(input.id);
  return ids;
}
