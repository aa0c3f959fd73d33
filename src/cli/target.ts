// Which servers a CLI command runs: one given on the command line (`-- CMD ARGS`, or a URL), a
// config file (`--config`, `--from HOST`, else the first one found in the usual places), narrowed
// by `--server`. Ad-hoc servers go through the same config validation as a file's.

import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseConfig } from '../config/index.js';
import { loadConfigAsking } from './input-prompt.js';
import type { HostName } from '../config/hosts.js';
import { suggestName } from '../config/schema.js';
import type { BridgeConfig } from '../config/types.js';
import type { ParsedArgs } from './args.js';
import { UsageError, type CliIo } from './io.js';

/** `--from` names: the host, and where its file lives (project first, then the user's). */
const FROM: Record<string, { host: HostName; files: (cwd: string, home: string, env: CliIo['env']) => string[] }> = {
  'claude-desktop': { host: 'claude-desktop', files: (_c, home, env) => claudeDesktopFiles(home, env) },
  'claude-code': { host: 'claude-code', files: (cwd, home) => [join(cwd, '.mcp.json'), join(home, '.claude.json')] },
  cursor: { host: 'cursor', files: (cwd, home) => [join(cwd, '.cursor', 'mcp.json'), join(home, '.cursor', 'mcp.json')] },
  vscode: { host: 'vscode', files: (cwd) => [join(cwd, '.vscode', 'mcp.json')] },
  gemini: { host: 'gemini-cli', files: (cwd, home) => [join(cwd, '.gemini', 'settings.json'), join(home, '.gemini', 'settings.json')] },
  codex: { host: 'codex', files: (cwd, home) => [join(cwd, '.codex', 'config.toml'), join(home, '.codex', 'config.toml')] },
  windsurf: { host: 'windsurf', files: (_c, home) => [join(home, '.codeium', 'windsurf', 'mcp_config.json')] },
};

/** The host a `--from` name reads. @throws UsageError for an unknown name */
export function fromHost(name: string): HostName {
  const from = FROM[name];
  if (!from) throw new UsageError(`--from must be one of ${Object.keys(FROM).join(', ')} (got "${name}")`);
  return from.host;
}

function claudeDesktopFiles(home: string, env: CliIo['env']): string[] {
  const files = [
    join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json'),
    join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Claude', 'claude_desktop_config.json'),
  ];
  if (env.APPDATA) files.unshift(join(env.APPDATA, 'Claude', 'claude_desktop_config.json'));
  return files;
}

/** Where to look when neither `--config` nor `--from` is given, in order. */
function discoveryOrder(cwd: string, home: string, env: CliIo['env']): string[] {
  return [
    join(cwd, 'mcp-bridge.yaml'),
    join(cwd, 'mcp-bridge.yml'),
    join(cwd, '.mcp.json'),
    join(cwd, '.vscode', 'mcp.json'),
    join(cwd, '.cursor', 'mcp.json'),
    join(cwd, '.gemini', 'settings.json'),
    ...claudeDesktopFiles(home, env),
  ];
}

/** The config file to use: `--config`, then `--from`, then the first file found (./mcp-bridge.yaml when none is). */
export function configPath(args: ParsedArgs, io: CliIo): string {
  if (args.config !== undefined) return resolve(io.cwd, args.config);
  const home = io.env.HOME ?? io.env.USERPROFILE ?? io.cwd;
  if (args.from !== undefined) {
    const from = FROM[args.from];
    if (!from) throw new UsageError(`--from must be one of ${Object.keys(FROM).join(', ')} (got "${args.from}")`);
    const files = from.files(io.cwd, home, io.env);
    const found = files.find((f) => existsSync(f));
    if (!found) throw new UsageError(`no ${args.from} config file found; looked for ${files.join(', ')}`);
    return found;
  }
  return discoveryOrder(io.cwd, home, io.env).find((f) => existsSync(f)) ?? join(io.cwd, 'mcp-bridge.yaml');
}

const URL_TARGET = /^https?:\/\//i;

/** Takes an ad-hoc URL target off the positionals (the first one that is an http(s) URL). */
function takeUrlTarget(args: ParsedArgs): string | undefined {
  const i = args.positionals.findIndex((p) => URL_TARGET.test(p));
  if (i < 0) {
    const first = args.positionals[0];
    if (first !== undefined && SCHEMELESS.test(first))
      throw new UsageError(`"${first}" looks like a URL without its scheme: write http://${first} (or https:// for TLS)`);
    return undefined;
  }
  const url = args.positionals.splice(i, 1)[0]!;
  try {
    new URL(url);
  } catch {
    throw new UsageError(`"${url}" is not a valid URL`);
  }
  return url;
}

/** `localhost:3000/mcp`, `127.0.0.1:8080`, `mcp.example.com/mcp`: a host (with a port or a path) and no scheme. */
const SCHEMELESS = /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d+(?:\/\S*)?|\/\S*)$/i;

/** The servers of this invocation, loaded and validated, with `--server` applied. */
export async function resolveServers(args: ParsedArgs, io: CliIo): Promise<BridgeConfig> {
  const url = takeUrlTarget(args);
  const adHoc = url !== undefined || args.rest.length > 0;
  if (adHoc && (args.config !== undefined || args.from !== undefined))
    throw new UsageError('give either a server on the command line or --config/--from, not both');
  if (!adHoc && (args.envs.length > 0 || args.headers.length > 0 || args.transport !== undefined)) {
    throw new UsageError('-e, -H and --transport describe a server given on the command line (-- CMD ARGS, or a URL)');
  }
  const config = adHoc
    ? adHocConfig(args, io, url)
    : await loadConfigAsking(
        configPath(args, io),
        { env: io.env, ...(args.from ? { host: FROM[args.from]!.host } : {}), ...(args.servers.length > 0 ? { only: args.servers } : {}) },
        io.promptInput,
      );
  if (args.servers.length === 0) return config;
  const names = config.servers.map((s) => s.name);
  const unknown = args.servers.filter((n) => !names.includes(n));
  if (unknown.length > 0)
    throw new UsageError(`--server: no server named ${unknown.map((n) => `"${n}"`).join(', ')} in ${config.file} (servers: ${names.join(', ') || 'none'})`);
  return { ...config, servers: config.servers.filter((s) => args.servers.includes(s.name)) };
}

function adHocConfig(args: ParsedArgs, io: CliIo, url: string | undefined): BridgeConfig {
  if (url !== undefined && args.rest.length > 0) throw new UsageError('give either a URL or -- CMD ARGS, not both');
  const env = Object.fromEntries(
    args.envs.map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw new UsageError(`-e takes KEY=VALUE (got "${pair.split('=')[0]}")`);
      return [pair.slice(0, at), literal(pair.slice(at + 1))];
    }),
  );
  const headers = Object.fromEntries(
    args.headers.map((line) => {
      const at = line.indexOf(':');
      if (at <= 0) throw new UsageError('-H takes "Name: value"');
      return [line.slice(0, at).trim(), literal(line.slice(at + 1).trim())];
    }),
  );
  const transport = args.transport === 'http' ? 'auto' : args.transport;
  const server: Record<string, unknown> =
    url !== undefined
      ? { name: suggestName(new URL(url).hostname), url: literal(url), headers, ...(transport ? { transport } : {}) }
      : {
          name: suggestName(basename(args.rest[0]!)),
          command: literal(args.rest[0]!),
          args: args.rest.slice(1).map(literal),
          env,
          // As Claude Code and Cursor start theirs: the user's exported environment, unless --no-pass-env.
          inheritEnv: args.passEnv,
          ...(transport ? { transport } : {}),
        };
  const text = JSON.stringify({ tools: { mcp: { servers: [server] } } });
  return parseConfig(text, { file: join(io.cwd, '(command line)'), env: io.env });
}

/** Command-line values are taken as typed: no `${VAR}` expansion (the shell already did its own). */
export function literal(value: string): string {
  // A function, not a replacement string: there `$$` means one `$`, and '$${' would give back `${`.
  return value.replace(/\$\{/g, () => '$${');
}
