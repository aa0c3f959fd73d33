// `mcp-bridge tools`: every tool as the LLM will see it, in our format or a provider's.
import { UsageError, ExitCode, type CliIo, startFailureCode } from '../io.js';
import type { ParsedArgs } from '../args.js';
import { startServers } from '../start-servers.js';
import { estimateTokens } from '../../bridge/token-estimate.js';
import type { Registry } from '../../registry/registry.js';

const FORMATS = ['mcp', 'openai', 'anthropic', 'gemini'] as const;

/** One line on what the tool specs cost the model's context, for `tools` and `doctor`. */
export function specCost(registry: Registry, provider: 'openai' | 'anthropic' | 'gemini'): string {
  const { specs } = registry.toLLMSpecs(provider);
  const deferred = registry.list().filter((d) => d.deferred).length;
  return `${specs.length} tool spec${specs.length === 1 ? '' : 's'}, about ${estimateTokens(specs).toLocaleString('en-US')} tokens as ${provider} specs${deferred > 0 ? ` (${deferred} deferred: loaded on demand where the provider supports it)` : ''}`;
}

export async function toolsCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const format = (args.format ?? 'mcp') as (typeof FORMATS)[number];
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')} (got "${args.format}")`);
  const { manager, registry, summary, io: out } = await startServers(args, io);
  io = out;
  try {
    if (format !== 'mcp') {
      const { specs, notes } = registry.toLLMSpecs(format);
      io.stdout(JSON.stringify(specs, null, 2) + '\n');
      if (!args.quiet) for (const n of notes) io.stderr(`note: ${n.tool}: ${n.notes.map((x) => `${x.path} ${x.change}`).join('; ')}\n`);
    } else if (args.json) {
      const tools = registry
        .list()
        .map((d) => ({ name: d.name, server: d.server, originalName: d.originalName, description: d.description, inputSchema: d.inputSchema }));
      io.stdout(JSON.stringify(tools, null, 2) + '\n');
    } else {
      for (const d of registry.list()) {
        const params = d.params.map((p) => `${p.name}${p.required ? '' : '?'}: ${p.type}`).join(', ');
        io.stdout(`${d.name}(${params})  [${d.server ?? 'native'}${d.originalName !== d.name ? `: ${d.originalName}` : ''}]\n`);
        if (d.description) io.stdout(`    ${d.description.split('\n')[0]!.slice(0, 160)}\n`);
      }
    }
    if (!args.quiet) io.stderr(`${specCost(registry, format === 'mcp' ? 'openai' : format)}\n`);
    return summary.failed.length > 0 ? startFailureCode(summary.failed) : ExitCode.ok;
  } finally {
    await manager.close();
  }
}
