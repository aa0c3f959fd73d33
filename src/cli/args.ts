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
}

const VALUE_FLAGS = new Set(['--config', '-c', '--format', '--out', '--timeout']);

/** Parses argv (without node and the script). @throws UsageError */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const parsed: ParsedArgs = { positionals: [], json: false, verbose: false, quiet: false, help: false, version: false, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') { parsed.rest = argv.slice(i + 1); break; }
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (VALUE_FLAGS.has(flag)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      if (flag === '--config' || flag === '-c') parsed.config = value;
      else if (flag === '--format') parsed.format = value;
      else if (flag === '--out') parsed.out = value;
      else parsed.timeout = value;
      continue;
    }
    switch (flag) {
      case '--json': parsed.json = true; break;
      case '--verbose': case '-v': parsed.verbose = true; break;
      case '--quiet': case '-q': parsed.quiet = true; break;
      case '--help': case '-h': parsed.help = true; break;
      case '--version': parsed.version = true; break;
      default:
        if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg)) throw new UsageError(`unknown option ${arg}`);
        if (parsed.command === undefined) parsed.command = arg;
        else parsed.positionals.push(arg);
    }
  }
  return parsed;
}

export const USAGE = `Usage: mcp-bridge [--config FILE] <command> [options]

Commands:
  tools [--json] [--format mcp|openai|anthropic|gemini]   the tools as the LLM sees them
  call TOOL [ARGS_JSON] [--json]                          run one tool and print its result
  doctor                                                  check every server: state, version, tools, ping
  demo [TOOL] [ARGS_JSON]                                 show servers and tools, then run one call
  conformance URL                                         client entry for the official MCP conformance suite
  record --out FILE -- CMD [ARGS...]                      record a stdio session as a trace (transparent proxy)

Options:
  --config, -c FILE   config file (mcp-bridge.yaml, Claude Desktop / Cursor JSON, VS Code mcp.json)
                      default: ./mcp-bridge.yaml
  --timeout DURATION  per-call timeout for 'call' (e.g. 30s)
  --verbose, -v       log what servers write to stderr
  --quiet, -q         no progress lines on stderr
  --help, -h          this text
  --version           print the version of mcp-bridge

Exit codes: 0 success, 1 the tool returned an error, 2 bad usage or config, 3 a server could not be started or reached.
`;
