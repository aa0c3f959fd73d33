// `mcp-bridge tools [TOOL]`: every tool as the LLM will see it, in our format or a provider's; with
// TOOL, that one tool in full (signature, description, parameters, schemas).
import { UsageError, ExitCode, type CliIo, startFailureCode } from '../io.js';
import type { ParsedArgs } from '../args.js';
import { registryOptions, startServers } from '../start-servers.js';
import { resolveServers } from '../target.js';
import { estimateTokens } from '../../bridge/token-estimate.js';
import type { ToolRegistry as Registry } from '../../registry/registry.js';
import { closeMatches } from '../../util/did-you-mean.js';
import { signature, toolPage } from '../signature.js';

const FORMATS = ['mcp', 'openai', 'openai-responses', 'anthropic', 'gemini'] as const;
type Provider = Exclude<(typeof FORMATS)[number], 'mcp'>;

/** One line on what the tool specs cost the model's context, for `tools` and `doctor`. */
export function specCost(registry: Registry, provider: Provider): string {
  const { specs } = registry.toLLMSpecs(provider);
  const deferred = registry.list().filter((d) => d.deferred).length;
  return `${specs.length} tool spec${specs.length === 1 ? '' : 's'}, about ${estimateTokens(specs).toLocaleString('en-US')} tokens as ${provider} specs${deferred > 0 ? ` (${deferred} deferred: loaded on demand where the provider supports it)` : ''}`;
}

export async function toolsCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const format = (args.format ?? 'mcp') as (typeof FORMATS)[number];
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')} (got "${args.format}")`);
  const config = await resolveServers(args, io);
  const [only, extra] = args.positionals;
  if (extra !== undefined) throw new UsageError(`tools takes at most one tool name (got "${only}" and "${extra}")`);
  const { manager, registry, summary, io: out } = await startServers(args, io, config);
  io = out;
  try {
    // With tool search on, the model's first request holds only some tools: list those, unless one is asked for by name.
    const searching = registryOptions(config, args.toolSearch).toolSearch?.enabled === true;
    const firstRequest = searching && only === undefined ? new Set(registry.toLLMSpecs('openai').specs.map((s) => specName(s) ?? '')) : undefined;
    const defs = registry.list().filter((d) => (only === undefined || d.name === only) && (firstRequest === undefined || firstRequest.has(d.name)));
    if (only !== undefined && defs.length === 0) {
      const near = closeMatches(
        only,
        registry.list().map((d) => d.name),
      );
      io.stderr(`mcp-bridge: no tool named "${only}"${near.length > 0 ? `; did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : ''}\n`);
      return summary.failed.length > 0 ? startFailureCode(summary.failed) : ExitCode.usage;
    }
    const names = new Set(defs.map((d) => d.name));
    if (format !== 'mcp') {
      const { specs, notes } = registry.toLLMSpecs(format);
      const chosen = only === undefined ? specs : specs.filter((s) => names.has(specName(s) ?? ''));
      io.stdout(JSON.stringify(chosen, null, 2) + '\n');
      if (searching && only !== undefined && chosen.length === 0)
        io.stderr(
          `mcp-bridge: ${only} is not in the first request while tool search is on: the model gets it once a search finds it (--tool-search=false shows its spec)\n`,
        );
      if (!args.quiet) for (const n of notes) if (names.has(n.tool)) io.stderr(`note: ${n.tool}: ${n.notes.map((x) => `${x.path} ${x.change}`).join('; ')}\n`);
    } else if (args.json) {
      const tools = defs.map((d) => ({
        name: d.name,
        server: d.server,
        originalName: d.originalName,
        description: d.description,
        inputSchema: d.inputSchema,
        ...(only !== undefined && d.outputSchema !== undefined ? { outputSchema: d.outputSchema } : {}),
      }));
      io.stdout(JSON.stringify(only === undefined ? tools : tools[0], null, 2) + '\n');
    } else if (only !== undefined) {
      io.stdout(toolPage(defs[0]!));
    } else {
      for (const d of defs) {
        io.stdout(`${signature(d)}  [${d.server ?? 'native'}${d.originalName !== d.name ? `: ${d.originalName}` : ''}]\n`);
        if (d.description) io.stdout(`    ${d.description.split('\n')[0]!.slice(0, 160)}\n`);
      }
    }
    if (!args.quiet && only === undefined) {
      io.stderr(`${specCost(registry, format === 'mcp' ? 'openai' : format)}\n`);
      if (firstRequest !== undefined) {
        const rest = registry.list().length - defs.length;
        io.stderr(
          `tool search on: the first request holds ${defs.length} tool${defs.length === 1 ? '' : 's'}, the other ${rest} are found by searching (--tool-search=false lists them all)\n`,
        );
      }
    }
    return summary.failed.length > 0 ? startFailureCode(summary.failed) : ExitCode.ok;
  } finally {
    await manager.close();
  }
}

/** The tool name of a provider spec, whatever its shape. */
function specName(spec: unknown): string | undefined {
  const s = spec as { name?: unknown; function?: { name?: unknown } };
  const name = s.function?.name ?? s.name;
  return typeof name === 'string' ? name : undefined;
}
