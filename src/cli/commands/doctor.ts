// `mcp-bridge doctor`: every server's state, protocol version, tools and ping latency, and every
// problem found with what to do about it.
import { redactServerConfig } from '../../config/index.js';
import type { ParsedArgs } from '../args.js';
import { formatAge, startServers } from '../start-servers.js';
import { specCost } from './tools.js';
import { ExitCode, type CliIo, startFailureCode } from '../io.js';
import type { ServerStatus } from '../../manager/server-handle.js';
import type { EraSource } from '../../client/era-cache.js';
import { namingProblemLines } from './naming-problems.js';
import { pingAlive } from '../../manager/health-pings.js';

export async function doctorCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const { config, manager, registry, summary, startMs, io: out } = await startServers(args, io);
  io = out;
  // With --json, stdout is one JSON document and nothing else (the text report is not printed).
  const say = args.json ? () => {} : io.stdout;
  const problems: string[] = [];
  const report: Record<string, unknown>[] = [];
  try {
    say(`config: ${config.file} (${config.host}), ${config.servers.length} server(s), started in ${Math.round(startMs)} ms\n`);
    say(`tools: ${specCost(registry, 'openai')}\n\n`);
    for (const warning of config.warnings ?? []) problems.push(`config ${warning.path}: ${warning.message}${warning.hint ? ` (${warning.hint})` : ''}`);
    for (const server of config.servers) {
      const safe = redactServerConfig(server);
      const target = server.command !== undefined ? [safe.command, ...safe.args].join(' ') : String(safe.url);
      if (!server.enabled) {
        say(`- ${server.name}: disabled\n`);
        report.push({ name: server.name, state: 'disabled' });
        continue;
      }
      const handle = manager.server(server.name);
      const status = handle.status();
      let latency: number | undefined;
      if (status.state === 'ready') {
        try {
          // An error answer (a server without ping says -32601) is an answer: the server is alive.
          latency = (await pingAlive(handle.liveClient!, 5000)).latencyMs;
        } catch (error) {
          problems.push(`${server.name}: ping failed: ${(error as Error).message} (no answer: the server may be overloaded or stuck)`);
        }
      }
      const asleep = handle.asleep;
      const mark = status.state === 'ready' ? '✓' : asleep ? '○' : '✗';
      say(`${mark} ${server.name}: ${status.state}${status.start === 'lazy' ? ' (lazy)' : ''}  ${status.transport}  ${target}\n`);
      const listAge = status.toolsListedAt === undefined ? undefined : formatAge(Date.now() - status.toolsListedAt);
      if (asleep) {
        // Not started: pinging it would spawn it, which is what lazy start avoids.
        say(
          `    not running; ${status.toolCount} tools ${status.toolsFrom === 'saved' ? `from the saved tool list (${listAge} old)` : `as last listed (${listAge} ago)`}; starts at its first call\n`,
        );
        const exposed = registry.namesOf(server.name);
        say(`    exposed: ${exposed.length > 0 ? exposed.join(', ') : '(none)'}\n`);
      } else if (status.state === 'ready') {
        say(
          `    protocol ${status.protocolVersion} (${status.era === 'modern' ? 'modern era, stateless' : 'legacy era, initialize'}), server ${status.serverInfo?.name ?? '?'} ${status.serverInfo?.version ?? ''}, pid ${status.pid ?? '-'}, ${status.toolCount} tools, ping ${latency === undefined ? 'n/a' : `${latency.toFixed(1)} ms`}\n`,
        );
        const eraFrom = eraSourceText(status.eraSource, status.era, args.refresh);
        if (eraFrom) say(`    era: ${eraFrom}\n`);
        if (status.start === 'lazy') say(`    lazy: its tool list is saved for the next runs (listed ${listAge} ago)\n`);
        const exposed = registry.namesOf(server.name);
        say(`    exposed: ${exposed.length > 0 ? exposed.join(', ') : '(none)'}\n`);
        if (exposed.length === 0 && status.toolCount > 0)
          problems.push(`${server.name}: offers ${status.toolCount} tools but none is exposed (check its tools filter)`);
      } else {
        problems.push(describeFailure(status));
      }
      report.push({
        ...status,
        pingMs: latency,
        exposed: registry.namesOf(server.name),
        ...(status.toolsListedAt !== undefined ? { toolsAgeMs: Math.max(0, Date.now() - status.toolsListedAt) } : {}),
        ...(status.eraSource ? { eraSource: eraSourceJson(status.eraSource, args.refresh) } : {}),
      });
    }
    // Renamed and dropped tools are problems too: the LLM sees other names than the server's (issue 11 item 12).
    const naming = registry.namingProblems();
    problems.push(...namingProblemLines(naming));
    say(
      problems.length === 0
        ? '\nno problems found\n'
        : `\n${problems.length} problem(s):\n${problems.map((p) => `  - ${p.split('\n').join('\n    ')}`).join('\n')}\n`,
    );
    if (args.json)
      io.stdout(
        JSON.stringify({ config: { file: config.file, host: config.host, startMs: Math.round(startMs) }, servers: report, problems, naming }, null, 2) + '\n',
      );
    return summary.failed.length > 0 ? startFailureCode(summary.failed) : ExitCode.ok;
  } finally {
    await manager.close();
  }
}

/** Where a ready server's era came from, for people: this start's probe, or a verdict an earlier run saved and its age. */
export function eraSourceText(source: EraSource | undefined, era: string | undefined, refresh: boolean): string | undefined {
  const age = source?.savedAt === undefined ? '?' : formatAge(Date.now() - source.savedAt);
  switch (source?.from) {
    case 'probe': {
      const found =
        source.basis === 'answer' ? 'the server answered the probe' : 'no answer to the probe, initialize worked: a guess, probed again within the hour';
      const waited = source.savedAt === undefined ? '' : `; the saved modern verdict, ${age} old, let it wait longer`;
      return `${refresh ? 'probed afresh (--refresh; ' : 'probed at this start ('}${found})${waited}`;
    }
    case 'saved':
      return `saved ${source.basis === 'answer' ? 'answer' : 'guess'}, ${age} old (not probed; doctor --refresh probes again)`;
    case 'configured':
      return `configured (era: ${era})`;
    case 'transport':
      return 'not probed (this transport speaks the initialize handshake)';
    default:
      return undefined;
  }
}

/** The era's source in `doctor --json`: the age of a saved verdict, and whether --refresh made this run probe afresh. */
function eraSourceJson(source: EraSource, refresh: boolean): Record<string, unknown> {
  return {
    ...source,
    ...(source.savedAt !== undefined ? { savedAgeMs: Math.max(0, Date.now() - source.savedAt) } : {}),
    ...(refresh && source.from === 'probe' ? { refreshed: true } : {}),
  };
}

/** One problem line for a server that is not ready: its last error, the typed cause under it, and a hint. */
export function describeFailure(status: ServerStatus): string {
  const cause = status.lastErrorCause;
  // A crash arrives wrapped (MCPB_SERVER_UNAVAILABLE); the cause says what really happened.
  const because = cause ? `\ncause: ${cause.code}${cause.hint ? ` (${cause.hint})` : ''}` : '';
  return `${status.name}: ${status.lastError ?? status.state}${because}${hintFor(cause?.code) || hintFor(status.lastErrorCode)}`;
}

function hintFor(code: string | undefined): string {
  switch (code) {
    case 'MCPB_SERVER_EXITED':
      return '\n→ the server process exited after it was ready: run the command by hand to see why (its last stderr lines are above); it is restarted with backoff';
    case 'MCPB_SPAWN_FAILED':
      return '\n→ check that the command is installed and on PATH, or use an absolute path';
    case 'MCPB_SERVER_START_FAILED':
      return '\n→ run the command by hand to see its output; check args and env (API keys)';
    case 'MCPB_HTTP_STATUS':
      return '\n→ check the URL and the headers (authorization)';
    case 'MCPB_HTTP_CONNECT':
      return '\n→ is the server running and reachable from here? check proxies (HTTP_PROXY / NO_PROXY)';
    default:
      return '';
  }
}
