// `mcp-bridge scan`: every configured server's tool definitions through the poisoning scanner,
// offline (nothing is called): findings grouped per server, or `{ "findings": [...] }` with --json.
// Exit 1 when any finding is high, so a CI job fails on a poisoned tool; 3 when a server could not
// be started (its tools were not checked).
import { ExitCode, UsageError, type CliIo, startFailureCode } from '../io.js';
import type { ParsedArgs } from '../args.js';
import { startServers } from '../start-servers.js';
import { resolveServers } from '../target.js';
import { hasHighFinding, scanServers, type ScanTarget } from '../../pipeline/scan/scan.js';
import type { ScanFinding, ScanSeverity } from '../../pipeline/scan/types.js';

const ORDER: Record<ScanSeverity, number> = { high: 0, medium: 1, low: 2 };

export async function scanCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const config = await resolveServers(args, io);
  if (args.positionals.length > 0) throw new UsageError(`scan takes no arguments (got "${args.positionals[0]}"); pick servers with --server NAME`);
  const { manager, summary, io: out } = await startServers(args, io, config);
  io = out;
  try {
    const targets: ScanTarget[] = manager.serverNames
      .filter((name) => !summary.failed.some((f) => f.server === name))
      .map((name) => ({ server: name, tools: manager.server(name).currentTools }));
    const findings = scanServers(targets);
    if (args.json) io.stdout(JSON.stringify({ findings }, null, 2) + '\n');
    else printReport(io, targets, findings);
    if (hasHighFinding(findings)) return ExitCode.toolError;
    return summary.failed.length > 0 ? startFailureCode(summary.failed) : ExitCode.ok;
  } finally {
    await manager.close();
  }
}

function printReport(io: CliIo, targets: readonly ScanTarget[], findings: readonly ScanFinding[]): void {
  for (const { server, tools } of targets) {
    const mine = findings.filter((f) => f.server === server).sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
    io.stdout(
      `${server}: ${tools.length} tool${tools.length === 1 ? '' : 's'}, ${mine.length === 0 ? 'no findings' : `${mine.length} finding${mine.length === 1 ? '' : 's'}`}\n`,
    );
    for (const f of mine) io.stdout(`  ${f.severity.toUpperCase().padEnd(6)} ${f.tool}  ${f.rule}\n         ${f.excerpt}\n`);
  }
  const count = (s: ScanSeverity) => findings.filter((f) => f.severity === s).length;
  const tools = targets.reduce((n, t) => n + t.tools.length, 0);
  const flagged = new Set(findings.map((f) => `${f.server}\u0000${f.tool}`)).size;
  io.stdout(
    `\n${findings.length} finding${findings.length === 1 ? '' : 's'} (${count('high')} high, ${count('medium')} medium, ${count('low')} low) in ${flagged} of ${tools} tools on ${targets.length} server${targets.length === 1 ? '' : 's'}\n`,
  );
  if (count('high') > 0)
    io.stdout('A high finding is a tool to review before any agent uses it: with tools.mcp.scan: block in the config, such tools are hidden and refused.\n');
}
