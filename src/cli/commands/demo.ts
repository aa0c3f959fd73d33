// `mcp-bridge demo [TOOL] [ARGS_JSON]`: the README's main job. Starts the configured servers,
// shows them and their tools as an LLM would get them, runs one call and prints the result.
import type { ParsedArgs } from '../args.js';
import { startServers } from '../start-servers.js';
import { ExitCode, type CliIo, startFailureCode } from '../io.js';
import { parseArgsJson } from './call.js';

export async function demoCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [tool, argsJson] = args.positionals;
  const { manager, registry, summary, startMs, io: out } = await startServers(args, io);
  io = out;
  try {
    io.stdout(`Servers (started in ${Math.round(startMs)} ms):\n`);
    for (const s of manager.status()) {
      io.stdout(
        `  ${s.state === 'ready' ? '✓' : '✗'} ${s.name.padEnd(12)} ${s.state.padEnd(9)} ${s.protocolVersion ?? ''} ${s.serverInfo ? `${s.serverInfo.name} ${s.serverInfo.version}` : (s.lastError ?? '').split('\n')[0]}\n`,
      );
    }
    const tools = registry.list();
    io.stdout(`\nTools (${tools.length}), as the agent registry exposes them:\n`);
    for (const d of tools) io.stdout(`  ${d.name.padEnd(34)} ${d.description.split('\n')[0]!.slice(0, 80)}\n`);
    const { specs } = registry.toLLMSpecs('openai');
    if (specs.length > 0) io.stdout(`\nOpenAI function spec of the first tool:\n${JSON.stringify(specs[0], null, 2)}\n`);
    const name = tool ?? tools[0]?.name;
    if (!name) return summary.failed.length > 0 ? startFailureCode(summary.failed) : ExitCode.ok;
    const callArgs = parseArgsJson(argsJson);
    io.stdout(`\nCalling ${name} ${JSON.stringify(callArgs)}:\n`);
    const result = await registry.execute(name, callArgs);
    io.stdout(result.text + (result.text.endsWith('\n') ? '' : '\n'));
    if (result.isError) return ExitCode.toolError;
    return summary.failed.length > 0 ? startFailureCode(summary.failed) : ExitCode.ok;
  } finally {
    await manager.close();
  }
}
