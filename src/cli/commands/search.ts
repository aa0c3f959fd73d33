// `mcp-bridge search "QUERY"`: the registry's tool search from the command line, ranked as a model
// using the search tool would see it. `--json` is for scripts: a bare array, nothing else on stdout.
import { UsageError, ExitCode, type CliIo, startFailureCode } from '../io.js';
import type { ParsedArgs } from '../args.js';
import { startServers } from '../start-servers.js';
import { resolveServers } from '../target.js';

const DEFAULT_LIMIT = 10;

/** `--limit N`: a whole number above zero. @throws UsageError */
function limitOf(args: ParsedArgs): number {
  if (args.limit === undefined) return DEFAULT_LIMIT;
  const n = Number(args.limit);
  if (!/^\d+$/.test(args.limit.trim()) || !Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`--limit must be a whole number above zero (got "${args.limit}")`);
  return n;
}

export async function searchCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const limit = limitOf(args);
  const config = await resolveServers(args, io);
  // Taken after resolveServers, which removes an ad-hoc URL from the positionals.
  const query = args.positionals.join(' ').trim();
  if (query === '') throw new UsageError('search needs a query: mcp-bridge search "read a file"');
  const { manager, registry, summary, io: out } = await startServers(args, io, config);
  io = out;
  try {
    const hits = await registry.searchTools(query, { limit });
    if (args.json) {
      // Rounded: the ranking is what matters, and a script compares scores of one search only.
      const rows = hits.map((h) => ({ name: h.name, server: h.server ?? null, score: Math.round(h.score * 1000) / 1000 }));
      io.stdout(JSON.stringify(rows, null, 2) + '\n');
    } else if (hits.length === 0) {
      if (!args.quiet) io.stderr(`mcp-bridge: no tool matches "${query}" (${registry.list().length} tools searched)\n`);
    } else {
      const width = Math.max(...hits.map((h) => h.name.length));
      hits.forEach((h, i) => {
        const rank = `${i + 1}.`.padStart(String(hits.length).length + 1);
        io.stdout(`${rank} ${h.name.padEnd(width)}  [${h.server ?? 'native'}]  ${h.score.toFixed(2)}\n`);
        const first = h.description.split('\n').find((l) => l.trim() !== '');
        if (first) io.stdout(`${' '.repeat(rank.length + 1)}${first.trim().slice(0, 160)}\n`);
      });
    }
    return summary.failed.length > 0 ? startFailureCode(summary.failed) : ExitCode.ok;
  } finally {
    await manager.close();
  }
}
