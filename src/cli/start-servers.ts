// Shared start-up of the commands that need servers: load the config, start the manager with a
// registry, and report progress on stderr while servers start.
import { collectSecrets, createRedactor } from '../../protocol/redact.js';
import { defaultEraCachePath, fileEraCache } from '../client/era-cache.js';
import type { ServerRequestHandlers } from '../client/server-requests.js';
import type { BridgeConfig } from '../config/types.js';
import { createConsoleLogger, nullLogger } from '../log.js';
import { Manager, type StartSummary } from '../manager/manager.js';
import { defaultToolListDir, fileToolListStore } from '../manager/saved-tools.js';
import { Registry } from '../adapters/registry.js';
import type { RegistryOptions } from '../registry/types.js';
import type { ParsedArgs } from './args.js';
import { firstLine, type CliIo } from './io.js';
import { resolveServers } from './target.js';

export interface Running {
  config: BridgeConfig;
  manager: Manager;
  registry: Registry;
  summary: StartSummary;
  /** Wall time of the start, in ms. */
  startMs: number;
  /** The command's io with every configured secret masked: commands print through this one. */
  io: CliIo;
}

/** Resolves the servers (command line, or config file) and starts every enabled one. Config errors propagate (exit 2). */
export async function startServers(
  args: ParsedArgs,
  rawIo: CliIo,
  resolved?: BridgeConfig,
  /** Hooks for what servers ask of their client (sampling, elicitation), shared by every server. */
  handlers?: ServerRequestHandlers,
): Promise<Running> {
  const config = resolved ?? (await resolveServers(args, rawIo));
  // The CLI's last line of defence: whatever a server echoes (a tool result, a log line), no
  // configured secret reaches the terminal.
  const redact = createRedactor(config.servers.flatMap((s) => collectSecrets(s)));
  const io: CliIo = { ...rawIo, stdout: (t) => rawIo.stdout(redact(t)), stderr: (t) => rawIo.stderr(redact(t)) };
  const registry = new Registry(registryOptions(config, args.toolSearch));
  const logger = args.verbose ? createConsoleLogger('debug', io.stderr) : nullLogger;
  // VER-7: one process per command, so the era verdicts live in a state file, not in memory.
  const eraCache = fileEraCache(defaultEraCachePathFor(io.env));
  // Lazy servers' tool lists live next to the era verdicts.
  const toolListStore = fileToolListStore(defaultToolListDir(io.env as NodeJS.ProcessEnv));
  const manager = new Manager(config, {
    registry,
    logger,
    clientOptions: { ...handlers, eraCache: args.refresh ? unread(eraCache) : eraCache },
    toolListStore: args.refresh ? unread(toolListStore) : toolListStore,
  });
  const progress = !args.quiet;
  const enabled = manager.serverNames;
  if (progress && enabled.length > 0) io.stderr(`mcp-bridge: starting ${enabled.length} server${enabled.length === 1 ? '' : 's'}: ${enabled.join(', ')}\n`);
  manager.events.on('state', ({ server, state }) => {
    if (!progress || state !== 'ready') return;
    const tools = manager.server(server).status().toolCount;
    io.stderr(`  ✓ ${server}: ready, ${tools} tool${tools === 1 ? '' : 's'}\n`);
  });
  // A failure is said even with -q: quiet drops the progress, never the reason a command fails.
  manager.events.on('failed', ({ server, error }) => {
    io.stderr(progress ? `  ✗ ${server}: ${firstLine(error)}\n` : `mcp-bridge: ${server}: ${firstLine(error)}\n`);
  });
  registry.events.on('collision', (e) => {
    if (progress) io.stderr(`  ! ${e.message}\n`);
  });
  manager.events.on('toolsChanged', ({ server, tools }) => {
    const handle = manager.server(server);
    if (!progress || !handle.asleep || handle.toolsOrigin?.from !== 'saved') return;
    io.stderr(
      `  ○ ${server}: lazy, ${tools.length} tool${tools.length === 1 ? '' : 's'} from the saved list (${formatAge(Date.now() - handle.toolsOrigin.listedAt)} old); starts at its first call\n`,
    );
  });
  const started = performance.now();
  let summary: StartSummary;
  try {
    summary = await manager.start();
  } catch (error) {
    // Whatever went wrong, no server may outlive the command.
    await manager.close();
    throw error;
  }
  return { config, manager, registry, summary, startMs: performance.now() - started, io };
}

/**
 * What the config asks of the registry: its tool search settings and its result budget.
 * `toolSearch` (the command line's `--tool-search`) turns deferred loading on or off whatever the
 * config says, keeping the config's always-loaded globs and limit.
 */
export function registryOptions(config: BridgeConfig, toolSearch?: boolean): RegistryOptions {
  const search = config.toolSearch;
  const enabled = toolSearch ?? search?.enabled ?? false;
  return {
    ...(search || enabled ? { toolSearch: { ...search, enabled } } : {}),
    ...(config.maxResultTokens !== undefined ? { results: { maxResultTokens: config.maxResultTokens } } : {}),
  };
}

/** `--refresh`: what earlier runs remembered is not read, only replaced by what this run finds. */
function unread<S extends { get(key: string): unknown }>(store: S): S {
  return { ...store, get: () => undefined };
}

function defaultEraCachePathFor(env: Record<string, string | undefined>): string {
  return defaultEraCachePath(env as NodeJS.ProcessEnv);
}

/** A short age for people: 42s, 5m, 3h, 2d. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.round(s / 60)}m`;
  if (s < 86_400) return `${Math.round(s / 3600)}h`;
  return `${Math.round(s / 86_400)}d`;
}
