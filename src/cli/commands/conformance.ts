// `mcp-bridge conformance URL`: the client the official MCP conformance suite launches. The suite
// appends the server URL and names the scenario in MCP_CONFORMANCE_SCENARIO.
import type { ParsedArgs } from '../args.js';
import type { CliIo } from '../io.js';

export async function conformanceCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const { main } = await import('../../../conformance/official/client-entry.js');
  void io;
  return main(args.positionals.length > 0 ? args.positionals : args.rest, io.env as NodeJS.ProcessEnv);
}
