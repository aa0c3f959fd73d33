// `mcp-bridge call TOOL [ARGS_JSON]`: runs one tool through the registry and prints its result.
import { parseDuration } from '../../config/index.js';
import type { ParsedArgs } from '../args.js';
import { startServers } from '../bootstrap.js';
import { ExitCode, UsageError, type CliIo } from '../io.js';

export async function callCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [tool, argsJson] = args.positionals;
  if (!tool) throw new UsageError('call needs a tool name: mcp-bridge call TOOL [ARGS_JSON]');
  const toolArgs = parseArgsJson(argsJson);
  const timeoutMs = args.timeout === undefined ? undefined : parseDuration(args.timeout);
  const { manager, registry, summary, io: out } = await startServers(args, io);
  io = out;
  try {
    if (!registry.has(tool) && summary.failed.length > 0) {
      io.stderr(`mcp-bridge: tool "${tool}" is not available; ${summary.failed.length} server(s) failed to start (run \`mcp-bridge doctor\`)\n`);
      return ExitCode.serverFailed;
    }
    const result = await registry.execute(tool, toolArgs, timeoutMs === undefined ? {} : { timeoutMs });
    if (args.json) io.stdout(JSON.stringify(result, null, 2) + '\n');
    else io.stdout(result.text + (result.text.endsWith('\n') ? '' : '\n'));
    // A call that failed because its server is down or went away is a server failure, not a tool error.
    const owner = registry.get(tool)?.server;
    if (owner !== undefined && manager.server(owner).state !== 'ready') return ExitCode.serverFailed;
    return result.isError ? ExitCode.toolError : ExitCode.ok;
  } finally {
    await manager.close();
  }
}

/** Parses the ARGS_JSON positional; it must be a JSON object. @throws UsageError */
export function parseArgsJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`ARGS_JSON is not valid JSON (${(error as Error).message}); pass an object, e.g. '{"path": "README.md"}'`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('ARGS_JSON must be a JSON object, e.g. \'{"path": "README.md"}\'');
  return value as Record<string, unknown>;
}
