// Parses the command line: global options, the subcommand, its positionals and flags.
import { UsageError } from './io.js';

export interface ParsedArgs {
  command?: string;
  positionals: string[];
  config?: string;
  json: boolean;
  format?: string;
  verbose: boolean;
  quiet: boolean;
  help: boolean;
  /** `--version`: print the version and exit. */
  version: boolean;
  /** Arguments after `--` (record: the server command line). */
  rest: string[];
  out?: string;
  timeout?: string;
  /** `--server NAME` (repeatable, or comma-separated): start only these servers of the config. */
  servers: string[];
  /** `--from HOST`: read that host's config file (claude-desktop, cursor, vscode, gemini, codex...). */
  from?: string;
  /** `-e KEY=VALUE` (repeatable): environment of an ad-hoc stdio server. */
  envs: string[];
  /** `-H 'Name: value'` (repeatable): headers of an ad-hoc URL server. */
  headers: string[];
  /** `--transport`: of an ad-hoc server (stdio, http, sse, streamable-http, auto). */
  transport?: string;
  /** auth login: the scopes to ask for (space-separated). */
  scope?: string;
}

const VALUE_FLAGS = new Set([
  '--config',
  '-c',
  '--format',
  '--out',
  '--timeout',
  '--server',
  '-s',
  '--from',
  '-e',
  '--env',
  '-H',
  '--header',
  '--transport',
  '-t',
  '--scope',
]);

/** Parses argv (without node and the script). @throws UsageError */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const parsed: ParsedArgs = {
    positionals: [],
    json: false,
    verbose: false,
    quiet: false,
    help: false,
    version: false,
    rest: [],
    servers: [],
    envs: [],
    headers: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      parsed.rest = argv.slice(i + 1);
      break;
    }
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (VALUE_FLAGS.has(flag)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      if (flag === '--config' || flag === '-c') parsed.config = value;
      else if (flag === '--format') parsed.format = value;
      else if (flag === '--out') parsed.out = value;
      else if (flag === '--server' || flag === '-s')
        parsed.servers.push(
          ...value
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v !== ''),
        );
      else if (flag === '--from') parsed.from = value;
      else if (flag === '-e' || flag === '--env') parsed.envs.push(value);
      else if (flag === '-H' || flag === '--header') parsed.headers.push(value);
      else if (flag === '--transport' || flag === '-t') parsed.transport = value;
      else if (flag === '--scope') parsed.scope = value;
      else parsed.timeout = value;
      continue;
    }
    switch (flag) {
      case '--json':
        parsed.json = true;
        break;
      case '--verbose':
      case '-v':
        parsed.verbose = true;
        break;
      case '--quiet':
      case '-q':
        parsed.quiet = true;
        break;
      case '--help':
      case '-h':
        parsed.help = true;
        break;
      case '--version':
        parsed.version = true;
        break;
      default:
        if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg)) throw new UsageError(`unknown option ${arg}`);
        if (parsed.command === undefined) parsed.command = arg;
        else parsed.positionals.push(arg);
    }
  }
  return parsed;
}

export const USAGE = `Usage: mcp-bridge [--config FILE | --from HOST] [--server NAME] <command> [options]
       mcp-bridge <command> [options] -- CMD [ARGS...]     one stdio server, no config file
       mcp-bridge <command> URL [options]                   one remote server, no config file

Commands:
  tools [--json] [--format mcp|openai|anthropic|gemini]   the tools as the LLM sees them
  call TOOL [ARGS_JSON | key=value key:=JSON ... | -]     run one tool and print its result (- reads JSON from stdin)
  doctor                                                  check every server: state, version, tools, ping
  demo [TOOL] [ARGS_JSON]                                 show servers and tools, then run one call
  conformance URL                                         client entry for the official MCP conformance suite
  record --out FILE -- CMD [ARGS...]                      record a stdio session as a trace (transparent proxy)
  auth login SERVER [--scope "A B"]                       OAuth login for an HTTP server (browser, device or paste)
  auth status [SERVER] [--json]                           what is stored per server (never the tokens)
  auth logout SERVER                                      revoke (where offered) and delete the stored tokens
  resources [SERVER] [--json]                             resources and URI templates of each server
  read URI [--server S] [--out FILE]                      read a resource (binary only to --out or a pipe)
  prompts [SERVER] [--json]                               prompts of each server, with their arguments
  prompt NAME [ARGS_JSON | key=value ...] [--server S]    fill in a prompt and print its messages
  complete prompt NAME ARG [VALUE] [key=value ...]        completion suggestions for a prompt argument
  complete resource URI_TEMPLATE ARG [VALUE]              ... or for a resource-template variable

Options:
  --config, -c FILE   config file: mcp-bridge.yaml or any host's (Claude, Cursor, VS Code, gemini-cli,
                      Cline, Roo, Windsurf, Zed, Continue, OpenCode, Goose, Codex config.toml)
                      default: the first of ./mcp-bridge.yaml, ./.mcp.json, ./.vscode/mcp.json,
                      ./.cursor/mcp.json, ./.gemini/settings.json, the Claude Desktop config
  --from HOST         use HOST's config file: claude-desktop, claude-code, cursor, vscode, gemini, codex
  --server, -s NAME   start only this server (repeat it, or NAME,NAME)
  -e KEY=VALUE        environment of an ad-hoc stdio server (repeatable)
  -H 'Name: value'    header of an ad-hoc URL server (repeatable)
  --transport, -t T   transport of an ad-hoc server: stdio, http, sse, streamable-http
  --timeout DURATION  per-call timeout for 'call' (e.g. 30s)
  --out FILE          where 'read' writes the resource's bytes ('record': the trace)
  --verbose, -v       log what servers write to stderr
  --quiet, -q         no progress lines on stderr
  --help, -h          this text
  --version           print the version of mcp-bridge

Exit codes: 0 success, 1 the tool returned an error, 2 bad usage or config, 3 a server could not be started or reached,
4 authorization missing or refused (run mcp-bridge auth login SERVER).
`;
