// `mcp-bridge conformance URL`: the client the official MCP conformance suite launches. The suite
// appends the server URL and names the scenario in MCP_CONFORMANCE_SCENARIO (and may hand data over
// in MCP_CONFORMANCE_CONTEXT); the exit code is 0 only if the scenario's actions all worked.
import type { ParsedArgs } from '../args.js';
import type { CliIo } from '../io.js';
import type { ConformanceContext } from '../conformance-scenarios.js';

export async function conformanceCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const argv = args.positionals.length > 0 ? args.positionals : args.rest;
  const url = argv[argv.length - 1];
  const scenario = io.env.MCP_CONFORMANCE_SCENARIO;
  const fail = (text: string): number => {
    io.stderr(`mcp-bridge conformance: ${text}\n`);
    return 1;
  };
  if (!scenario) return fail('MCP_CONFORMANCE_SCENARIO is not set');
  if (!url || !/^https?:\/\//.test(url)) return fail(`expected the server URL as the last argument, got ${JSON.stringify(url)}`);
  const { planScenario } = await import('../conformance-scenarios.js');
  const plan = planScenario(scenario);
  // A scenario newer than our table is played by its family's flow and scored by the suite; refusing it
  // would score a missing table entry as a client failure.
  if (plan.fallback) io.stderr(`mcp-bridge conformance: warning: no handler of its own for scenario "${scenario}"; playing the ${plan.fallback} flow\n`);
  try {
    await plan.run(url, contextFor(scenario, io.env.MCP_CONFORMANCE_CONTEXT));
    io.stdout(`mcp-bridge conformance: scenario ${scenario} done\n`);
    return 0;
  } catch (error) {
    const e = error as Error & { code?: string };
    return fail(`scenario ${scenario} failed: ${e.code ? `[${e.code}] ` : ''}${e.message ?? String(error)}`);
  }
}

/** The suite's context for this scenario; one left over from another scenario is ignored (conformance 8.1). */
function contextFor(scenario: string, raw: string | undefined): ConformanceContext {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    return value && value.name === scenario ? value : undefined;
  } catch {
    return undefined;
  }
}
