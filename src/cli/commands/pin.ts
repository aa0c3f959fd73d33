// `mcp-bridge pin`: writes the lock file of pinned tool definitions (every server, or `--update`
// the named ones only), or with `--check` compares the servers' tools with it for CI (exit 1 on
// any change). Servers start as for the other commands; a lazy server with a saved tool list is
// read from that list without being spawned.
import { dirname, join } from 'node:path';
import { PinLockMissingError } from '../../errors/pin-errors.js';
import { defaultLockFile, pinRedactor, pinsSettings } from '../../manager/pins-step.js';
import { classifyServer, type PinChange } from '../../pipeline/pins/classify.js';
import { pinnedFields, type PinnedFields } from '../../pipeline/pins/definition.js';
import { emptyLock, lockServer, parseLock, serializeLock, type PinLock } from '../../pipeline/pins/lock.js';
import { nodeFs as fs } from '../../util/node-fs.js';
import type { ParsedArgs } from '../args.js';
import { ExitCode, firstLine, startFailureCode, UsageError, type CliIo } from '../io.js';
import { collectSecrets, createRedactor } from '../../../protocol/redact.js';
import { defaultEraCachePath, fileEraCache } from '../../client/era-cache.js';
import type { BridgeConfig } from '../../config/types.js';
import { createConsoleLogger, nullLogger } from '../../log.js';
import { Manager, type StartSummary } from '../../manager/manager.js';
import { defaultToolListDir, fileToolListStore } from '../../manager/saved-tools.js';
import { resolveServers } from '../target.js';

export async function pinCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.rest.length > 0) throw new UsageError('pin reads the servers of a config file (the lock file lies beside it); it takes no -- CMD');
  const update = args.update.length > 0 ? [...args.update, ...args.positionals] : [];
  if (update.length === 0 && args.positionals.length > 0)
    throw new UsageError(`pin takes no argument "${args.positionals[0]}"; to pin one server again: pin --update SERVER`);
  if (args.check && update.length > 0) throw new UsageError('give --check or --update, not both');
  // --update SERVER starts only those servers (and checks their names as --server would).
  const selected = update.length > 0 ? [...new Set([...args.servers, ...update])] : args.servers;
  const config = await resolveServers({ ...args, servers: selected, positionals: [] }, io);
  const file = pinsSettings(config)?.file ?? defaultLockFile(config);
  if (file === undefined) throw new UsageError('pin needs a config file: the lock file is written beside it');
  const previous = readLock(file, args.check);
  // The pins step stays off while the servers' tools are read: they are the thing being pinned.
  const { manager, summary, io: out } = await startManager({ ...config, pins: false }, args, io);
  io = out;
  const current = new Map<string, { tools: PinnedFields[]; serverInfo?: { name: string; version: string } }>();
  try {
    const failed = new Set(summary.failed.map((f) => f.server));
    for (const server of config.servers) {
      if (!server.enabled || failed.has(server.name)) continue;
      const handle = manager.server(server.name);
      const mask = pinRedactor(server);
      const info = handle.status().serverInfo;
      current.set(server.name, {
        tools: handle.currentTools.map((t) => pinnedFields(t, mask)),
        ...(info ? { serverInfo: { name: mask(String(info.name)), version: mask(String(info.version)) } } : {}),
      });
    }
  } finally {
    await manager.close();
  }
  const changes: PinChange[] = [];
  for (const [server, { tools }] of current) changes.push(...classifyServer(server, previous?.servers[server], tools));
  const failures = summary.failed;
  const failureNote = () => {
    for (const f of failures) io.stderr(`mcp-bridge: ${f.server}: not ${args.check ? 'checked' : 'pinned'}: ${firstLine(f.error)}\n`);
  };

  if (args.check) {
    report(changes, args, io, file, 'check');
    failureNote();
    if (failures.length > 0) return startFailureCode(failures);
    return changes.length > 0 ? ExitCode.toolError : ExitCode.ok;
  }
  // Servers not started this time keep their pins; without --update/--server, servers gone from the config are dropped.
  const lock: PinLock = selected.length > 0 && previous ? previous : emptyLock();
  if (selected.length === 0 && previous)
    for (const f of failures) if (Object.hasOwn(previous.servers, f.server)) lock.servers[f.server] = previous.servers[f.server]!;
  for (const [server, { tools, serverInfo }] of current) {
    const info = serverInfo ?? previous?.servers[server]?.serverInfo;
    lock.servers[server] = lockServer(tools, info);
  }
  writeAtomic(file, serializeLock(lock));
  // A first pin lists nothing: every tool would be "new".
  report(previous ? changes : [], args, io, file, 'pin');
  if (!args.json) {
    const count = [...current.values()].reduce((n, s) => n + s.tools.length, 0);
    io.stderr(`mcp-bridge: pinned ${count} tool${count === 1 ? '' : 's'} of ${current.size} server${current.size === 1 ? '' : 's'} in ${file}\n`);
  }
  failureNote();
  return failures.length > 0 ? startFailureCode(failures) : ExitCode.ok;
}

/**
 * Starts the servers as the other commands do (era cache, saved tool lists, progress on stderr),
 * but with no registry: pinning needs each server's tool list as sent, not agent tools, and
 * skipping the registry skips compiling hundreds of schemas.
 */
async function startManager(config: BridgeConfig, args: ParsedArgs, rawIo: CliIo): Promise<{ manager: Manager; summary: StartSummary; io: CliIo }> {
  const redact = createRedactor(config.servers.flatMap((s) => collectSecrets(s)));
  const io: CliIo = { ...rawIo, stdout: (t) => rawIo.stdout(redact(t)), stderr: (t) => rawIo.stderr(redact(t)) };
  const manager = new Manager(config, {
    logger: args.verbose ? createConsoleLogger('debug', io.stderr) : nullLogger,
    clientOptions: { eraCache: fileEraCache(defaultEraCachePath(io.env as NodeJS.ProcessEnv)) },
    toolListStore: fileToolListStore(defaultToolListDir(io.env as NodeJS.ProcessEnv)),
  });
  if (!args.quiet && manager.serverNames.length > 0) io.stderr(`mcp-bridge: reading the tools of ${manager.serverNames.join(', ')}\n`);
  try {
    return { manager, summary: await manager.start(), io };
  } catch (error) {
    await manager.close();
    throw error;
  }
}

/** The lock as it is; `required` (for --check) turns a missing file into an error. */
function readLock(file: string, required: boolean): PinLock | undefined {
  let text: string;
  try {
    text = fs().readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (required) throw new PinLockMissingError(file);
    return undefined;
  }
  return parseLock(text, file);
}

function report(changes: readonly PinChange[], args: ParsedArgs, io: CliIo, file: string, mode: 'check' | 'pin'): void {
  if (args.json) {
    const rows = changes.flatMap((c) => c.kinds.map((kind) => ({ server: c.server, tool: c.tool, kind })));
    io.stdout(`${JSON.stringify({ changes: rows }, null, 2)}\n`);
    return;
  }
  if (changes.length === 0) {
    if (mode === 'check') io.stdout(`every tool matches ${file}\n`);
    return;
  }
  io.stdout(
    mode === 'check'
      ? `${changes.length} tool${changes.length === 1 ? '' : 's'} differ from ${file}:\n`
      : `${changes.length} change${changes.length === 1 ? '' : 's'} pinned:\n`,
  );
  for (const c of changes) {
    io.stdout(`  ${c.server}/${c.tool}: ${c.kinds.join(', ')}\n`);
    for (const d of c.details) io.stdout(`      ${d}\n`);
  }
  if (mode === 'check') {
    const servers = [...new Set(changes.map((c) => c.server))];
    io.stdout(`approve with: mcp-bridge pin --update ${servers.join(' ')}\n`);
  }
}

/** Write then rename, so a reader (a running agent) never sees half a lock. */
function writeAtomic(file: string, text: string): void {
  // A `file` in a folder of its own (locks/team.lock) gets the folder.
  fs().mkdirSync(dirname(file), { recursive: true });
  const tmp = join(dirname(file), `.${process.pid}.${Date.now()}.mcp-bridge.lock.tmp`);
  fs().writeFileSync(tmp, text);
  fs().renameSync(tmp, file);
}
