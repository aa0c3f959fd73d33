// `mcp-bridge call TOOL [ARGS]`: runs one tool through the registry and prints its result. The
// tool's own output goes to stdout; what mcp-bridge says about the call (refused arguments, a
// timeout, a server gone) goes to stderr, with an exit code per kind (see command-table.ts).
import { parseDuration } from '../../config/index.js';
import type { Progress } from '../../../protocol/index.js';
import type { ToolResult } from '../../bridge/types.js';
import type { ParsedArgs } from '../args.js';
import { readArguments, toArguments } from '../call-arguments.js';
import { cliConfirm } from '../confirm-prompt.js';
import { startServers } from '../start-servers.js';
import { resolveServers } from '../target.js';
import { ExitCode, isAuthFailure, UsageError, type CliIo } from '../io.js';

/** What the call pipeline's governing steps refuse with before anything is sent: exit 5, as invalid arguments. */
const REFUSED_BEFORE_SENDING: ReadonlySet<string> = new Set(['MCPB_POLICY_DENIED', 'MCPB_NOT_CONFIRMED', 'MCPB_TOOL_CHANGED', 'MCPB_TOOL_FLAGGED']);

export { parseArgsJson } from '../call-arguments.js';

/** How long a stuck server gets to stop before the CLI exits anyway (the exit hook SIGKILLs its tree). */
const STUCK_CLOSE_MS = 200;

/** Causes that mean the call ran out of time. */
const TIMEOUT_CODES = new Set(['MCPB_REQUEST_TIMEOUT']);

export async function callCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  // The target comes off the positionals first (a URL), so TOOL is the first of what is left.
  const config = await resolveServers(args, io);
  const [tool, ...rest] = args.positionals;
  if (!tool) throw new UsageError('call needs a tool name: mcp-bridge call TOOL [key=value ... | ARGS_JSON]');
  const raw = await readArguments(rest, io);
  const timeoutMs = args.timeout === undefined ? undefined : parseDuration(args.timeout);
  const { manager, registry, summary, io: out } = await startServers(args, io, config);
  io = out;
  let stuck = false;
  // The server of a call that timed out is likely stuck: its polite shutdown (stdin, then SIGTERM)
  // could take seconds, so the CLI waits a moment and leaves the rest to the exit hook's SIGKILL.
  const closeServers = async () => {
    if (!stuck || !io.hurryExit) return manager.close();
    io.hurryExit();
    await Promise.race([manager.close(), new Promise((resolve) => setTimeout(resolve, STUCK_CLOSE_MS).unref())]);
  };
  try {
    if (!registry.has(tool) && summary.failed.length > 0) {
      io.stderr(`mcp-bridge: tool "${tool}" is not available; ${summary.failed.length} server(s) failed to start (run \`mcp-bridge doctor\`)\n`);
      const auth = summary.failed.filter((f) => isAuthFailure(f.error));
      for (const f of auth) io.stderr(`  ${f.server}: ${f.error instanceof Error ? f.error.message : String(f.error)}\n`);
      return auth.length > 0 ? ExitCode.authFailed : ExitCode.serverFailed;
    }
    const toolArgs = toArguments(raw, registry.get(tool)?.inputSchema);
    const progress = progressLine(io, args);
    let result: ToolResult;
    try {
      result = await registry.execute(tool, toolArgs, {
        entry: 'cli',
        // A tool the policy says to confirm: asked on the terminal, yes with --yes, else refused.
        onConfirm: cliConfirm(io, args.yes),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(progress ? { onProgress: progress.show } : {}),
      });
    } finally {
      progress?.clear();
    }
    const code = result.error?.code;
    const timedOut = code === 'MCPB_TOOL_CALL_FAILED' && TIMEOUT_CODES.has(result.error?.causeCode ?? '');
    if (args.json) io.stdout(JSON.stringify(timedOut ? { ...result, error: { ...result.error, code: result.error!.causeCode } } : result, null, 2) + '\n');
    if (code === 'MCPB_TOOL_NOT_FOUND') {
      // A tool name that does not exist is a usage mistake: said on stderr, exit 2.
      if (!args.json) io.stderr(`mcp-bridge: ${result.text}\n`);
      return ExitCode.usage;
    }
    if (code !== undefined && REFUSED_BEFORE_SENDING.has(code)) {
      // Refused before sending (policy, pins, scanner), like invalid arguments: nothing reached the server.
      if (!args.json) io.stderr(`mcp-bridge: ${result.text}\n`);
      return ExitCode.invalidArguments;
    }
    if (code === 'MCPB_TOOL_INPUT_INVALID') {
      if (!args.json) io.stderr(`mcp-bridge: ${result.text}\n(see the schema with: mcp-bridge tools ${tool})\n`);
      return ExitCode.invalidArguments;
    }
    if (timedOut) {
      stuck = true;
      const server = registry.get(tool)?.server;
      if (!args.json)
        io.stderr(
          `mcp-bridge: ${result.error!.message}\n→ give it longer with --timeout (e.g. --timeout ${suggestLonger(timeoutMs)}), or set timeout: on the server${server !== undefined ? ` "${server}"` : ''} in the config\n`,
        );
      return ExitCode.serverFailed;
    }
    if (code !== undefined && !args.json) io.stderr(`mcp-bridge: ${result.text}\n`);
    else if (!args.json) io.stdout(result.text + (result.text.endsWith('\n') ? '' : '\n'));
    // A call that failed because its server is down or went away is a server failure, not a tool error.
    if (code === 'MCPB_SERVER_UNAVAILABLE' || code === 'MCPB_TOOL_CALL_FAILED') return ExitCode.serverFailed;
    const owner = registry.get(tool)?.server;
    if (owner !== undefined && manager.server(owner).state !== 'ready') return ExitCode.serverFailed;
    return result.isError ? ExitCode.toolError : ExitCode.ok;
  } finally {
    await closeServers();
  }
}

function suggestLonger(ms: number | undefined): string {
  const seconds = Math.max(60, Math.ceil(((ms ?? 30_000) * 4) / 1000));
  return seconds % 60 === 0 ? `${seconds / 60}m` : `${seconds}s`;
}

/** Progress notifications on one rewritten stderr line, on a terminal only (never in a pipe or a log). */
function progressLine(io: CliIo, args: ParsedArgs): { show: (p: Progress) => void; clear: () => void } | undefined {
  if (!io.isTTY || args.quiet || args.json) return undefined;
  let shown = false;
  return {
    show: (p) => {
      const amount = p.total !== undefined ? `${p.progress}/${p.total}` : String(p.progress);
      const line = `  … progress ${amount}${p.message ? `: ${p.message}` : ''}`.slice(0, 200);
      io.stderr(`\r\x1b[2K${line}`);
      shown = true;
    },
    clear: () => {
      if (shown) io.stderr('\r\x1b[2K');
    },
  };
}
