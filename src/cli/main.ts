#!/usr/bin/env node
// The mcp-bridge command: parses arguments, dispatches to a subcommand, maps failures to exit codes.
// `run(argv, io)` is the whole program, so tests drive it in-process as well as in a child.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMcpBridgeError } from '../../protocol/errors/base.js';
import { isMcpError } from '../../protocol/errors/peer-error.js';
import { parseArgs, suggestCommand, type ParsedArgs } from './args.js';
import { commandSpec } from './command-table.js';
import { commandHelp, globalHelp } from './help.js';
import { LIBRARY_VERSION } from '../version.js';
import { ExitCode, firstLine, isAuthFailure, UsageError, type CliIo } from './io.js';

/** Error codes that mean the user must fix the invocation or the config (exit 2). */
const USAGE_CODES = new Set([
  'MCPB_SERVE_TOKEN_REQUIRED',
  'MCPB_CONFIG_INVALID',
  'MCPB_CONFIG_NOT_FOUND',
  'MCPB_CONFIG_UNREADABLE',
  'MCPB_INVALID_OPTIONS',
  'MCPB_PIN_LOCK_INVALID',
  'MCPB_PIN_LOCK_MISSING',
]);

type Command = (args: ParsedArgs, io: CliIo) => Promise<number>;

// Loaded on demand: `tools` never pays for the recorder, `conformance` never for the config loader.
const COMMANDS: Record<string, () => Promise<Command>> = {
  tools: async () => (await import('./commands/tools.js')).toolsCommand,
  search: async () => (await import('./commands/search.js')).searchCommand,
  call: async () => (await import('./commands/call.js')).callCommand,
  doctor: async () => (await import('./commands/doctor.js')).doctorCommand,
  scan: async () => (await import('./commands/scan.js')).scanCommand,
  demo: async () => (await import('./commands/demo.js')).demoCommand,
  conformance: async () => (await import('./commands/conformance.js')).conformanceCommand,
  record: async () => (await import('./commands/record.js')).recordCommand,
  auth: async () => (await import('./commands/auth.js')).authCommand,
  resources: async () => (await import('./commands/resources.js')).resourcesCommand,
  read: async () => (await import('./commands/resources.js')).readCommand,
  prompts: async () => (await import('./commands/prompts.js')).promptsCommand,
  prompt: async () => (await import('./commands/prompts.js')).promptCommand,
  complete: async () => (await import('./commands/prompts.js')).completeCommand,
  skills: async () => (await import('./commands/skills.js')).skillsCommand,
  skill: async () => (await import('./commands/skills.js')).skillCommand,
  pin: async () => (await import('./commands/pin.js')).pinCommand,
  serve: async () => (await import('./commands/serve.js')).serveCommand,
  import: async () => (await import('./commands/import.js')).importCommand,
};

// `serve` stops on a signal by itself: its clients get their streams ended and its servers a clean
// close, instead of the immediate kill the other commands want.
const OWN_SIGNALS = new Set(['serve']);

/**
 * Runs the CLI; resolves with the exit code. Never throws. `prepare` runs just before a command
 * (never for usage or help), so `--help` loads nothing beyond the argument parser.
 */
export async function run(argv: readonly string[], io: CliIo, prepare?: () => Promise<void>): Promise<number> {
  let args: ParsedArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    io.stderr(`mcp-bridge: ${(error as Error).message}\n${helpPointer(argv)}`);
    return ExitCode.usage;
  }
  if (args.version && args.command === undefined) {
    io.stdout(`${LIBRARY_VERSION}\n`);
    return ExitCode.ok;
  }
  // `mcp-bridge help CMD` and `mcp-bridge CMD --help` print the command's own page.
  const topic = args.command === 'help' ? args.positionals[0] : args.help ? args.command : undefined;
  if (topic !== undefined) {
    const spec = commandSpec(topic);
    if (!spec) return unknownCommand(topic, io);
    io.stdout(commandHelp(spec));
    return ExitCode.ok;
  }
  if (args.help || args.command === undefined || args.command === 'help') {
    (args.command === undefined && !args.help ? io.stderr : io.stdout)(globalHelp());
    return args.command === undefined && !args.help ? ExitCode.usage : ExitCode.ok;
  }
  const load = COMMANDS[args.command];
  if (!load) return unknownCommand(args.command, io);
  try {
    if (!OWN_SIGNALS.has(args.command)) await prepare?.();
    return await (await load())(args, io);
  } catch (error) {
    return reportFailure(error, io, args.verbose);
  }
}

function unknownCommand(word: string, io: CliIo): number {
  const match = suggestCommand(word);
  io.stderr(`mcp-bridge: unknown command "${word}"${match ? `; did you mean "${match}"?` : ''}\nRun mcp-bridge --help for the list of commands.\n`);
  return ExitCode.usage;
}

/** Where to read more after a usage mistake: the command's own help when one was named. */
function helpPointer(argv: readonly string[]): string {
  const command = argv.find((a) => commandSpec(a) !== undefined);
  return `Run mcp-bridge ${command ? `${command} ` : ''}--help for the options.\n`;
}

function reportFailure(error: unknown, io: CliIo, verbose: boolean): number {
  if (error instanceof UsageError) {
    io.stderr(`mcp-bridge: ${error.message}\n`);
    return ExitCode.usage;
  }
  if (isMcpBridgeError(error)) {
    io.stderr(`mcp-bridge: ${error.message}\n${verbose && error.stack ? error.stack + '\n' : ''}`);
    return USAGE_CODES.has(error.code) ? ExitCode.usage : isAuthFailure(error) ? ExitCode.authFailed : ExitCode.serverFailed;
  }
  // The server refused the request (unknown prompt, missing argument...): its own words, exit 3.
  if (isMcpError(error)) {
    io.stderr(`mcp-bridge: ${error.message}\n`);
    return ExitCode.serverFailed;
  }
  io.stderr(`mcp-bridge: unexpected failure: ${verbose && error instanceof Error ? error.stack : firstLine(error)}\n`);
  return ExitCode.serverFailed;
}

function isMain(): boolean {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

// The CLI owns the process, so it may turn SIGINT/SIGTERM into "stop every server tree, then exit".
async function installSignals(): Promise<void> {
  (await import('../transports/stdio/signal-cleanup.js')).installSignalCleanup();
}

if (isMain()) {
  // `mcp-bridge tools | head`: a reader that went away ends the output, not the process with a stack.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exitCode ??= 0;
    else throw error;
  });
  let hurry = false;
  const code = await run(
    process.argv.slice(2),
    {
      hurryExit: () => {
        hurry = true;
      },
      stdout: (t) => process.stdout.write(t),
      stderr: (t) => process.stderr.write(t),
      env: process.env,
      cwd: process.cwd(),
      isTTY: process.stderr.isTTY,
      readStdin: async () => {
        let text = '';
        for await (const chunk of process.stdin) text += String(chunk);
        return text;
      },
      stdoutIsTTY: process.stdout.isTTY,
      stdoutBytes: (data) => process.stdout.write(data),
      ...(process.stdin.isTTY && process.stderr.isTTY
        ? { promptInput: async (q: string, hidden: boolean) => (await import('./input-prompt.js')).askOnTerminal(process.stdin, process.stderr)(q, hidden) }
        : {}),
    },
    installSignals,
  );
  process.exitCode = code;
  // A stuck server (a call that timed out) is not waited for: the exit hook kills what is left.
  if (hurry) process.stdout.write('', () => process.exit(code));
  // Every server was stopped by the command; should a stray handle still hold the event loop, the
  // CLI exits anyway rather than hang (the exit hook then kills any child left).
  setTimeout(() => process.exit(code), 3000).unref();
}
