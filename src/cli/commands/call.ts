// `mcp-bridge call TOOL [ARGS_JSON]`: runs one tool through the registry and prints its result.
import { parseDuration } from '../../config/index.js';
import type { ParsedArgs } from '../args.js';
import { startServers } from '../start-servers.js';
import { resolveServers } from '../target.js';
import { ExitCode, isAuthFailure, UsageError, type CliIo } from '../io.js';

export async function callCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  // The target comes off the positionals first (a URL), so TOOL is the first of what is left.
  const config = await resolveServers(args, io);
  const [tool, ...rest] = args.positionals;
  if (!tool) throw new UsageError('call needs a tool name: mcp-bridge call TOOL [ARGS_JSON | key=value ...]');
  const toolArgs = await callArguments(rest, io);
  const timeoutMs = args.timeout === undefined ? undefined : parseDuration(args.timeout);
  const { manager, registry, summary, io: out } = await startServers(args, io, config);
  io = out;
  try {
    if (!registry.has(tool) && summary.failed.length > 0) {
      io.stderr(`mcp-bridge: tool "${tool}" is not available; ${summary.failed.length} server(s) failed to start (run \`mcp-bridge doctor\`)\n`);
      const auth = summary.failed.filter((f) => isAuthFailure(f.error));
      for (const f of auth) io.stderr(`  ${f.server}: ${f.error instanceof Error ? f.error.message : String(f.error)}\n`);
      return auth.length > 0 ? ExitCode.authFailed : ExitCode.serverFailed;
    }
    const result = await registry.execute(tool, toolArgs, timeoutMs === undefined ? {} : { timeoutMs });
    const code = result.error?.code;
    if (args.json) io.stdout(JSON.stringify(result, null, 2) + '\n');
    // A tool name that does not exist is a usage mistake: said on stderr, exit 2 (issue 11 item 16).
    else if (code === 'MCPB_TOOL_NOT_FOUND') io.stderr(`mcp-bridge: ${result.text}\n`);
    else io.stdout(result.text + (result.text.endsWith('\n') ? '' : '\n'));
    if (code === 'MCPB_TOOL_NOT_FOUND') return ExitCode.usage;
    // A call that failed because its server is down or went away is a server failure, not a tool error.
    if (code === 'MCPB_SERVER_UNAVAILABLE') return ExitCode.serverFailed;
    const owner = registry.get(tool)?.server;
    if (owner !== undefined && manager.server(owner).state !== 'ready') return ExitCode.serverFailed;
    return result.isError ? ExitCode.toolError : ExitCode.ok;
  } finally {
    await manager.close();
  }
}

/**
 * The tool's arguments, as the Inspector CLI and mcpc take them: one JSON object, `key=value`
 * pairs (strings) and `key:=JSON` pairs (numbers, booleans, objects), or `-` for JSON on stdin.
 * @throws UsageError
 */
export async function callArguments(words: string[], io: CliIo): Promise<Record<string, unknown>> {
  if (words.length === 0) return {};
  if (words.length === 1 && words[0] === '-') {
    if (!io.readStdin) throw new UsageError('- reads the arguments from stdin, which this run has none of');
    return parseArgsJson(await io.readStdin());
  }
  if (words.length === 1 && words[0]!.trimStart().startsWith('{')) return parseArgsJson(words[0]);
  const out: Record<string, unknown> = {};
  for (const word of words) {
    const typed = /^([^=:]+):=(.*)$/s.exec(word);
    const plain = typed ? undefined : /^([^=]+)=(.*)$/s.exec(word);
    const [, key, raw] = typed ?? plain ?? [];
    if (key === undefined || raw === undefined) throw new UsageError(`"${word.slice(0, 40)}" is not key=value, key:=JSON or one JSON object`);
    let value: unknown = raw;
    if (typed) {
      try {
        value = JSON.parse(raw);
      } catch (error) {
        throw new UsageError(`${key}:= needs JSON after it (${(error as Error).message}); for a string write ${key}=...`);
      }
    }
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
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
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError('ARGS_JSON must be a JSON object, e.g. \'{"path": "README.md"}\'');
  return value as Record<string, unknown>;
}
