// `mcp-bridge serve`: the configured servers behind one MCP endpoint, on stdio or Streamable HTTP.
// Stops on SIGINT/SIGTERM/SIGHUP or, on stdio, when the host closes stdin: the clients' streams are
// ended, then every backend is closed, so no process outlives the command.
import { createConsoleLogger, nullLogger } from '../../log.js';
import { InputForwarder } from '../../serve/forward.js';
import { Gateway } from '../../serve/gateway.js';
import { serveStdio } from '../../serve/stdio.js';
import type { ParsedArgs } from '../args.js';
import { ExitCode, UsageError, type CliIo } from '../io.js';
import { startServers } from '../start-servers.js';
import { resolveServers } from '../target.js';

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export async function serveCommand(args: ParsedArgs, rawIo: CliIo): Promise<number> {
  if (args.positionals.length > 0) throw new UsageError(`serve takes no arguments, got ${JSON.stringify(args.positionals.join(' '))}`);
  if (args.http !== undefined && args.stdio) throw new UsageError('serve takes --stdio or --http HOST:PORT, not both');
  // A wrong profile name is said before any server starts.
  const resolved = await resolveServers(args, rawIo);
  const profile = args.profile === undefined ? undefined : findProfile(resolved.profiles, args.profile);
  // Roots, sampling and elicitation of a backend go to the host whose call it is serving.
  const forwarder = new InputForwarder();
  const { manager, registry, io, config } = await startServers(args, rawIo, resolved, forwarder.handlers());
  const logger = args.verbose ? createConsoleLogger('debug', io.stderr) : nullLogger;
  const gateway = new Gateway({ manager, registry, logger, forwarder, ...(profile ? { profile } : {}) });
  let stopping: Promise<void> | undefined;
  let stopServing: () => Promise<void> = async () => {};
  const stop = () =>
    (stopping ??= (async () => {
      for (const s of SIGNALS) process.off(s, stop);
      await stopServing();
      forwarder.close();
      gateway.close();
      await manager.close();
    })());
  for (const s of SIGNALS) process.on(s, stop);
  try {
    if (args.http !== undefined) {
      const { serveHttp, parseListen } = await import('../../serve/http.js');
      const server = await serveHttp({
        gateway: (name) => (name === undefined ? gateway : new Gateway({ manager, registry, logger, forwarder, profile: findProfile(config.profiles, name) })),
        profiles: Object.keys(config.profiles ?? {}),
        listen: parseListen(args.http),
        token: args.token ?? io.env.MCP_BRIDGE_SERVE_TOKEN,
        logger,
      });
      stopServing = () => server.close();
      if (!args.quiet)
        io.stderr(`mcp-bridge: serving Streamable HTTP on ${server.url} (and HTTP+SSE for older hosts on ${server.url.replace(/\/mcp$/, '/sse')})\n`);
      await new Promise<void>((resolve) => {
        for (const s of SIGNALS) process.once(s, () => resolve());
      });
    } else {
      const server = serveStdio({ gateway, logger });
      stopServing = () => server.close();
      await Promise.race([server.done, new Promise<void>((resolve) => SIGNALS.forEach((s) => process.once(s, () => resolve())))]);
    }
  } finally {
    await stop();
  }
  return ExitCode.ok;
}

function findProfile(profiles: Record<string, { servers?: string[]; tools?: string[] }> | undefined, name: string) {
  const profile = profiles?.[name];
  if (!profile) {
    const known = Object.keys(profiles ?? {});
    throw new UsageError(`no profile named "${name}" in the config (${known.length > 0 ? `known: ${known.join(', ')}` : 'it has no tools.mcp.profiles'})`);
  }
  return { name, ...profile };
}
